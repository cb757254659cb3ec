"use client";

import { usd } from "@/components/forms/format";
import { StatusDot } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { useEndpointHealth } from "@/lib/queries/endpoints";
import { useEndpointMetrics } from "@/lib/queries/metrics";
import type { Endpoint } from "@/lib/schemas/endpoints";
import type { EndpointMetricsView } from "@/lib/schemas/metrics-view";
import { liveCost, liveStatus } from "./endpoint-live";
import { useWorkerPrice } from "./endpoint-prices";
import { Sparkline, trendLabel } from "./sparkline";

const NO_QUEUE = "Load balancers have no job queue: HTTP goes straight to a worker's server";

/** Each live number's last 15 minutes, from the metrics' 15 min window (a value per 15 s). */
function trends(m: EndpointMetricsView | undefined) {
  if (!m) return null;
  const spendPerSecond =
    m.spend.bucketSeconds === m.bucketSeconds
      ? m.spend.points.map((p) => p.usd / m.spend.bucketSeconds)
      : [];
  return {
    cost: spendPerSecond,
    running: m.buckets.map((b) => b.workers?.running ?? null),
    inProgress: m.buckets.map((b) => b.queue?.inProgress ?? null),
    inQueue: m.buckets.map((b) => b.queue?.inQueue ?? null),
  };
}

const count = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/**
 * Name, id, and the live numbers (polled): status, $/s, workers, jobs in progress and queued,
 * each with a sparkline of its last 15 minutes.
 */
export function EndpointHeader({ endpoint }: { endpoint: Endpoint }) {
  const health = useEndpointHealth(endpoint.id);
  const trend = trends(useEndpointMetrics(endpoint.id, "15m", { refetchInterval: 15_000 }).data);
  const price = useWorkerPrice(endpoint.gpu);
  const h = health.data;
  const cost = h ? liveCost(price, h) : null;
  const status = h ? liveStatus(h) : null;

  return (
    <header className="mb-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{endpoint.name}</h1>
        {status && <StatusDot tone={status.tone} label={status.word} pulse={status.pulse} />}
      </div>
      <p className="mt-1 flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
        <span className="font-mono">{endpoint.id}</span>
        <CopyButton value={endpoint.id} label="Copy id" />
      </p>
      <div
        role="group"
        aria-label="Live"
        aria-live="polite"
        className="mt-3 grid max-w-3xl grid-cols-2 gap-3 text-sm sm:grid-cols-4"
      >
        <Stat
          label="Cost now"
          value={cost ? `≈ ${usd(cost.perSecond)}/s` : h ? "—" : "…"}
          title={
            cost ? `${cost.billed} worker(s) × ${usd(cost.perWorker)}/s on ${cost.pool}` : undefined
          }
          trend={trend?.cost}
          format={(v) => `${usd(v)}/s`}
        />
        <Stat
          label="Running workers"
          value={h ? `${h.workers.running}` : "…"}
          title={
            h
              ? `${h.workers.idle} idle, ${h.workers.initializing} initializing, ${h.workers.throttled} throttled, ${h.workers.unhealthy} unhealthy`
              : undefined
          }
          trend={trend?.running}
        />
        <Stat
          label="Jobs in progress"
          value={h ? (h.jobs ? `${h.jobs.inProgress}` : "—") : "…"}
          title={h && !h.jobs ? NO_QUEUE : undefined}
          trend={h?.jobs ? trend?.inProgress : undefined}
        />
        <Stat
          label="Jobs queued"
          value={h ? (h.jobs ? `${h.jobs.inQueue}` : "—") : "…"}
          title={h && !h.jobs ? NO_QUEUE : undefined}
          trend={h?.jobs ? trend?.inQueue : undefined}
        />
      </div>
      {health.isError && (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
          Live numbers unavailable: {health.error.detail}
        </p>
      )}
    </header>
  );
}

/** A named group holding its own one-term <dl>: a group role inside a <dl> would break its list semantics. */
function Stat({
  label,
  value,
  title,
  trend,
  format = count,
}: {
  label: string;
  value: string;
  title?: string;
  /** The last 15 minutes, oldest first (null: no sample). */
  trend?: readonly (number | null)[];
  format?: (v: number) => string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="rounded-md border border-neutral-200 px-3 py-2 dark:border-neutral-800"
    >
      <dl>
        <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
        <dd className="flex items-center justify-between gap-2 font-mono text-base">
          <span title={title} className="whitespace-nowrap">
            {value}
          </span>
          {trend && <Sparkline values={trend} label={trendLabel(trend, format)} />}
        </dd>
      </dl>
    </div>
  );
}
