import { z } from "zod";
import { FAULT_KINDS, JOB_OPERATIONS } from "./fault-kinds";
import { Job, JobStatus } from "./jobs";

// Developer tools of the local platform (`/_platform/...`, an `all` key): job timelines and why a
// job waits, fault injection, the webhook inbox, the request inspector and state snapshots.

const Iso = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- job timeline

export const JobEventType = z.enum([
  "queued",
  "worker.assigned",
  "started",
  "progress",
  "stream.chunk",
  "completed",
  "failed",
  "timed_out",
  "cancelled",
  "expired",
  "requeued",
  "webhook.attempt",
  "fault",
  // Worker events of the job's endpoint while it waited (no job id of their own).
  "coldstart.begun",
  "coldstart.ended",
  "worker.throttled",
  "worker.removed",
]);
export type JobEventType = z.infer<typeof JobEventType>;

export const JobEvent = z
  .object({
    at: Iso,
    type: JobEventType,
    workerId: z.string().nullable(),
    /** Short human text: an error, a webhook status, a removal reason. */
    detail: z.string().nullable(),
  })
  .meta({ id: "JobEvent" });
export type JobEvent = z.infer<typeof JobEvent>;

export const WaitReasonCode = z.enum([
  "LOW_PRIORITY",
  "MAX_WORKERS",
  "OUT_OF_CAPACITY",
  "COLD_START",
  "ALL_WORKERS_UNHEALTHY",
  "QUEUE_DELAY",
  "NO_WORKER_CONNECTED",
  "JOBS_AHEAD",
  "RATE_OF_DISPATCH",
]);
export type WaitReasonCode = z.infer<typeof WaitReasonCode>;

export const WaitReason = z.object({ code: WaitReasonCode, message: z.string() });
export type WaitReason = z.infer<typeof WaitReason>;

export const WhyWaiting = z
  .object({
    /** True while the job is IN_QUEUE. */
    waiting: z.boolean(),
    status: JobStatus,
    /** Queued jobs of the endpoint ahead of this one (null when not waiting). */
    jobsAhead: z.number().int().nullable(),
    reasons: z.array(WaitReason),
  })
  .meta({ id: "WhyWaiting" });
export type WhyWaiting = z.infer<typeof WhyWaiting>;

export const JobDetail = z
  .object({
    job: Job,
    endpointId: z.string(),
    input: z.unknown(),
    webhook: z.string().nullable(),
    lowPriority: z.boolean(),
    createdAt: Iso,
    events: z.array(JobEvent),
    why: WhyWaiting,
    /** The platform clock's now when this was read: where a phase still going ends. */
    now: Iso,
  })
  .meta({ id: "JobDetail" });
export type JobDetail = z.infer<typeof JobDetail>;

// ---------------------------------------------------------------- faults

export const FaultKind = z.enum(FAULT_KINDS);
export type FaultKind = z.infer<typeof FaultKind>;

/** Job API operations a `job.rate-limit` fault can answer 429 on (default: all of them). */
export const JobOperation = z.enum(JOB_OPERATIONS);
export type JobOperation = z.infer<typeof JobOperation>;

export const CreateFaultInput = z
  .strictObject({
    kind: FaultKind,
    /** Only this endpoint's jobs and workers (default: every endpoint of the account). */
    endpointId: z.string().min(1).optional(),
    /** Ends after affecting this many jobs / cold starts / requests / deliveries. */
    count: z.number().int().min(1).max(10_000).optional(),
    /** Ends this long after creation (platform clock, so advancing the clock ends it too). */
    durationMs: z
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 3600 * 1000)
      .optional(),
    /** job.fail: the job's error (default "injected fault"). */
    message: z.string().min(1).max(500).optional(),
    /** coldstart.slow: how long each cold start takes. */
    coldStartSeconds: z.number().min(0).max(3600).optional(),
    /** capacity.none: `pool:<id>`, `dc:<id>` or `gpu:<id>[@<dc>]`. */
    scope: z.string().min(1).optional(),
    /** pod.error: the pod to put in ERROR now. */
    podId: z.string().min(1).optional(),
    /** job.rate-limit: the operation to refuse (default: every job operation). */
    operation: JobOperation.optional(),
    /** webhook.down: receivers whose URL contains this text (default: every receiver). */
    url: z.string().min(1).optional(),
  })
  .meta({ id: "CreateFaultRequest" });
export type CreateFaultInput = z.infer<typeof CreateFaultInput>;

export const Fault = z
  .object({
    id: z.string(),
    kind: FaultKind,
    endpointId: z.string().nullable(),
    /** What is left of a count (null: no count). */
    remaining: z.number().int().nullable(),
    expiresAt: Iso.nullable(),
    createdAt: Iso,
    /** Times the fault took effect so far. */
    hits: z.number().int(),
    /** Human summary of the documented effect. */
    effect: z.string(),
    message: z.string().nullable(),
    coldStartSeconds: z.number().nullable(),
    scope: z.string().nullable(),
    podId: z.string().nullable(),
    operation: JobOperation.nullable(),
    url: z.string().nullable(),
    /** False once spent (count used up, expired) — only a create answer can show that. */
    active: z.boolean(),
  })
  .meta({ id: "Fault" });
export type Fault = z.infer<typeof Fault>;

export const ListFaultsResponse = z.object({ faults: z.array(Fault) }).meta({ id: "ListFaults" });
export type ListFaultsResponse = z.infer<typeof ListFaultsResponse>;

// ---------------------------------------------------------------- webhook inbox

export const InboxMessage = z
  .object({
    id: z.string(),
    at: Iso,
    method: z.string(),
    contentType: z.string().nullable(),
    userAgent: z.string().nullable(),
    body: z.unknown(),
  })
  .meta({ id: "InboxMessage" });
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxResponse = z
  .object({
    /** POST anything here (no key needed): it shows up in `messages`. */
    receiverUrl: z.string(),
    messages: z.array(InboxMessage),
  })
  .meta({ id: "Inbox" });
export type InboxResponse = z.infer<typeof InboxResponse>;

export const DeliveryWithPayload = z
  .object({
    id: z.string(),
    jobId: z.string(),
    endpointId: z.string(),
    url: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    payload: z.unknown(),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        at: Iso,
        statusCode: z.number().int().nullable(),
        error: z.string().nullable(),
        durationMs: z.number().int(),
      }),
    ),
    nextAttemptAt: Iso.nullable(),
    createdAt: Iso,
  })
  .meta({ id: "WebhookDeliveryWithPayload" });
export type DeliveryWithPayload = z.infer<typeof DeliveryWithPayload>;

export const ListDeliveriesResponse = z
  .object({ deliveries: z.array(DeliveryWithPayload) })
  .meta({ id: "ListDeliveries" });
export type ListDeliveriesResponse = z.infer<typeof ListDeliveriesResponse>;

// ---------------------------------------------------------------- request inspector

export const ServedRequest = z
  .object({
    id: z.string(),
    at: Iso,
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    latencyMs: z.number(),
    /** The API key's name (never the key); null when the request had no valid key. */
    keyName: z.string().nullable(),
    area: z.enum(["public", "control", "management", "job"]),
  })
  .meta({ id: "ServedRequest" });
export type ServedRequest = z.infer<typeof ServedRequest>;

export const ListRequestsQuery = z.object({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .optional(),
  /** `2xx`, `4xx`, `5xx` or an exact status. */
  status: z
    .string()
    .regex(/^([1-5]xx|[1-5]\d\d)$/, "must be like 4xx or 404")
    .optional(),
  /** Paths containing this text. */
  path: z.string().min(1).max(200).optional(),
  area: z.enum(["public", "control", "management", "job"]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type ListRequestsQuery = z.infer<typeof ListRequestsQuery>;

export const ListServedRequestsResponse = z
  .object({ requests: z.array(ServedRequest), capacity: z.number().int() })
  .meta({ id: "ListServedRequests" });
export type ListServedRequestsResponse = z.infer<typeof ListServedRequestsResponse>;

// ---------------------------------------------------------------- state

export const StateSnapshot = z
  .object({
    format: z.literal("hangar-state"),
    version: z.literal(1),
    /** `account`: one account's rows (`/_platform/state/export`); `instance`: the operator's whole store. */
    scope: z.enum(["account", "instance"]).optional(),
    exportedAt: Iso,
    /** Table name → rows exactly as stored. */
    tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  })
  .meta({ id: "StateSnapshot" });
export type StateSnapshot = z.infer<typeof StateSnapshot>;

export const StateSummary = z
  .object({ tables: z.record(z.string(), z.number().int()) })
  .meta({ id: "StateSummary" });
export type StateSummary = z.infer<typeof StateSummary>;

const SeedKey = z.strictObject({
  name: z.string().min(1),
  /** The key's value (`rpa_` + 40 characters); default: a new random key, printed in the log. */
  value: z.string().min(8).optional(),
  permission: z.enum(["all", "read"]).default("all"),
});

const SeedAccount = z.strictObject({
  name: z.string().min(1),
  balance: z.number().min(0).optional(),
  keys: z.array(SeedKey).default([]),
  /** Management API bodies, as `POST /v2/templates` takes them. */
  templates: z.array(z.record(z.string(), z.unknown())).default([]),
  /** As `POST /v2/serverless` takes them; `templateName` may name a template of this file. */
  endpoints: z.array(z.record(z.string(), z.unknown())).default([]),
  /** As `POST /v2/network-volumes` takes them. */
  volumes: z.array(z.record(z.string(), z.unknown())).default([]),
});

export const SeedFile = z
  .strictObject({ accounts: z.array(SeedAccount).min(1) })
  .meta({ id: "SeedFile" });
export type SeedFile = z.infer<typeof SeedFile>;
