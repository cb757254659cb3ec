import { z } from "zod";
import { IsoDateTime } from "./common";
import { MetricsWindow } from "./metrics";

// The console's answer for an endpoint's Metrics tab and header sparklines
// (`GET /api/serverless/{id}/metrics?window=`): the platform's own series when its metrics API
// answers (the local platform), otherwise what the documented sources give (the job API's
// `/health` and `/requests`, billing), with a line per chart it could fill only partly or not
// at all. Console-only: not part of the platform's contract (not in ./index).

/** The charts of the Metrics tab. */
export const MetricsChart = z.enum(["requests", "latency", "coldStarts", "workers", "spend"]);
export type MetricsChart = z.infer<typeof MetricsChart>;

const Percentiles = z.object({
  p50: z.number().nonnegative(),
  p95: z.number().nonnegative(),
  p99: z.number().nonnegative(),
});

export const MetricsViewBucket = z.object({
  /** Start of the bucket; it lasts the answer's `bucketSeconds`. */
  start: IsoDateTime,
  /** Jobs that ended in the bucket, by outcome; null when unknown for this bucket. */
  requests: z
    .object({
      completed: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      cancelled: z.number().int().nonnegative(),
      timedOut: z.number().int().nonnegative(),
    })
    .nullable(),
  /** Queue → start (ms) of the jobs that ended in the bucket; null when none (or unknown). */
  delayMs: Percentiles.nullable(),
  /** Start → end (ms) of the jobs that ended in the bucket; null when none (or unknown). */
  executionMs: Percentiles.nullable(),
  /** Cold starts that ended in the bucket; null when unknown. */
  coldStarts: z
    .object({
      count: z.number().int().nonnegative(),
      meanMs: z.number().nonnegative().nullable(),
      maxMs: z.number().nonnegative().nullable(),
    })
    .nullable(),
  /** Workers by state (mean of the bucket's samples); null when none was taken. */
  workers: z
    .object({
      running: z.number().nonnegative(),
      idle: z.number().nonnegative(),
      initializing: z.number().nonnegative(),
      throttled: z.number().nonnegative(),
      unhealthy: z.number().nonnegative(),
    })
    .nullable(),
  /** Jobs in queue and in progress (mean of the bucket's samples); null when none was taken. */
  queue: z
    .object({ inQueue: z.number().nonnegative(), inProgress: z.number().nonnegative() })
    .nullable(),
});
export type MetricsViewBucket = z.infer<typeof MetricsViewBucket>;

/** A chart the answer could fill only partly (`partly`) or not at all (`none`), and why. */
export const MetricsLimit = z.object({
  chart: MetricsChart,
  shown: z.enum(["none", "partly"]),
  reason: z.string(),
});
export type MetricsLimit = z.infer<typeof MetricsLimit>;

export const EndpointMetricsView = z.object({
  endpointId: z.string(),
  window: MetricsWindow,
  from: IsoDateTime,
  to: IsoDateTime,
  /** When the answer was made (within the last bucket). */
  now: IsoDateTime,
  bucketSeconds: z.number().int().positive(),
  /**
   * `platform`: the platform's metrics API (`/_platform/endpoints/{id}/metrics`);
   * `documented`: the service's documented APIs only (that API answered 404 or refused the key).
   */
  source: z.enum(["platform", "documented"]),
  /** Why the metrics API was not used (`documented` only). */
  fallbackReason: z.string().nullable(),
  buckets: z.array(MetricsViewBucket),
  /**
   * USD per interval. Its own buckets: the window's from the metrics API, billing's hours from the
   * documented API (its smallest bucket), each overlapping the window.
   */
  spend: z.object({
    bucketSeconds: z.number().int().positive(),
    points: z.array(z.object({ start: IsoDateTime, usd: z.number().nonnegative() })),
  }),
  limits: z.array(MetricsLimit),
});
export type EndpointMetricsView = z.infer<typeof EndpointMetricsView>;
