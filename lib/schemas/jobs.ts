import { z } from "zod";
import { JOB_STATUSES } from "./job-statuses";

// Job API (`{base}/v2/<endpoint id>/...`) and the worker protocol (`/v2/<endpoint id>/job-take/...`).
// Bodies follow platform-notes §1 and §2: statuses, ids and field names are the real service's.
// Request schemas are deliberately loose objects: clients send extra keys (`webhookV2`) that the
// service ignores, so only the fields we act on are checked.

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/** Seed "Job policy and retention". */
export const JOB_POLICY_BOUNDS = {
  executionTimeout: { min: 5_000, max: SEVEN_DAYS_MS, default: 600_000 },
  ttl: { min: 10_000, max: SEVEN_DAYS_MS, default: 24 * 60 * 60 * 1000 },
} as const;

/** Result retention after a terminal state (seed): `/run` 30 min, `/runsync` 1 min. */
export const JOB_RETENTION_MS = { async: 30 * 60 * 1000, sync: 60 * 1000 } as const;

/** `/runsync?wait=` and `/status-sync?wait=` (ms): default 90 s, clamped to 1 s–5 min. */
export const SYNC_WAIT_MS = { default: 90_000, min: 1_000, max: 300_000 } as const;

export const JobStatus = z.enum(JOB_STATUSES).meta({ id: "JobStatus" });
export type JobStatus = z.infer<typeof JobStatus>;

export { isTerminalJobStatus, TERMINAL_JOB_STATUSES } from "./job-statuses";

export const JobPolicy = z
  .object({
    /** ms; overrides the endpoint's `timeout` for this job; enforced only while running. */
    executionTimeout: z
      .number()
      .int()
      .min(JOB_POLICY_BOUNDS.executionTimeout.min)
      .max(JOB_POLICY_BOUNDS.executionTimeout.max)
      .optional(),
    /** When true the job never triggers worker scaling. */
    lowPriority: z.boolean().optional(),
    /** ms; lifespan covering queue plus execution; the job is deleted in any state when it elapses. */
    ttl: z.number().int().min(JOB_POLICY_BOUNDS.ttl.min).max(JOB_POLICY_BOUNDS.ttl.max).optional(),
  })
  .meta({ id: "JobPolicy" });
export type JobPolicy = z.infer<typeof JobPolicy>;

/** Bucket credentials for workers that upload large outputs; forwarded to the worker only, never echoed. */
export const S3Config = z
  .object({
    accessId: z.string(),
    accessSecret: z.string(),
    bucketName: z.string(),
    endpointUrl: z.string(),
    objectPath: z.string().optional(),
  })
  .meta({ id: "S3Config" });
export type S3Config = z.infer<typeof S3Config>;

const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

export const JobRequest = z
  .object({
    /** Passed verbatim to the handler as `job.input`; the seed's type is object (not an array). */
    input: z.looseObject({}),
    webhook: HttpUrl.optional(),
    policy: JobPolicy.optional(),
    s3Config: S3Config.optional(),
  })
  .meta({ id: "JobRequest" });
export type JobRequest = z.infer<typeof JobRequest>;

/** The job as `/status`, `/runsync`, `/cancel` and the completion webhook answer it. */
export const Job = z
  .object({
    id: z.string(),
    status: JobStatus,
    /** ms queued before a worker took the job; present once picked up. */
    delayTime: z.number().int().optional(),
    /** ms of handler run time; present on terminal states that ran. */
    executionTime: z.number().int().optional(),
    workerId: z.string().optional(),
    /** The handler's result (COMPLETED), or its latest progress update (IN_PROGRESS). */
    output: z.unknown().optional(),
    /** Usually a string; a Python handler exception arrives as a JSON-encoded string. */
    error: z.unknown().optional(),
    /** Times the job was requeued after `/retry` or a lost worker. */
    retries: z.number().int().optional(),
  })
  .meta({ id: "Job" });
export type Job = z.infer<typeof Job>;

export const JobStreamChunk = z.object({ output: z.unknown() }).meta({ id: "JobStreamChunk" });

/** `/stream/{id}`: only the chunks not delivered before; a terminal status with `[]` ends a client's loop. */
export const JobStream = Job.extend({ stream: z.array(JobStreamChunk) }).meta({ id: "JobStream" });
export type JobStream = z.infer<typeof JobStream>;

export const PurgeQueueResponse = z
  .object({ removed: z.number().int().min(0), status: z.literal("completed") })
  .meta({ id: "PurgeQueueResponse" });
export type PurgeQueueResponse = z.infer<typeof PurgeQueueResponse>;

export const EndpointHealth = z
  .object({
    jobs: z.object({
      completed: z.number().int(),
      failed: z.number().int(),
      inProgress: z.number().int(),
      inQueue: z.number().int(),
      retried: z.number().int(),
    }),
    workers: z.object({
      idle: z.number().int(),
      initializing: z.number().int(),
      /** Booted workers (idle + running). */
      ready: z.number().int(),
      running: z.number().int(),
      throttled: z.number().int(),
      unhealthy: z.number().int(),
    }),
  })
  .meta({ id: "EndpointHealth" });
export type EndpointHealth = z.infer<typeof EndpointHealth>;

/**
 * The console's live numbers of one endpoint: a queue endpoint's `/health`, or, for a load
 * balancer, its workers from the management API with `jobs` null (it has no job queue, and its
 * job-API paths reach the user's own server).
 */
export type EndpointLive = Omit<EndpointHealth, "jobs"> & { jobs: EndpointHealth["jobs"] | null };

/** `GET /v2/<id>/requests` (our design; the real shape is not public): the endpoint's recent jobs, newest first. */
export const JobSummary = z
  .object({
    id: z.string(),
    status: JobStatus,
    createdAt: z.iso.datetime({ offset: true }),
    delayTime: z.number().int().optional(),
    executionTime: z.number().int().optional(),
    workerId: z.string().optional(),
    retries: z.number().int().optional(),
    /** A failed or timed-out job's `error`, as the job's status answers it. */
    error: z.unknown().optional(),
  })
  .meta({ id: "JobSummary" });
export type JobSummary = z.infer<typeof JobSummary>;

export const ListRequestsResponse = z
  .object({ requests: z.array(JobSummary), limit: z.number().int() })
  .meta({ id: "ListRequestsResponse" });
export type ListRequestsResponse = z.infer<typeof ListRequestsResponse>;

/** `/run` and `/retry/{id}`: the job was queued. */
export const JobQueued = z
  .object({ id: z.string(), status: z.literal("IN_QUEUE") })
  .meta({ id: "JobQueued" });
export type JobQueued = z.infer<typeof JobQueued>;

/** Job-API error body: the problem members plus `error` (= detail), which the service's clients read. */
export const JobApiError = z
  .object({
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.string()).optional(),
    error: z.string(),
  })
  .meta({ id: "JobApiError", description: "application/problem+json error body of the job API" });
export type JobApiError = z.infer<typeof JobApiError>;

/**
 * Path and query parameters of the job API, for its OpenAPI document (a catch-all serves these
 * routes and reads its parameters itself; see lib/platform/jobs/api/job-api.openapi.ts).
 */
export const JobEndpointParams = z.object({
  endpointId: z.string().min(1).meta({ description: "Endpoint id (or a hosted model's slug)" }),
});
export const JobIdParams = JobEndpointParams.extend({
  jobId: z.string().min(1).meta({ description: "Job id answered by /run or /runsync" }),
});

/** `?wait=` of `/runsync` and `/status-sync` (ms, clamped to SYNC_WAIT_MS). */
export const SyncWaitQuery = z.object({
  wait: z
    .number()
    .int()
    .optional()
    .meta({
      description: `ms to hold for a terminal status: default ${SYNC_WAIT_MS.default}, clamped to ${SYNC_WAIT_MS.min}–${SYNC_WAIT_MS.max}`,
    }),
});
export const StatusQuery = z.object({
  ttl: z
    .number()
    .int()
    .min(1)
    .max(SEVEN_DAYS_MS)
    .optional()
    .meta({ description: "ms: shortens how long the job is kept from now" }),
});
export const StreamQuery = z.object({
  wait: z
    .number()
    .int()
    .optional()
    .meta({ description: "ms to hold for new chunks (clamped to PLATFORM_STREAM_HOLD_MS)" }),
});
export const JobRequestsQuery = z.object({
  limit: z.number().int().min(1).max(200).optional().meta({ description: "default 50" }),
  status: JobStatus.optional(),
});

// ------------------------------------------------------------------------------------------------
// Worker protocol (platform-notes §2, §8.7–8.10)

/** One job as job-take hands it to a worker (a single object, or an array for job-take-batch). */
export const WorkerJob = z
  .object({
    id: z.string(),
    input: z.unknown(),
    webhook: z.string().optional(),
    s3Config: S3Config.optional(),
    policy: z
      .object({
        executionTimeout: z.number().int(),
        ttl: z.number().int(),
        lowPriority: z.boolean(),
      })
      .optional(),
  })
  .meta({ id: "WorkerJob" });
export type WorkerJob = z.infer<typeof WorkerJob>;

/**
 * job-done body: `{output}` completes, any `error` fails, `{status:"IN_PROGRESS", output}` is a
 * progress update, `stopPod: true` asks to recycle the worker.
 */
export const JobDoneBody = z
  .object({
    output: z.unknown().optional(),
    error: z.unknown().optional(),
    status: z.string().optional(),
    stopPod: z.boolean().optional(),
  })
  .meta({ id: "JobDoneBody" });
export type JobDoneBody = z.infer<typeof JobDoneBody>;

export const JobStreamBody = z.object({ output: z.unknown() }).meta({ id: "JobStreamBody" });

export const JobStopResponse = z
  .object({ jobsToStop: z.array(z.string()) })
  .meta({ id: "JobStopResponse" });
export type JobStopResponse = z.infer<typeof JobStopResponse>;

export const WorkerAck = z.object({ status: z.string() }).meta({ id: "WorkerAck" });

// ------------------------------------------------------------------------------------------------
// Control API of the local platform (`/_platform/...`)

export const ClockState = z
  .object({ mode: z.enum(["real", "manual"]), now: z.number().int(), iso: z.string() })
  .meta({ id: "ClockState" });
export type ClockState = z.infer<typeof ClockState>;

export const SetClockInput = z
  .strictObject({
    mode: z.enum(["real", "manual"]),
    /** Manual mode: the instant to freeze at (ms since the epoch); default: now. */
    at: z.number().int().min(0).optional(),
  })
  .meta({ id: "SetClockRequest" });
export type SetClockInput = z.infer<typeof SetClockInput>;

export const AdvanceClockInput = z
  .strictObject({
    ms: z
      .number()
      .int()
      .min(0)
      .max(365 * 24 * 60 * 60 * 1000),
  })
  .meta({ id: "AdvanceClockRequest" });
export type AdvanceClockInput = z.infer<typeof AdvanceClockInput>;

export const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    /** HTTP status the receiver answered; null when the call failed before an answer. */
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int(),
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z
  .object({
    id: z.string(),
    jobId: z.string(),
    endpointId: z.string(),
    url: z.string(),
    /** pending: more attempts due; delivered: a 200 arrived; failed: 3 attempts without a 200. */
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.array(WebhookAttempt),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const ListWebhooksResponse = z
  .object({ webhooks: z.array(WebhookDelivery) })
  .meta({ id: "ListWebhooksResponse" });

export const ListWebhooksQuery = z.object({
  jobId: z.string().min(1).optional(),
  endpointId: z.string().min(1).optional(),
});

export const WorkerEnvQuery = z.object({
  /** Reuse a worker id (restarting a worker process); default: a new one. */
  workerId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 characters of A-Z, a-z, 0-9, _ or -")
    .optional(),
});

/** Environment a user's worker process needs to serve an endpoint (platform-notes §2.2, §8.7). */
export const WorkerEnv = z
  .object({ endpointId: z.string(), workerId: z.string(), env: z.record(z.string(), z.string()) })
  .meta({ id: "WorkerEnv" });
export type WorkerEnv = z.infer<typeof WorkerEnv>;
