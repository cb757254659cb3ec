"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useDarkTheme } from "./use-dark-theme";

/** A colour per theme: the plot is a canvas, so it cannot follow the page's CSS by itself. */
export interface ThemeColor {
  light: string;
  dark: string;
}

export interface ChartSeries {
  label: string;
  color: ThemeColor;
  /** The values the read-out and the data table show, one per interval (null: no value). */
  values: readonly (number | null)[];
  /** Bars stack in the order given (the first at the bottom); lines are drawn over them. */
  kind: "bar" | "line";
  /** The right-hand axis (a second unit), instead of the left one. */
  right?: boolean;
}

export interface ChartAxis {
  /** The axis title, with its unit unless the tick labels carry it ("requests per 15 s"). */
  label: string;
  format: (value: number) => string;
  /** Counts: ticks on whole numbers only. */
  integer?: boolean;
}

export interface TimeChartProps {
  title: string;
  /** Start of each interval, epoch ms; every interval lasts `intervalMs`. */
  starts: readonly number[];
  intervalMs: number;
  /** What the x axis spans, epoch ms. */
  range: readonly [number, number];
  series: readonly ChartSeries[];
  left: ChartAxis;
  right?: ChartAxis;
  /** Says how the intervals read in words ("12:03:00–12:03:15"). */
  intervalLabel: (start: number) => string;
  /** A time tick's label (epoch ms): "12:05", or "Jun 3" on a week. */
  tickLabel: (at: number) => string;
}

const AXIS = { light: "#525252", dark: "#a3a3a3" };
const GRID = { light: "#e5e5e5", dark: "#262626" };
const HEIGHT = 220;
/** Tick steps of a count axis: whole numbers only. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000];

/**
 * A time chart on uPlot (canvas) with what a canvas lacks: a read-out of every series at the
 * hovered interval (the latest one otherwise), keyboard use (the plot is a slider over the
 * intervals: ←/→, Home/End, PageUp/PageDown, its value text the read-out), and the data as a
 * table behind a "Show data table" disclosure.
 */
export function TimeChart(props: TimeChartProps) {
  const { title, starts, intervalMs, range, series, left, right, intervalLabel, tickLabel } = props;
  const dark = useDarkTheme();
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const readoutId = useId();

  // Drawn data in uPlot's shape: x in seconds at each interval's middle, so a bar covers it.
  const xs = starts.map((s) => (s + intervalMs / 2) / 1000);
  const plotted = stackBars(series);
  const data: uPlot.AlignedData = [xs, ...plotted.map((p) => p.drawn)];
  const dataRef = useRef(data);
  dataRef.current = data;
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const shape = `${plotted.map(({ s }) => `${s.label}/${s.kind}/${s.right ? 1 : 0}`).join(",")}|${left.label}|${right?.label ?? ""}`;

  // The plot itself: made again when the theme or the series change, fed new data otherwise.
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const theme = dark ? "dark" : "light";
    const axis = (side: 1 | 3, a: ChartAxis, scale: string): uPlot.Axis => ({
      scale,
      side,
      label: a.label,
      labelSize: 18,
      size: 64,
      stroke: AXIS[theme],
      grid: { show: side === 3, stroke: GRID[theme], width: 1 },
      ticks: { stroke: GRID[theme], width: 1 },
      values: (_u, splits) => splits.map((v) => a.format(v)),
      ...(a.integer ? { incrs: COUNT_STEPS } : {}),
    });
    const bars = uPlot.paths.bars!({ size: [0.8, 48], align: 0 });
    const u = new uPlot(
      {
        width: Math.max(el.clientWidth, 280),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 7 } },
        scales: {
          x: { time: true, range: () => [rangeRef.current[0] / 1000, rangeRef.current[1] / 1000] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          r: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            stroke: AXIS[theme],
            grid: { stroke: GRID[theme], width: 1 },
            ticks: { stroke: GRID[theme], width: 1 },
            label: "time (local)",
            labelSize: 18,
            values: (_u, splits) => splits.map((v) => tickLabel(v * 1000)),
          },
          axis(3, left, "y"),
          ...(right ? [axis(1, right, "r")] : []),
        ],
        series: [
          {},
          ...plotted.map<uPlot.Series>(({ s }) => ({
            label: s.label,
            scale: s.right ? "r" : "y",
            stroke: s.color[theme],
            width: s.kind === "bar" ? 0 : 2,
            fill: s.kind === "bar" ? s.color[theme] : undefined,
            paths: s.kind === "bar" ? bars : undefined,
            // Points on lines: an interval between two without data would draw nothing.
            points: s.kind === "line" ? { show: true, size: 5 } : { show: false },
            spanGaps: false,
          })),
        ],
        hooks: { setCursor: [(p) => setCursor(p.cursor.idx ?? null)] },
      },
      dataRef.current,
      el,
    );
    plot.current = u;
    const resize = new ResizeObserver(() =>
      u.setSize({ width: Math.max(el.clientWidth, 280), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // `shape` stands for the series and axes; new data alone goes through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dark, shape]);

  useEffect(() => {
    plot.current?.setData(data);
    // `data` is a new array each render; its content changes with the answer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(data), range[0], range[1]]);

  const last = starts.length - 1;
  const shown = cursor ?? last;
  const readout = series.map((s) => ({ label: s.label, color: s.color, value: s.values[shown] }));
  const format = (s: ChartSeries, v: number | null | undefined) =>
    v === null || v === undefined ? "—" : (s.right && right ? right : left).format(v);
  const when = shown >= 0 ? intervalLabel(starts[shown]!) : "";
  const valueText = `${when}: ${series.map((s) => `${s.label} ${format(s, s.values[shown])}`).join(", ")}`;

  /** Moves the plot's cursor to an interval (the hover read-out follows through setCursor). */
  const moveTo = (i: number) => {
    const u = plot.current;
    const x = xs[i];
    if (!u || x === undefined) return;
    u.setCursor({ left: u.valToPos(x, "x"), top: u.bbox.height / uPlot.pxRatio / 2 });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step: Record<string, number> = {
      ArrowLeft: -1,
      ArrowDown: -1,
      ArrowRight: 1,
      ArrowUp: 1,
      PageDown: -10,
      PageUp: 10,
    };
    let next: number | null = null;
    if (e.key === "Home") next = 0;
    else if (e.key === "End") next = last;
    else if (e.key in step) next = Math.min(last, Math.max(0, shown + step[e.key]!));
    if (next === null) return;
    e.preventDefault();
    moveTo(next);
  };

  return (
    <figure className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div
        ref={holder}
        role="slider"
        tabIndex={0}
        aria-label={`${title}: interval`}
        aria-valuemin={0}
        aria-valuemax={Math.max(last, 0)}
        aria-valuenow={Math.max(shown, 0)}
        aria-valuetext={valueText}
        onKeyDown={onKeyDown}
        onFocus={() => cursor === null && moveTo(last)}
        className="mt-2 min-h-[220px] w-full rounded outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 dark:focus-visible:ring-violet-400 dark:focus-visible:ring-offset-neutral-950"
      />
      <div id={readoutId} role="group" aria-label={`${title}: read-out`} className="mt-2 text-sm">
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          {cursor === null ? "Latest" : "At"} {when}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {readout.map((r, i) => (
            <div key={r.label} className="flex items-center gap-1.5">
              <dt className="flex items-center gap-1.5 text-neutral-700 dark:text-neutral-300">
                <span
                  aria-hidden
                  className="inline-block h-2.5 w-2.5 rounded-sm"
                  style={{ backgroundColor: dark ? r.color.dark : r.color.light }}
                />
                {r.label}
              </dt>
              <dd className="font-mono">{format(series[i]!, r.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-violet-700 dark:text-violet-300">
          Show data table
        </summary>
        <div
          role="region"
          aria-label={`${title}: data`}
          tabIndex={0}
          className="mt-2 max-h-80 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Table>
            <caption className="sr-only">{title}</caption>
            <THead>
              <tr>
                <Th>Interval</Th>
                {series.map((s) => (
                  <Th key={s.label}>{s.label}</Th>
                ))}
              </tr>
            </THead>
            <TBody>
              {starts.map((start, i) => (
                <Tr key={start}>
                  <Th scope="row" className="font-normal normal-case tracking-normal">
                    {intervalLabel(start)}
                  </Th>
                  {series.map((s) => (
                    <Td key={s.label} className="font-mono">
                      {format(s, s.values[i])}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}

/**
 * What uPlot draws: bars as running sums, the top of the stack first so each lower bar paints
 * over the one above it (a stack without stacking code), then the lines as they are.
 */
function stackBars(series: readonly ChartSeries[]) {
  const bars = series.filter((s) => s.kind === "bar");
  const sums: (number | null)[][] = [];
  bars.forEach((s, k) =>
    sums.push(
      s.values.map((v, i) => (v === null ? null : v + (k > 0 ? (sums[k - 1]![i] ?? 0) : 0))),
    ),
  );
  return [
    ...bars.map((s, k) => ({ s, drawn: sums[k]! })).reverse(),
    ...series.filter((s) => s.kind === "line").map((s) => ({ s, drawn: [...s.values] })),
  ];
}
