import { usd } from "@/components/forms/format";
import type { MetricsWindow } from "@/lib/schemas/metrics";
import type {
  EndpointMetricsView,
  MetricsChart,
  MetricsLimit,
  MetricsViewBucket,
} from "@/lib/schemas/metrics-view";
import type { ChartSeries, TimeChartProps } from "./time-chart";

// The Metrics tab's six charts, as data for TimeChart: which series, colours, axes and units.

export const WINDOW_LABELS: Record<MetricsWindow, string> = {
  "15m": "15 min",
  "1h": "1 h",
  "6h": "6 h",
  "24h": "24 h",
  "7d": "7 d",
};

// Colours per theme: darker tones on white, lighter on the dark background.
const C = {
  green: { light: "#15803d", dark: "#4ade80" },
  red: { light: "#b91c1c", dark: "#f87171" },
  grey: { light: "#737373", dark: "#a3a3a3" },
  amber: { light: "#b45309", dark: "#fbbf24" },
  violet: { light: "#6d28d9", dark: "#a78bfa" },
  sky: { light: "#0369a1", dark: "#38bdf8" },
  pink: { light: "#be185d", dark: "#f472b6" },
  ink: { light: "#171717", dark: "#f5f5f5" },
};

/** "350 ms", "1.2 s", "2.5 min". */
export function ms(v: number): string {
  if (v < 1000) return `${Math.round(v)} ms`;
  if (v < 60_000) return `${(v / 1000).toFixed(v < 10_000 ? 2 : 1).replace(/\.?0+$/, "")} s`;
  return `${(v / 60_000).toFixed(1).replace(/\.0$/, "")} min`;
}

/** Counts; the means of worker samples may be fractional. */
export function count(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

const per = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;

/** How an interval reads: times for short windows, with the date for a day or a week. */
export function intervalLabeller(intervalMs: number, withDate: boolean) {
  const time = (at: number) =>
    new Date(at).toLocaleTimeString("en", {
      hour: "2-digit",
      minute: "2-digit",
      second: intervalMs < 60_000 ? "2-digit" : undefined,
      hour12: false,
    });
  const day = (at: number) =>
    new Date(at).toLocaleDateString("en", { month: "short", day: "numeric" });
  return (start: number) =>
    `${withDate ? `${day(start)} ` : ""}${time(start)}–${time(start + intervalMs)}`;
}

/** Time ticks: hours and minutes, or the day on a week's window. */
export function tickLabeller(days: boolean) {
  return (at: number) =>
    days
      ? new Date(at).toLocaleDateString("en", { month: "short", day: "numeric" })
      : new Date(at).toLocaleTimeString("en", {
          hour: "2-digit",
          minute: "2-digit",
          hour12: false,
        });
}

export interface ChartSpec {
  id: MetricsChart;
  /** The limit that applies to this chart (documented sources), if any. */
  limit: MetricsLimit | undefined;
  /** Said instead of an empty chart. */
  empty: string;
  props: TimeChartProps;
}

function hasData(series: readonly ChartSeries[]) {
  return series.some((s) => s.values.some((v) => v !== null && v > 0));
}

/** Every chart of the tab from one answer; `hasData` false means it shows its `empty` line. */
export function metricCharts(m: EndpointMetricsView): (ChartSpec & { hasData: boolean })[] {
  const intervalMs = m.bucketSeconds * 1000;
  const starts = m.buckets.map((b) => Date.parse(b.start));
  const range = [Date.parse(m.from), Date.parse(m.to)] as const;
  const withDate = m.window === "24h" || m.window === "7d";
  const intervalLabel = intervalLabeller(intervalMs, withDate);
  const limitOf = (chart: MetricsChart) => m.limits.find((l) => l.chart === chart);
  const of = (f: (b: MetricsViewBucket) => number | null | undefined) =>
    m.buckets.map((b) => f(b) ?? null);
  const tickLabel = tickLabeller(m.window === "7d");
  const base = { starts, intervalMs, range, intervalLabel, tickLabel };
  const interval = per(m.bucketSeconds);

  const latency = (
    title: string,
    axis: string,
    pick: (b: MetricsViewBucket) => MetricsViewBucket["delayMs"],
  ) =>
    ({
      ...base,
      title,
      left: { label: axis, format: ms },
      series: (["p50", "p95", "p99"] as const).map((p, i) => ({
        label: p,
        color: [C.violet, C.sky, C.pink][i]!,
        kind: "line" as const,
        values: of((b) => pick(b)?.[p]),
      })),
    }) satisfies TimeChartProps;

  const spendStarts = m.spend.points.map((p) => Date.parse(p.start));
  const spendMs = m.spend.bucketSeconds * 1000;
  const charts: Omit<ChartSpec, "limit">[] = [
    {
      id: "requests",
      empty: "No request ended in this window.",
      props: {
        ...base,
        title: "Requests per interval, by outcome",
        left: { label: `requests per ${interval}`, format: count, integer: true },
        series: (
          [
            ["Completed", C.green, "completed"],
            ["Failed", C.red, "failed"],
            ["Cancelled", C.grey, "cancelled"],
            ["Timed out", C.amber, "timedOut"],
          ] as const
        ).map(([label, color, key]) => ({
          label,
          color,
          kind: "bar" as const,
          values: of((b) => b.requests?.[key]),
        })),
      },
    },
    {
      id: "latency",
      empty: "No job ran in this window: no delay to show.",
      props: latency("Delay time (queue → start), p50 / p95 / p99", "delay", (b) => b.delayMs),
    },
    {
      id: "latency",
      empty: "No job ran in this window: no execution time to show.",
      props: latency(
        "Execution time (start → end), p50 / p95 / p99",
        "execution time",
        (b) => b.executionMs,
      ),
    },
    {
      id: "coldStarts",
      empty: "No cold start in this window.",
      props: {
        ...base,
        title: "Cold starts: count and duration",
        left: { label: `cold starts per ${interval}`, format: count, integer: true },
        right: { label: "duration", format: ms },
        series: [
          {
            label: "Cold starts",
            color: C.violet,
            kind: "bar",
            values: of((b) => b.coldStarts?.count),
          },
          {
            label: "Mean duration",
            color: C.sky,
            kind: "line",
            right: true,
            values: of((b) => b.coldStarts?.meanMs),
          },
          {
            label: "Max duration",
            color: C.pink,
            kind: "line",
            right: true,
            values: of((b) => b.coldStarts?.maxMs),
          },
        ],
      },
    },
    {
      id: "workers",
      empty: "No worker and no queued job in this window.",
      props: {
        ...base,
        title: "Workers by state and queue depth",
        left: { label: "workers / jobs", format: count },
        series: [
          ...(
            [
              ["Running", C.green, "running"],
              ["Idle", C.sky, "idle"],
              ["Initializing", C.violet, "initializing"],
              ["Throttled", C.amber, "throttled"],
              ["Unhealthy", C.red, "unhealthy"],
            ] as const
          ).map(([label, color, key]) => ({
            label,
            color,
            kind: "bar" as const,
            values: of((b) => b.workers?.[key]),
          })),
          {
            label: "In queue",
            color: C.ink,
            kind: "line" as const,
            values: of((b) => b.queue?.inQueue),
          },
        ],
      },
    },
    {
      id: "spend",
      empty: "Nothing spent in this window.",
      props: {
        starts: spendStarts,
        intervalMs: spendMs,
        range: [
          Math.min(range[0], ...spendStarts),
          Math.max(range[1], ...spendStarts.map((s) => s + spendMs)),
        ],
        intervalLabel: intervalLabeller(spendMs, withDate || spendMs >= 3_600_000),
        tickLabel,
        title: "Spend per interval",
        left: { label: `USD per ${per(m.spend.bucketSeconds)}`, format: usd },
        series: [
          {
            label: "Spend",
            color: C.violet,
            kind: "bar",
            values: m.spend.points.map((p) => p.usd),
          },
        ],
      },
    },
  ];
  return charts.map((c) => ({
    ...c,
    limit: limitOf(c.id),
    hasData: hasData(c.props.series),
  }));
}
