import { z } from "zod";
import { JobRequest } from "./jobs";
import { JOB_API_RUN_LIMIT, LOAD_TEST_LIMITS } from "./load-test-limits";

// The console's load tests (Endpoint page → Load test): what the form sends to the server action,
// and what the console's server keeps and serves about each run. Console-only (the platform has no
// load-test API), so these schemas are not part of the OpenAPI document.

export { JOB_API_RUN_LIMIT, JOB_API_STATUS_LIMIT, LOAD_TEST_LIMITS } from "./load-test-limits";

export const rateLimitMessage = () =>
  `At most ${LOAD_TEST_LIMITS.maxRate} requests per second: the job API allows ${JOB_API_RUN_LIMIT.perTenSeconds} /run requests per 10 seconds per endpoint.`;

/** The request body every job of the run carries (`input` and an optional `policy`; no webhook). */
export const LoadTestBody = JobRequest.pick({ input: true, policy: true });
export type LoadTestBody = z.infer<typeof LoadTestBody>;

export const StartLoadTestInput = z.object({
  endpointId: z.string().min(1).max(200),
  requests: z
    .number({ error: "Enter the number of requests." })
    .int("The number of requests must be a whole number.")
    .min(1, "Send at least 1 request.")
    .max(
      LOAD_TEST_LIMITS.maxRequests,
      `At most ${LOAD_TEST_LIMITS.maxRequests.toLocaleString("en-US")} requests per load test.`,
    ),
  rate: z
    .number({ error: "Enter the rate in requests per second." })
    .min(
      LOAD_TEST_LIMITS.minRate,
      `The rate must be at least ${LOAD_TEST_LIMITS.minRate} per second.`,
    )
    .max(LOAD_TEST_LIMITS.maxRate, rateLimitMessage()),
  body: LoadTestBody,
  /** Local platform and operator key only: run on the platform's manual clock, driven fast. */
  accelerated: z.boolean().default(false),
  /** Required (true) when the console targets a platform that is not the local one. */
  confirmCost: z.boolean().default(false),
});
export type StartLoadTestInput = z.input<typeof StartLoadTestInput>;

export const LoadTestStatus = z.enum(["running", "stopped", "completed", "failed", "interrupted"]);
export type LoadTestStatus = z.infer<typeof LoadTestStatus>;

export const Percentiles = z.object({ p50: z.number(), p95: z.number(), p99: z.number() });
export type Percentiles = z.infer<typeof Percentiles>;

/** One reading of the endpoint while the run goes (about one a second of load time). */
export const LoadTestSample = z.object({
  /** ms of load time since the start (platform time on the accelerated clock). */
  t: z.number(),
  inQueue: z.number().int(),
  inProgress: z.number().int(),
  running: z.number().int(),
  idle: z.number().int(),
  initializing: z.number().int(),
  sent: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type LoadTestSample = z.infer<typeof LoadTestSample>;

/** The endpoint's scaling settings when the run started (the summary shows them beside it). */
export const LoadTestSettings = z.object({
  workersMin: z.number().int(),
  workersMax: z.number().int(),
  idleTimeout: z.number().int().optional(),
  scalerType: z.enum(["QUEUE_DELAY", "REQUEST_COUNT"]),
  scalerValue: z.number(),
  /** USD per worker-second (first-choice pool × GPUs per worker), when the catalogue knows it. */
  pricePerWorkerSecond: z.number().nullable(),
  gpuPool: z.string().nullable(),
});
export type LoadTestSettings = z.infer<typeof LoadTestSettings>;

export const LoadTestSuggestion = z.object({
  kind: z.enum(["raise-max-workers", "scaler-too-slow", "failures", "kept-up"]),
  text: z.string(),
});
export type LoadTestSuggestion = z.infer<typeof LoadTestSuggestion>;

export const LoadTestProgress = z.object({
  sent: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  /** `/run` calls the platform refused (429 over a limit, 4xx/5xx). Counted in `failed` too. */
  refused: z.number().int(),
  /** Total latency (delay + execution, ms) of finished jobs; null before the first one. */
  latency: Percentiles.nullable(),
  /** Queue delay (ms) of finished jobs; null before the first one. */
  delay: Percentiles.nullable(),
  peakWorkers: z.number().int(),
  peakQueue: z.number().int(),
  /** USD: worker time (running + idle + initializing workers) × the price per worker-second. */
  spend: z.number().nullable(),
  /** ms of load time since the start. */
  elapsed: z.number(),
  lastError: z.string().nullable(),
});
export type LoadTestProgress = z.infer<typeof LoadTestProgress>;

export const LoadTestRun = z.object({
  id: z.string(),
  endpointId: z.string(),
  status: LoadTestStatus,
  requests: z.number().int(),
  rate: z.number(),
  accelerated: z.boolean(),
  body: LoadTestBody,
  settings: LoadTestSettings,
  progress: LoadTestProgress,
  samples: z.array(LoadTestSample),
  suggestions: z.array(LoadTestSuggestion),
  /** Why the run ended early (failed, interrupted, stopped). */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LoadTestRun = z.infer<typeof LoadTestRun>;

/** `GET /api/load-tests?endpointId=`: the endpoint's runs, newest first, and what the form may offer. */
export const LoadTestList = z.object({
  runs: z.array(LoadTestRun.omit({ samples: true, body: true })),
  platform: z.object({ local: z.boolean(), operator: z.boolean() }),
});
export type LoadTestList = z.infer<typeof LoadTestList>;
