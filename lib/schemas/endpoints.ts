import { z } from "zod";
import {
  CpuConfig,
  IsoDateTime,
  MajorMinor,
  OptionalContainerConfigShape,
  type RuleViolation,
} from "./common";

// Serverless endpoints: `/v2/serverless`. Where the seed is explicit it wins over the reference spec:
// `allowedCudaVersions` is top level (the reference nests it in `gpu`), `gpu` holds only `pools` and
// `count`, and `cpu` cannot be sent on create or update.

export const EndpointType = z.enum(["QUEUE", "LOAD_BALANCER"]).meta({ id: "EndpointType" });
export type EndpointType = z.infer<typeof EndpointType>;

export const FlashBoot = z
  .enum(["OFF", "FLASHBOOT", "PRIORITY_FLASHBOOT"])
  .meta({ id: "FlashBoot" });
export type FlashBoot = z.infer<typeof FlashBoot>;

export const ScalingType = z.enum(["QUEUE_DELAY", "REQUEST_COUNT"]);
export type ScalingType = z.infer<typeof ScalingType>;

export const QueueDelayScaling = z
  .strictObject({ type: z.literal("QUEUE_DELAY"), queueDelay: z.number().min(0.5) })
  .meta({
    id: "QueueDelayScaling",
    description: "Scale on queue wait time (seconds). Queue endpoints only.",
  });
export type QueueDelayScaling = z.infer<typeof QueueDelayScaling>;

export const RequestCountScaling = z
  .strictObject({ type: z.literal("REQUEST_COUNT"), requestCount: z.number().int().min(1) })
  .meta({ id: "RequestCountScaling", description: "Scale on in-flight requests per worker." });
export type RequestCountScaling = z.infer<typeof RequestCountScaling>;

export const EndpointScaling = z
  .discriminatedUnion("type", [QueueDelayScaling, RequestCountScaling])
  .meta({ id: "EndpointScaling" });
export type EndpointScaling = z.infer<typeof EndpointScaling>;

/**
 * Worker range as sent. Every field stays optional (no schema defaults) so the service can tell
 * "omitted" from "sent": it applies `ENDPOINT_DEFAULTS.workers` on create and rejects `idleTimeout`
 * for QUEUE + REQUEST_COUNT, which a schema on this object alone cannot see.
 */
export const EndpointWorkers = z
  .strictObject({
    min: z.number().int().min(0).optional(),
    max: z.number().int().min(0).optional(),
    /** Seconds before an idle worker scales down. */
    idleTimeout: z.number().int().min(1).max(3600).optional(),
  })
  .meta({ id: "EndpointWorkers" });
export type EndpointWorkers = z.infer<typeof EndpointWorkers>;

/** Worker range as answered: `min` and `max` always present; `idleTimeout` omitted for QUEUE + REQUEST_COUNT. */
export const EndpointWorkersState = z.object({
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  idleTimeout: z.number().int().min(1).max(3600).optional(),
});
export type EndpointWorkersState = z.infer<typeof EndpointWorkersState>;

/**
 * GPU selection on create. Pools are the serverless pool ids of the GPU catalogue (`pool`); workers
 * land on any listed pool with capacity. Strict, as the seed says: the reference's `excludedTypes`,
 * `allowedCudaVersions` and `minCudaVersion` inside `gpu` are unknown properties here.
 */
export const EndpointGpuConfig = z
  .strictObject({
    pools: z.array(z.string().min(1)).min(1),
    /** GPUs per worker. */
    count: z.number().int().min(1).default(1),
  })
  .meta({ id: "CreateEndpointGpuConfig" });
export type EndpointGpuConfig = z.infer<typeof EndpointGpuConfig>;

/** GPU selection as answered. Not strict, so a reader of the real service ignores its extra members. */
export const EndpointGpuConfigState = z
  .object({ pools: z.array(z.string()).min(1), count: z.number().int().min(1) })
  .meta({ id: "EndpointGpuConfig" });
export type EndpointGpuConfigState = z.infer<typeof EndpointGpuConfigState>;

/** PATCH form: an omitted field is left unchanged, so no default for `count`. */
export const UpdateEndpointGpuConfig = z
  .strictObject({
    pools: z.array(z.string().min(1)).min(1).optional(),
    count: z.number().int().min(1).optional(),
  })
  .meta({ id: "UpdateEndpointGpuConfig" });
export type UpdateEndpointGpuConfig = z.infer<typeof UpdateEndpointGpuConfig>;

export const QueueRequestUrls = z
  .strictObject({
    run: z.url(),
    runSync: z.url(),
    /** Ends in a literal `{job_id}` placeholder, as do `stream`, `cancel` and `retry`. */
    status: z.url(),
    stream: z.url(),
    cancel: z.url(),
    retry: z.url(),
    purgeQueue: z.url(),
    health: z.url(),
  })
  .meta({ id: "QueueBasedRequestUrls" });
export type QueueRequestUrls = z.infer<typeof QueueRequestUrls>;

export const LoadBalancerRequestUrls = z
  .strictObject({
    /** Base for worker-defined HTTP and WebSocket paths. */
    base: z.url(),
    /** Polled by the load balancer; path from env `HEALTH_CHECK_PATH`, default `/ping`. */
    health: z.url(),
  })
  .meta({ id: "LoadBalancingRequestUrls" });
export type LoadBalancerRequestUrls = z.infer<typeof LoadBalancerRequestUrls>;

export const EndpointRequestUrls = z
  .union([QueueRequestUrls, LoadBalancerRequestUrls])
  .meta({ id: "EndpointRequestUrls" });
export type EndpointRequestUrls = z.infer<typeof EndpointRequestUrls>;

export const Endpoint = z
  .object({
    ...OptionalContainerConfigShape,
    id: z.string(),
    name: z.string(),
    type: EndpointType.optional(),
    requestUrls: EndpointRequestUrls.optional(),
    gpu: EndpointGpuConfigState.nullable().optional(),
    /** Read-only; present only on CPU serverless endpoints (which cannot be created or updated here). */
    cpu: CpuConfig.nullable().optional(),
    workers: EndpointWorkersState,
    scaling: EndpointScaling,
    dataCenterIds: z.array(z.string()),
    networkVolumes: z.array(z.string()),
    /** Per-request execution timeout, ms. */
    timeout: z.number().int(),
    flashboot: FlashBoot,
    /** `[]` means any version. */
    allowedCudaVersions: z.array(z.string()),
    createdAt: IsoDateTime,
  })
  .meta({ id: "Endpoint" });
export type Endpoint = z.infer<typeof Endpoint>;

export const ListEndpointsResponse = z
  .object({ endpoints: z.array(Endpoint) })
  .meta({ id: "ListEndpointsResponse" });
export type ListEndpointsResponse = z.infer<typeof ListEndpointsResponse>;

export { ENDPOINT_DEFAULTS } from "./endpoint-defaults";

/**
 * `cpu` is deliberately absent from the create and update schemas, so strictness rejects it as an
 * unknown property (422). The seed says CPU create and update are unsupported; a service that wants
 * to say so plainly checks the raw body with `bodySetsCpu` before parsing and answers 400 with this.
 */
export const CPU_ENDPOINTS_UNSUPPORTED =
  "CPU serverless endpoints cannot be created or updated through this API; use gpu";

export function bodySetsCpu(raw: unknown): boolean {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) && "cpu" in raw;
}

/** Settings create and update take alike: create fills omitted ones with defaults, PATCH keeps them. */
const optionalEndpointSettings = {
  workers: EndpointWorkers.optional(),
  /** Preferred placement; omitted or `[]` lets the scheduler choose. */
  dataCenterIds: z.array(z.string().min(1)).optional(),
  networkVolumes: z.array(z.string().min(1)).optional(),
  timeout: z.number().int().min(1).optional(),
  flashboot: FlashBoot.optional(),
};

export const CreateEndpointInput = z
  .strictObject({
    ...OptionalContainerConfigShape,
    name: z.string().min(1),
    type: EndpointType,
    gpu: EndpointGpuConfig,
    scaling: EndpointScaling,
    /** Serverless template resolved once at create; `image` is required unless this is set (a service rule). */
    templateId: z.string().min(1).optional(),
    ...optionalEndpointSettings,
    /** Omitted: any version, or the template's set when `templateId` is given. */
    allowedCudaVersions: z.array(MajorMinor).optional(),
  })
  .meta({ id: "CreateEndpointRequest" });
export type CreateEndpointInput = z.infer<typeof CreateEndpointInput>;

/** PATCH: only sent fields change. `type` is fixed at create; the scaler can be switched. */
export const UpdateEndpointInput = z
  .strictObject({
    ...OptionalContainerConfigShape,
    name: z.string().min(1).optional(),
    gpu: UpdateEndpointGpuConfig.optional(),
    scaling: EndpointScaling.optional(),
    /** One-shot apply of a serverless template's container settings; `env` then replaces the endpoint's. */
    templateId: z.string().min(1).optional(),
    ...optionalEndpointSettings,
    /** `[]` clears the constraint. */
    allowedCudaVersions: z.array(MajorMinor).optional(),
  })
  .meta({ id: "UpdateEndpointRequest" });
export type UpdateEndpointInput = z.infer<typeof UpdateEndpointInput>;

/**
 * The seed's cross-field rules on the effective configuration (for PATCH: the stored endpoint merged
 * with the body). They are not refinements on the schemas because a PATCH alone cannot decide them
 * and refinements would stop forms from `.extend()`ing the schemas; the service picks the status.
 */
export function endpointRuleViolations(config: {
  type: EndpointType;
  scaling: EndpointScaling;
  workers?: EndpointWorkers | undefined;
}): RuleViolation[] {
  const out: RuleViolation[] = [];
  if (config.type === "LOAD_BALANCER" && config.scaling.type !== "REQUEST_COUNT") {
    out.push({ path: "scaling.type", message: "must be REQUEST_COUNT when type is LOAD_BALANCER" });
  }
  if (
    config.type === "QUEUE" &&
    config.scaling.type === "REQUEST_COUNT" &&
    config.workers?.idleTimeout !== undefined
  ) {
    out.push({
      path: "workers.idleTimeout",
      message: "is not applicable to QUEUE endpoints scaling on REQUEST_COUNT",
    });
  }
  return out;
}

export const WorkerStatus = z
  .enum(["RUNNING", "IDLE", "INITIALIZING", "THROTTLED", "UNHEALTHY"])
  .meta({ id: "WorkerStatus" });
export type WorkerStatus = z.infer<typeof WorkerStatus>;

export const Worker = z
  .object({
    id: z.string(),
    status: WorkerStatus,
    /** Running an older endpoint configuration than `endpointVersion` (mid rollout). */
    isStale: z.boolean(),
    version: z.number().int().nullable().optional(),
    gpuCount: z.number().int().min(0),
    image: z.string().nullable().optional(),
    uptimeSeconds: z.number().int().min(0).nullable().optional(),
    gpuTypeId: z.string().nullable().optional(),
    dataCenterId: z.string().nullable().optional(),
    startedAt: IsoDateTime.nullable().optional(),
  })
  .meta({ id: "Worker" });
export type Worker = z.infer<typeof Worker>;

/** Counts of the listed workers by status; they sum to `total`, which equals the list's length. */
export const WorkerSummary = z
  .object({
    running: z.number().int().min(0),
    idle: z.number().int().min(0),
    initializing: z.number().int().min(0),
    throttled: z.number().int().min(0),
    unhealthy: z.number().int().min(0),
    total: z.number().int().min(0),
  })
  .meta({ id: "WorkerSummary" });
export type WorkerSummary = z.infer<typeof WorkerSummary>;

export const ListEndpointWorkersResponse = z
  .object({
    workers: z.array(Worker),
    summary: WorkerSummary,
    endpointVersion: z.number().int().nullable().optional(),
  })
  .meta({ id: "ListEndpointWorkersResponse" });
export type ListEndpointWorkersResponse = z.infer<typeof ListEndpointWorkersResponse>;

export const ReleaseSource = z.enum(["GIT_BUILD", "MANUAL"]).meta({ id: "ReleaseSource" });
export type ReleaseSource = z.infer<typeof ReleaseSource>;

export const ReleaseDiffEntry = z
  .object({
    /** e.g. `workers.max`, `template.env`. */
    field: z.string(),
    /** Raw JSON; null when the field was added. */
    old: z.unknown(),
    /** Raw JSON; null when the field was removed. */
    new: z.unknown(),
  })
  .meta({ id: "ReleaseDiffEntry" });
export type ReleaseDiffEntry = z.infer<typeof ReleaseDiffEntry>;

export const Release = z
  .object({
    id: z.string(),
    version: z.number().int().nullable().optional(),
    source: ReleaseSource,
    buildId: z.string().nullable().optional(),
    createdByUserId: z.string().nullable().optional(),
    workerCount: z.number().int().min(0),
    createdAt: IsoDateTime,
    diff: z.array(ReleaseDiffEntry),
  })
  .meta({ id: "Release" });
export type Release = z.infer<typeof Release>;

export const RolloutSummary = z
  .object({
    inProgress: z.boolean(),
    workersOnLatest: z.number().int().min(0),
    workersTotal: z.number().int().min(0),
    /** 0 when there are no workers. */
    percentOnLatest: z.number().int().min(0).max(100),
  })
  .meta({ id: "RolloutSummary" });
export type RolloutSummary = z.infer<typeof RolloutSummary>;

/** Releases newest first. */
export const ListReleasesResponse = z
  .object({
    endpointVersion: z.number().int().nullable().optional(),
    rollout: RolloutSummary,
    releases: z.array(Release),
  })
  .meta({ id: "ListEndpointReleasesResponse" });
export type ListReleasesResponse = z.infer<typeof ListReleasesResponse>;

/** `/v2/serverless/{id}/workers/{workerId}/logs` path parameters. */
export const WorkerLogsParams = z.object({ id: z.string().min(1), workerId: z.string().min(1) });
export type WorkerLogsParams = z.infer<typeof WorkerLogsParams>;
