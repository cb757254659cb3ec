import { z } from "zod";
import { JobPolicy, JobStatus } from "@/lib/schemas/jobs";

// The playground's view of one run, as the console's server keeps it (lib/console-store) and
// serves it to the browser (GET /api/playground/runs/...). Pure schemas: safe in client bundles.

export const RunTarget = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("model"), slug: z.string().min(1).max(200) }),
  z.object({ kind: z.literal("endpoint"), id: z.string().min(1).max(200) }),
]);
export type RunTarget = z.infer<typeof RunTarget>;

/** The job-API path segment of a target: the model slug or the endpoint id. */
export const targetSegment = (target: RunTarget) =>
  target.kind === "model" ? target.slug : target.id;

export const PlaygroundRun = z.object({
  /** The console's own id for the run (history id), not the job id. */
  id: z.string(),
  target: RunTarget,
  jobId: z.string(),
  input: z.unknown(),
  policy: JobPolicy.optional(),
  webhook: z.string().optional(),
  status: JobStatus,
  delayTime: z.number().optional(),
  executionTime: z.number().optional(),
  workerId: z.string().optional(),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  /** USD, from `output.cost` when the platform reported one. */
  cost: z.number().optional(),
  /** Every streamed chunk's `output`, in order, as the console relayed them. */
  stream: z.array(z.unknown()),
  /** The platform no longer has the job (results expire); what is shown is what the console kept. */
  expired: z.boolean(),
  /** Output of the local platform (synthetic), not of the real service. */
  local: z.boolean(),
  hasThumbnail: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().optional(),
});
export type PlaygroundRun = z.infer<typeof PlaygroundRun>;

export const PlaygroundRunList = z.object({ runs: z.array(PlaygroundRun) });
export type PlaygroundRunList = z.infer<typeof PlaygroundRunList>;

/**
 * `delayTime` split in two from the local platform's job timeline (GET /_platform/jobs/{id}):
 * `queueWait` until a worker was free, `coldStart` while the worker that took the job started.
 * `split` is null against another platform (the real service has no timeline) or before the job
 * started.
 */
export const RunTimings = z.object({
  delayTime: z.number().optional(),
  split: z
    .object({
      queueWait: z.number().nonnegative(),
      coldStart: z.number().nonnegative(),
      /** The worker that took the job. */
      workerId: z.string().nullable(),
    })
    .nullable(),
  /**
   * While the job is IN_QUEUE on the local platform: whether a worker is cold-starting for it or
   * it waits in the queue, and the platform's first reason in words. Null otherwise.
   */
  waiting: z
    .object({ phase: z.enum(["queue", "cold-start"]), reason: z.string().optional() })
    .nullable()
    .optional(),
});
export type RunTimings = z.infer<typeof RunTimings>;
