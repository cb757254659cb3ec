import { z } from "zod";
import { IsoDateTime } from "./common";

// Endpoint metrics aggregated by the local platform (`GET /_platform/endpoints/{id}/metrics`):
// a window cut into fixed buckets, each with request outcomes, delay and execution percentiles,
// cold starts, sampled workers by state and queue depth, and spend.

/** Time windows of the metrics view, each cut into METRICS_BUCKETS buckets. */
export const MetricsWindow = z.enum(["15m", "1h", "6h", "24h", "7d"]).meta({ id: "MetricsWindow" });
export type MetricsWindow = z.infer<typeof MetricsWindow>;

export const METRICS_BUCKETS = 60;

/** Each window's length in ms. */
export const METRICS_WINDOW_MS: Record<MetricsWindow, number> = {
  "15m": 15 * 60_000,
  "1h": 3_600_000,
  "6h": 6 * 3_600_000,
  "24h": 24 * 3_600_000,
  "7d": 7 * 24 * 3_600_000,
};

export const MetricsQuery = z.object({
  window: MetricsWindow.default("1h"),
});
export type MetricsQuery = z.infer<typeof MetricsQuery>;

const Percentiles = z
  .object({
    p50: z.number().nonnegative(),
    p95: z.number().nonnegative(),
    p99: z.number().nonnegative(),
  })
  .meta({ id: "MetricsPercentiles" });
export type MetricsPercentiles = z.infer<typeof Percentiles>;

const WorkerStates = z
  .object({
    running: z.number().nonnegative(),
    idle: z.number().nonnegative(),
    initializing: z.number().nonnegative(),
    throttled: z.number().nonnegative(),
    unhealthy: z.number().nonnegative(),
  })
  .meta({ id: "MetricsWorkerStates" });
export type MetricsWorkerStates = z.infer<typeof WorkerStates>;

export const MetricsBucket = z
  .object({
    /** Start of the bucket; it lasts `bucketSeconds`. */
    start: IsoDateTime,
    /** Jobs that ended in the bucket, by outcome. */
    requests: z.object({
      completed: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      cancelled: z.number().int().nonnegative(),
      timedOut: z.number().int().nonnegative(),
    }),
    /** Queue → start (ms) of the jobs that ended in the bucket; null when none started. */
    delayMs: Percentiles.nullable(),
    /** Start → end (ms) of the jobs that ended in the bucket; null when none ran. */
    executionMs: Percentiles.nullable(),
    /** Cold starts that ended in the bucket (from the job timeline's worker events). */
    coldStarts: z.object({
      count: z.number().int().nonnegative(),
      meanMs: z.number().nonnegative().nullable(),
      maxMs: z.number().nonnegative().nullable(),
    }),
    /** Mean of the worker samples taken in the bucket; null when none was taken. */
    workers: WorkerStates.nullable(),
    /** Mean queue depth (IN_QUEUE) and jobs in progress of the samples; null when none. */
    queue: z
      .object({ inQueue: z.number().nonnegative(), inProgress: z.number().nonnegative() })
      .nullable(),
    /** USD charged for the endpoint's workers in the bucket (billing's usage records). */
    spend: z.number().nonnegative(),
  })
  .meta({ id: "MetricsBucket" });
export type MetricsBucket = z.infer<typeof MetricsBucket>;

export const EndpointMetrics = z
  .object({
    endpointId: z.string(),
    window: MetricsWindow,
    from: IsoDateTime,
    to: IsoDateTime,
    /** The platform clock when the answer was made (within the last bucket). */
    now: IsoDateTime,
    bucketSeconds: z.number().int().positive(),
    /** Largest relative error of a reported percentile (log-scale histogram bins). */
    percentileRelativeError: z.number().nonnegative(),
    /** Seconds between worker and queue samples while the platform runs. */
    sampleSeconds: z.number().positive(),
    buckets: z.array(MetricsBucket),
  })
  .meta({ id: "EndpointMetrics" });
export type EndpointMetrics = z.infer<typeof EndpointMetrics>;
