import type { ListServerlessBillingResponse } from "@/lib/schemas/billing";
import {
  JOB_RETENTION_MS,
  type EndpointLive,
  type JobSummary,
  type ListRequestsResponse,
} from "@/lib/schemas/jobs";
import {
  METRICS_BUCKETS,
  METRICS_WINDOW_MS,
  type EndpointMetrics,
  type MetricsWindow,
} from "@/lib/schemas/metrics";
import type {
  EndpointMetricsView,
  MetricsLimit,
  MetricsViewBucket,
} from "@/lib/schemas/metrics-view";

// Assembling the Metrics tab's answer, as pure functions of what the platform answered: the
// metrics API's series as they are, or the documented sources' readings cut into the same buckets.

/** The most jobs one `/requests` answer lists (its `limit` bound). */
export const REQUESTS_LIMIT = 200;
const HOUR_MS = 3_600_000;

/** The window's buckets as the platform cuts them: 60, ending with the one holding `now`. */
export function windowBuckets(window: MetricsWindow, now: number) {
  const bucketMs = METRICS_WINDOW_MS[window] / METRICS_BUCKETS;
  const to = (Math.floor(now / bucketMs) + 1) * bucketMs;
  return { bucketMs, from: to - METRICS_BUCKETS * bucketMs, to };
}

/** The metrics API's answer as the tab reads it (spend as its own series, nothing missing). */
export function fromPlatformMetrics(m: EndpointMetrics): EndpointMetricsView {
  return {
    endpointId: m.endpointId,
    window: m.window,
    from: m.from,
    to: m.to,
    now: m.now,
    bucketSeconds: m.bucketSeconds,
    source: "platform",
    fallbackReason: null,
    buckets: m.buckets.map(({ spend: _spend, ...b }) => b),
    spend: {
      bucketSeconds: m.bucketSeconds,
      points: m.buckets.map((b) => ({ start: b.start, usd: b.spend })),
    },
    limits: [],
  };
}

/** What a documented source answered: its body, or why it could not be read. */
export type Reading<T> = { ok: true; value: T } | { ok: false; detail: string };

export interface DocumentedSources {
  endpointId: string;
  window: MetricsWindow;
  now: number;
  /** Why the metrics API was not used. */
  fallbackReason: string;
  /** `/health` (or a load balancer's worker summary): workers and queue right now. */
  live: Reading<EndpointLive>;
  /** `/requests`: the newest jobs; null for a load balancer, which has no job queue. */
  requests: Reading<ListRequestsResponse> | null;
  /** `/v2/billing/serverless?serverlessId=&bucketSize=hour` over the window. */
  billing: Reading<ListServerlessBillingResponse>;
}

const OUTCOME = {
  COMPLETED: "completed",
  FAILED: "failed",
  CANCELLED: "cancelled",
  TIMED_OUT: "timedOut",
} as const;

/** Nearest-rank percentiles (the definition the platform documents), or null for no values. */
export function percentiles(values: readonly number[]) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * When a listed job ended, as well as `/requests` tells: its creation plus its queue delay and
 * execution time (a job cancelled in the queue reports neither: its creation).
 */
export const estimatedEnd = (job: JobSummary) =>
  Date.parse(job.createdAt) + (job.delayTime ?? 0) + (job.executionTime ?? 0);

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16) + " UTC";

/**
 * The tab's answer from the service's documented APIs only: outcomes and delay/execution
 * percentiles of the jobs `/requests` still lists, workers and queue depth of `/health` in the
 * bucket holding now, spend per hour from billing; no cold starts. Each chart it fills only
 * partly or not at all gets a limit saying why.
 */
export function fromDocumentedSources(s: DocumentedSources): EndpointMetricsView {
  const { bucketMs, from, to } = windowBuckets(s.window, s.now);
  const limits: MetricsLimit[] = [];
  const buckets: MetricsViewBucket[] = Array.from({ length: METRICS_BUCKETS }, (_, i) => ({
    start: new Date(from + i * bucketMs).toISOString(),
    requests: null,
    delayMs: null,
    executionMs: null,
    coldStarts: null,
    workers: null,
    queue: null,
  }));

  // Requests and latency: jobs ended in each bucket, where the list still covers it.
  if (s.requests === null) {
    const reason = "a load balancer has no job queue: its requests go straight to your server";
    limits.push({ chart: "requests", shown: "none", reason });
    limits.push({ chart: "latency", shown: "none", reason });
  } else if (!s.requests.ok) {
    const reason = `the job API's /requests could not be read (${s.requests.detail})`;
    limits.push({ chart: "requests", shown: "none", reason });
    limits.push({ chart: "latency", shown: "none", reason });
  } else {
    const jobs = s.requests.value.requests;
    const full = jobs.length >= s.requests.value.limit;
    // Older jobs are gone from the list: after the retention, or past the list's length.
    // (The job API keeps a `/run` job's result 30 minutes after it ends.)
    let coveredFrom = s.now - JOB_RETENTION_MS.async;
    if (full && jobs.length > 0)
      coveredFrom = Math.max(coveredFrom, Math.min(...jobs.map((j) => Date.parse(j.createdAt))));
    const ended = new Map<number, JobSummary[]>();
    for (const job of jobs) {
      if (!(job.status in OUTCOME)) continue;
      const end = estimatedEnd(job);
      if (end < from || end >= to) continue;
      const i = Math.floor((end - from) / bucketMs);
      ended.set(i, [...(ended.get(i) ?? []), job]);
    }
    buckets.forEach((b, i) => {
      if (from + i * bucketMs < coveredFrom) return;
      const inBucket = ended.get(i) ?? [];
      const requests = { completed: 0, failed: 0, cancelled: 0, timedOut: 0 };
      for (const job of inBucket) requests[OUTCOME[job.status as keyof typeof OUTCOME]] += 1;
      b.requests = requests;
      b.delayMs = percentiles(
        inBucket.flatMap((j) => (j.delayTime === undefined ? [] : [j.delayTime])),
      );
      b.executionMs = percentiles(
        inBucket.flatMap((j) => (j.executionTime === undefined ? [] : [j.executionTime])),
      );
    });
    if (coveredFrom > from) {
      const why = full
        ? `the job API's /requests lists only the newest ${jobs.length} jobs`
        : "the job API lists a job only 30 minutes after it ends";
      const reason = `${why}: nothing before ${clock(coveredFrom)} (each job placed at its creation plus its delay and execution time)`;
      limits.push({ chart: "requests", shown: "partly", reason });
      limits.push({ chart: "latency", shown: "partly", reason });
    }
  }

  limits.push({
    chart: "coldStarts",
    shown: "none",
    reason: "the job API does not report cold starts (the local platform's job timeline does)",
  });

  // Workers and queue: /health tells the present only.
  if (s.live.ok) {
    const last = buckets[buckets.length - 1]!;
    const { workers, jobs } = s.live.value;
    last.workers = {
      running: workers.running,
      idle: workers.idle,
      initializing: workers.initializing,
      throttled: workers.throttled,
      unhealthy: workers.unhealthy,
    };
    last.queue = jobs ? { inQueue: jobs.inQueue, inProgress: jobs.inProgress } : null;
    limits.push({
      chart: "workers",
      shown: "partly",
      reason:
        "/health tells workers and queue depth as they are now: the chart fills in from when this tab opened",
    });
  } else {
    limits.push({
      chart: "workers",
      shown: "none",
      reason: `/health could not be read (${s.live.detail})`,
    });
  }

  // Spend: billing's hours overlapping the window.
  let points: EndpointMetricsView["spend"]["points"] = [];
  if (s.billing.ok) {
    points = s.billing.value.records
      .filter((r) => Date.parse(r.endTime) > from && Date.parse(r.startTime) < to)
      .map((r) => ({ start: r.startTime, usd: Math.max(0, r.totalAmount) }))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    if (bucketMs < HOUR_MS)
      limits.push({
        chart: "spend",
        shown: "partly",
        reason: "billing counts spend per hour at the finest, so it is shown per hour",
      });
  } else {
    limits.push({
      chart: "spend",
      shown: "none",
      reason: `billing could not be read (${s.billing.detail})`,
    });
  }

  return {
    endpointId: s.endpointId,
    window: s.window,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    now: new Date(s.now).toISOString(),
    bucketSeconds: bucketMs / 1000,
    source: "documented",
    fallbackReason: s.fallbackReason,
    buckets,
    spend: { bucketSeconds: HOUR_MS / 1000, points },
    limits,
  };
}
