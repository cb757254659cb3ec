"use client";

import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { timeTicks, valueTicks } from "@/lib/chart-ticks";
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

const HEIGHT = 220;
/** Room around the plot area for the axes: tick labels and the axis titles. */
const MARGIN = { top: 10, bottom: 40, side: 68, bare: 12 };
/** The widest a bar gets, px, and the share of its interval it covers. */
const BAR = { max: 48, share: 0.8 };

/**
 * A time chart drawn as SVG — stacked bars and lines over 60 intervals, a left and an optional
 * right axis — with a read-out of every series at the hovered interval (the latest one otherwise),
 * keyboard use (the plot is a slider over the intervals: ←/→, Home/End, PageUp/PageDown, its value
 * text the read-out), and the data as a table behind a "Show data table" disclosure. Axis ticks
 * are d3's choices (`lib/chart-ticks`, checked against d3 in its tests); the drawing is plain SVG,
 * which follows the page's theme through CSS and needs no chart library on the page.
 */
export function TimeChart(props: TimeChartProps) {
  const { title, starts, series, left, right, intervalLabel } = props;
  const dark = useDarkTheme();
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [cursor, setCursor] = useState<number | null>(null);
  const readoutId = useId();

  // The plot is as wide as its holder (measured; the SVG's text keeps its size).
  useLayoutEffect(() => {
    const el = holder.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(el.clientWidth, 280));
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  const last = starts.length - 1;
  const shown = cursor ?? last;
  const readout = series.map((s) => ({ label: s.label, color: s.color, value: s.values[shown] }));
  const format = (s: ChartSeries, v: number | null | undefined) =>
    v === null || v === undefined ? "—" : (s.right && right ? right : left).format(v);
  const when = shown >= 0 ? intervalLabel(starts[shown]!) : "";
  const valueText = `${when}: ${series.map((s) => `${s.label} ${format(s, s.values[shown])}`).join(", ")}`;

  /** Moves the cursor to an interval (the read-out follows). */
  const moveTo = (i: number) => setCursor(i);
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
      >
        <Plot {...props} width={width} dark={dark} cursor={cursor} onCursor={setCursor} />
      </div>
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

/** Each bar's bottom and top (bars stack in the order given), null where it has no value. */
export function stackBars(series: readonly ChartSeries[]) {
  const below: number[] = [];
  return series
    .filter((s) => s.kind === "bar")
    .map((s) => ({
      s,
      spans: s.values.map((v, i) => {
        if (v === null) return null;
        const from = below[i] ?? 0;
        below[i] = from + v;
        return [from, from + v] as const;
      }),
    }));
}

/** The top of an axis: 10 % above the highest value drawn on it, 1 when nothing is above 0. */
function axisTop(values: Iterable<number | null>): number {
  let max = 0;
  for (const v of values) if (v !== null && v > max) max = v;
  return max > 0 ? max * 1.1 : 1;
}

/** An axis's ticks from 0 to `top` (whole numbers only on a count axis). */
function axisTicks(axis: ChartAxis, top: number): number[] {
  const all = valueTicks(0, top, 5);
  const kept = axis.integer ? all.filter(Number.isInteger) : all;
  return kept.length > 1 ? kept : [0, ...(axis.integer ? [Math.max(1, Math.floor(top))] : [top])];
}

/** `d` of a line through the values, broken where one is missing. */
function linePath(points: readonly ([number, number] | null)[]): string {
  let d = "";
  let open = false;
  for (const p of points) {
    if (!p) {
      open = false;
      continue;
    }
    d += `${open ? "L" : "M"}${p[0].toFixed(1)} ${p[1].toFixed(1)}`;
    open = true;
  }
  return d;
}

const axisText = "fill-neutral-600 text-[11px] dark:fill-neutral-400";
const gridLine = "stroke-neutral-200 dark:stroke-neutral-800";

/** The drawing: grid, axes, bars, lines and the hovered interval. Decorative to assistive tech. */
function Plot({
  starts,
  intervalMs,
  range,
  series,
  left,
  right,
  tickLabel,
  width,
  dark,
  cursor,
  onCursor,
}: TimeChartProps & {
  width: number;
  dark: boolean;
  cursor: number | null;
  onCursor: (i: number | null) => void;
}) {
  const x0 = MARGIN.side;
  const x1 = width - (right ? MARGIN.side : MARGIN.bare);
  const y0 = HEIGHT - MARGIN.bottom;
  const y1 = MARGIN.top;
  const span = Math.max(range[1] - range[0], 1);
  const x = (t: number) => x0 + ((t - range[0]) / span) * (x1 - x0);
  const bars = stackBars(series);
  const onLeft = (s: ChartSeries) => !(s.right && right);
  const lines = series.filter((s) => s.kind === "line");
  const leftTop = axisTop([
    ...bars.flatMap((b) => b.spans.map((sp) => sp?.[1] ?? null)),
    ...lines.filter(onLeft).flatMap((s) => s.values),
  ]);
  const rightTop = axisTop(lines.filter((s) => !onLeft(s)).flatMap((s) => s.values));
  const y = (v: number, top: number) => y0 - (v / top) * (y0 - y1);
  const colour = (s: ChartSeries) => (dark ? s.color.dark : s.color.light);
  const barWidth = Math.min(BAR.max, ((x1 - x0) * intervalMs * BAR.share) / span);
  const mid = (i: number) => x(starts[i]! + intervalMs / 2);

  /** The interval under the pointer (by time, so gaps and the range's ends map right). */
  const onPointerMove = (e: PointerEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const t = range[0] + ((e.clientX - box.left) / box.width) * span;
    const i = Math.floor((t - (starts[0] ?? range[0])) / intervalMs);
    onCursor(Math.min(starts.length - 1, Math.max(0, i)));
  };

  return (
    <svg width={width} height={HEIGHT} aria-hidden className="block max-w-full overflow-visible">
      {axisTicks(left, leftTop).map((v) => (
        <g key={`l${v}`}>
          <line x1={x0} x2={x1} y1={y(v, leftTop)} y2={y(v, leftTop)} className={gridLine} />
          <text x={x0 - 6} y={y(v, leftTop)} dy="0.32em" textAnchor="end" className={axisText}>
            {left.format(v)}
          </text>
        </g>
      ))}
      {right &&
        axisTicks(right, rightTop).map((v) => (
          <text key={`r${v}`} x={x1 + 6} y={y(v, rightTop)} dy="0.32em" className={axisText}>
            {right.format(v)}
          </text>
        ))}
      {timeTicks(range[0], range[1], Math.max(2, Math.floor(width / 110))).map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={y1} y2={y0} className={gridLine} />
          <text x={x(t)} y={y0 + 16} textAnchor="middle" className={axisText}>
            {tickLabel(t)}
          </text>
        </g>
      ))}
      <text x={(x0 + x1) / 2} y={HEIGHT - 4} textAnchor="middle" className={axisText}>
        time (local)
      </text>
      <text
        transform={`translate(12 ${(y0 + y1) / 2}) rotate(-90)`}
        textAnchor="middle"
        className={axisText}
      >
        {left.label}
      </text>
      {right && (
        <text
          transform={`translate(${width - 8} ${(y0 + y1) / 2}) rotate(-90)`}
          textAnchor="middle"
          className={axisText}
        >
          {right.label}
        </text>
      )}
      <line
        x1={x0}
        x2={x1}
        y1={y0}
        y2={y0}
        className="stroke-neutral-400 dark:stroke-neutral-600"
      />
      {bars.map(({ s, spans }) => (
        <g key={s.label} fill={colour(s)}>
          {spans.map((sp, i) =>
            sp && sp[1] > sp[0] ? (
              <rect
                key={starts[i]}
                x={mid(i) - barWidth / 2}
                width={barWidth}
                y={y(sp[1], leftTop)}
                height={y(sp[0], leftTop) - y(sp[1], leftTop)}
              />
            ) : null,
          )}
        </g>
      ))}
      {lines.map((s) => {
        const top = onLeft(s) ? leftTop : rightTop;
        const points = s.values.map((v, i) =>
          v === null ? null : ([mid(i), y(v, top)] as [number, number]),
        );
        return (
          <g key={s.label} stroke={colour(s)} fill={colour(s)}>
            <path d={linePath(points)} fill="none" strokeWidth={2} strokeLinejoin="round" />
            {/* Points too: an interval between two without data would draw nothing. */}
            {points.map((p, i) =>
              p ? <circle key={starts[i]} cx={p[0]} cy={p[1]} r={i === cursor ? 3.5 : 2} /> : null,
            )}
          </g>
        );
      })}
      {cursor !== null && starts[cursor] !== undefined && (
        <line
          x1={mid(cursor)}
          x2={mid(cursor)}
          y1={y1}
          y2={y0}
          strokeDasharray="3 3"
          className="stroke-neutral-500"
        />
      )}
      <rect
        data-plot-area=""
        x={x0}
        y={y1}
        width={Math.max(x1 - x0, 0)}
        height={y0 - y1}
        fill="transparent"
        onPointerMove={onPointerMove}
        onPointerLeave={() => onCursor(null)}
      />
    </svg>
  );
}
