"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { endpointTabHref } from "@/components/endpoints/endpoint-tabs";
import { Loading, LoadError } from "@/components/forms/query-states";
import { cx } from "@/components/ui/cx";
import { METRICS_POLL_MS, useEndpointMetrics } from "@/lib/queries/metrics";
import type { MetricsWindow } from "@/lib/schemas/metrics";
import type { EndpointMetricsView, MetricsChart } from "@/lib/schemas/metrics-view";
import { metricCharts, WINDOW_LABELS, type ChartSpec } from "./metric-charts";
import { TimeChart } from "./time-chart";

const WINDOWS = Object.keys(WINDOW_LABELS) as MetricsWindow[];

const CHART_NAMES: Record<MetricsChart, string> = {
  requests: "Requests by outcome",
  latency: "Delay and execution time",
  coldStarts: "Cold starts",
  workers: "Workers and queue depth",
  spend: "Spend",
};

/** `?window=` of the URL, 1 h unless it names one of the windows. */
export function metricsWindow(raw: string | null): MetricsWindow {
  return WINDOWS.find((w) => w === raw) ?? "1h";
}

/**
 * The endpoint's Metrics tab (`/serverless/<id>/metrics?window=15m|1h|6h|24h|7d`): requests by outcome,
 * delay and execution percentiles, cold starts, workers by state with queue depth, and spend,
 * read again every few seconds while it is open. Loaded on demand with its chart library.
 */
export function MetricsPanel({ id: endpointId }: { id: string }) {
  const window = metricsWindow(useSearchParams().get("window"));
  const query = useEndpointMetrics(endpointId, window);
  const href = (w: MetricsWindow) => `${endpointTabHref(endpointId, "metrics")}?window=${w}`;

  return (
    <section aria-labelledby="metrics-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="metrics-heading" className="text-base font-semibold">
            Metrics of the last {WINDOW_LABELS[window]}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-neutral-700 dark:text-neutral-300">
            60 intervals, the newest on the right; read again every {METRICS_POLL_MS[window] / 1000}{" "}
            s while this tab is open. Hover a chart, or focus it and use the arrow keys, to read
            every series at one interval.
          </p>
        </div>
        <nav aria-label="Time window">
          <ul className="flex overflow-hidden rounded-md border border-neutral-300 text-sm dark:border-neutral-700">
            {WINDOWS.map((w) => (
              <li key={w}>
                <Link
                  href={href(w)}
                  scroll={false}
                  replace
                  aria-current={w === window ? "page" : undefined}
                  className={cx(
                    "inline-block px-3 py-1.5 font-medium",
                    w === window
                      ? "bg-violet-700 text-white dark:bg-violet-300 dark:text-neutral-950"
                      : "text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800",
                  )}
                >
                  {WINDOW_LABELS[w]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {query.isPending ? (
        <Loading what="the metrics" />
      ) : query.isError ? (
        <LoadError what="the metrics" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <MetricsBody metrics={query.data} />
      )}
    </section>
  );
}

function MetricsBody({ metrics }: { metrics: EndpointMetricsView }) {
  const charts = metricCharts(metrics);
  return (
    <>
      {metrics.source === "documented" && <SourceNote metrics={metrics} />}
      <div className="grid gap-4 xl:grid-cols-2">
        {charts.map((c) => (
          <ChartSlot key={c.props.title} chart={c} />
        ))}
      </div>
    </>
  );
}

/** What the documented sources could not give, chart by chart. */
function SourceNote({ metrics }: { metrics: EndpointMetricsView }) {
  const none = metrics.limits.filter((l) => l.shown === "none");
  return (
    <div
      role="note"
      aria-label="What this platform cannot show"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <p>
        On this platform the metrics API isn&apos;t available:{" "}
        {none.length > 0
          ? `${none.map((l) => CHART_NAMES[l.chart].toLowerCase()).join(", ")} cannot be shown, and the other charts`
          : "these charts"}{" "}
        come from the documented APIs only (the job API&apos;s /requests and /health, billing).
      </p>
      <p className="mt-1 text-xs">Why: {metrics.fallbackReason}.</p>
      <ul className="mt-1 list-disc pl-5">
        {metrics.limits.map((l) => (
          <li key={l.chart}>
            {CHART_NAMES[l.chart]}: {l.shown === "none" ? "cannot be shown" : "shown in part"} —{" "}
            {l.reason}.
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChartSlot({ chart }: { chart: ChartSpec & { hasData: boolean } }) {
  const { limit, props } = chart;
  if (limit?.shown === "none" || !chart.hasData)
    return (
      <figure className="flex min-h-40 flex-col rounded-lg border border-dashed border-neutral-300 p-3 dark:border-neutral-700">
        <figcaption className="text-sm font-semibold">{props.title}</figcaption>
        <p className="m-auto max-w-sm py-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
          {limit?.shown === "none"
            ? `Cannot be shown on this platform: ${limit.reason}.`
            : chart.empty}
        </p>
      </figure>
    );
  return (
    <div>
      <TimeChart {...props} />
      {limit && (
        <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
          Shown in part: {limit.reason}.
        </p>
      )}
    </div>
  );
}
