import { z } from "zod";
import {
  ContainerConfigShape,
  CpuConfig,
  IsoDateTime,
  MajorMinor,
  Mounts,
  OptionalContainerConfigShape,
  PodStatus,
  QueryBoolean,
  type RuleViolation,
  VcpuCount,
} from "./common";

// Pods: `/v2/pods`. The seed specifies only the response and PATCH; create, list and actions follow
// the reference spec. Mount schemas live in ./common (clusters use them too) and are re-exported
// here so pod code finds everything in one place.
export { Mounts, NetworkMount, PersistentMount, PodStatus } from "./common";

export const PodAction = z
  .enum(["start", "stop", "restart", "terminate"])
  .meta({ id: "PodAction" });
export type PodAction = z.infer<typeof PodAction>;

/** SECURE: service-owned hardware; COMMUNITY: community-hosted hardware. */
export const Cloud = z.enum(["SECURE", "COMMUNITY"]).meta({ id: "Cloud" });
export type Cloud = z.infer<typeof Cloud>;

/** GPU of a pod as answered. */
export const GpuConfig = z
  .object({ id: z.string().min(1), count: z.number().int().min(1) })
  .meta({ id: "GpuConfig" });
export type GpuConfig = z.infer<typeof GpuConfig>;

/** GPU request on pod create. CUDA constraints live here so they cannot be stated for a CPU pod. */
export const CreateGpuConfig = z
  .strictObject({
    /** GPU type id from the catalogue, e.g. `NVIDIA GeForce RTX 4090`. */
    id: z.string().min(1),
    count: z.number().int().min(1).default(1),
    /** Exact host CUDA versions; `[]` states no constraint. Non-empty excludes `minCudaVersion` (400). */
    allowedCudaVersions: z.array(MajorMinor).optional(),
    /** Numeric floor: 12.11 is above 12.2. */
    minCudaVersion: MajorMinor.optional(),
  })
  .meta({ id: "CreateGpuConfig" });
export type CreateGpuConfig = z.infer<typeof CreateGpuConfig>;

export const CreateCpuConfig = z
  .strictObject({ id: z.string().min(1), vcpuCount: VcpuCount })
  .meta({ id: "CreateCpuConfig" });
export type CreateCpuConfig = z.infer<typeof CreateCpuConfig>;

export const PodSshEndpoint = z
  .object({ host: z.string(), port: z.number().int(), username: z.string(), command: z.string() })
  .meta({ id: "PodSshEndpoint" });
export type PodSshEndpoint = z.infer<typeof PodSshEndpoint>;

/** `proxy` via the SSH gateway; `direct` only when `22/tcp` is published on a public port. */
export const PodSsh = z
  .object({ proxy: PodSshEndpoint.nullable(), direct: PodSshEndpoint.nullable() })
  .meta({ id: "PodSsh" });
export type PodSsh = z.infer<typeof PodSsh>;

export const PodGlobalNetworking = z
  .object({
    enabled: z.boolean(),
    ip: z.string().optional(),
    /** `<podId>.runpod.internal` */
    internalDns: z.string().optional(),
  })
  .meta({ id: "PodGlobalNetworking" });
export type PodGlobalNetworking = z.infer<typeof PodGlobalNetworking>;

export const PodClusterRole = z
  .enum(["SLURM_CONTROLLER", "SLURM_COMPUTE", "RAY_HEAD", "RAY_WORKER"])
  .meta({ id: "PodClusterRole" });
export type PodClusterRole = z.infer<typeof PodClusterRole>;

export const PodCluster = z
  .object({
    id: z.string(),
    rank: z.number().int().nullable(),
    role: PodClusterRole.optional(),
    ip: z.string().optional(),
  })
  .meta({ id: "PodCluster" });
export type PodCluster = z.infer<typeof PodCluster>;

export const Utilization = z
  .object({ util: z.number().int().optional() })
  .meta({ id: "Utilization" });
export type Utilization = z.infer<typeof Utilization>;

export const PodGpuUtilization = z
  .object({ util: z.number().int().optional(), memoryUtil: z.number().int().optional() })
  .meta({ id: "PodGpuUtilization" });
export type PodGpuUtilization = z.infer<typeof PodGpuUtilization>;

export const PodRuntimePort = z
  .object({
    private: z.number().int().optional(),
    public: z.number().int().nullable().optional(),
    type: z.string().optional(),
    ip: z.string().nullable().optional(),
  })
  .meta({ id: "PodRuntimePort" });
export type PodRuntimePort = z.infer<typeof PodRuntimePort>;

/** Live utilisation; every member optional as in the reference (the real service omits some). */
export const PodRuntime = z
  .object({
    /** Seconds. */
    uptime: z.number().int().optional(),
    gpus: z.array(PodGpuUtilization).optional(),
    cpu: Utilization.optional(),
    memory: Utilization.optional(),
    ports: z.array(PodRuntimePort).optional(),
  })
  .meta({ id: "PodRuntime" });
export type PodRuntime = z.infer<typeof PodRuntime>;

/**
 * Pod as answered. Required keys are the union of the seed's and the reference's: the seed marks
 * `cudaVersion` optional, the reference requires it (nullable); always sending it satisfies both.
 */
export const Pod = z
  .object({
    ...ContainerConfigShape,
    id: z.string(),
    name: z.string(),
    status: PodStatus,
    /** Valid actions for the current status. */
    actions: z.array(PodAction),
    mounts: Mounts,
    cloud: Cloud,
    /** Assigned by the scheduler. */
    dataCenterId: z.string().nullable(),
    /** Host CUDA version; kept while stopped; null when unknown or not applicable. */
    cudaVersion: z.string().nullable(),
    ssh: PodSsh,
    /** Template used at creation. */
    template: z.string().nullable(),
    /** USD per hour; 0 when EXITED or TERMINATED. */
    cost: z.number().min(0),
    /** A locked pod cannot be stopped or reset. */
    locked: z.boolean(),
    globalNetworking: PodGlobalNetworking,
    /** Null unless RUNNING. */
    runtime: PodRuntime.nullable(),
    createdAt: IsoDateTime,
    startedAt: IsoDateTime.nullable(),
    gpu: GpuConfig.optional(),
    cpu: CpuConfig.optional(),
    /** Cluster members only; they are managed through `/v2/clusters/{id}`. */
    cluster: PodCluster.optional(),
  })
  .meta({ id: "Pod" });
export type Pod = z.infer<typeof Pod>;

export const ListPodsResponse = z.object({ pods: z.array(Pod) }).meta({ id: "ListPodsResponse" });
export type ListPodsResponse = z.infer<typeof ListPodsResponse>;

export const ListPodsQuery = z.object({
  /** Cluster member pods are left out unless `true`. */
  includeClusterPods: QueryBoolean.default(false),
});
export type ListPodsQuery = z.infer<typeof ListPodsQuery>;

/**
 * `startSsh` / `startJupyter` have no schema default: a template may supply them, so the service must
 * see whether the body sent them (it applies false otherwise).
 */
export const CreatePodInput = z
  .strictObject({
    ...OptionalContainerConfigShape,
    name: z.string().min(1),
    cloud: Cloud.default("SECURE"),
    /** Exactly one of `gpu` and `cpu` (a service rule, 400: see `podComputeViolations`). */
    gpu: CreateGpuConfig.optional(),
    cpu: CreateCpuConfig.optional(),
    /** Preference list. */
    dataCenterIds: z.array(z.string().min(1)).optional(),
    mounts: Mounts.optional(),
    /** Needs an NVIDIA GPU and a data center with `globalNetwork`. */
    globalNetworking: z.boolean().default(false),
    startJupyter: z.boolean().optional(),
    startSsh: z.boolean().optional(),
    /** Pod template (a serverless one gives 422); `image` is required unless this is set (a service rule). */
    templateId: z.string().min(1).optional(),
  })
  .meta({ id: "CreatePodRequest" });
export type CreatePodInput = z.infer<typeof CreatePodInput>;

/** The seed's PATCH body: every field optional; unknown properties rejected. */
export const UpdatePodInput = z
  .strictObject({
    ...OptionalContainerConfigShape,
    name: z.string().min(1).optional(),
    /** Applies the template's container settings (not its mounts); no link is kept. */
    templateId: z.string().min(1).optional(),
    /** Omitted or `{}` leaves mounts unchanged; see `mountPatchViolations` for the 400 rules. */
    mounts: Mounts.optional(),
    locked: z.boolean().optional(),
    /** Takes effect at the next start or restart. */
    globalNetworking: z.boolean().optional(),
  })
  .meta({ id: "UpdatePodRequest" });
export type UpdatePodInput = z.infer<typeof UpdatePodInput>;

export const PodActionInput = z
  .strictObject({ action: PodAction })
  .meta({ id: "PodActionRequest" });
export type PodActionInput = z.infer<typeof PodActionInput>;

// ---- Rules that are 400s rather than schema violations (the seed and reference say which). ----

export {
  applyMountPatch,
  mountKind,
  mountPatchViolations,
  mountViolations,
  type MountKind,
} from "./pod-mount-rules";

/** Create: exactly one of `gpu`/`cpu`; a non-empty CUDA set excludes a CUDA floor; no persistent mount on a CPU pod. */
export function podComputeViolations(
  body: Pick<CreatePodInput, "gpu" | "cpu" | "mounts">,
): RuleViolation[] {
  const out: RuleViolation[] = [];
  if ((body.gpu === undefined) === (body.cpu === undefined)) {
    out.push({ path: "$", message: "exactly one of gpu and cpu must be set" });
  }
  const cuda = body.gpu?.allowedCudaVersions;
  if (cuda && cuda.length > 0 && body.gpu?.minCudaVersion !== undefined) {
    out.push({
      path: "gpu.minCudaVersion",
      message: "cannot be combined with a non-empty allowedCudaVersions",
    });
  }
  if (body.cpu !== undefined && body.mounts?.persistent !== undefined) {
    out.push({
      path: "mounts.persistent",
      message: "is not available on CPU pods; use a network volume",
    });
  }
  return out;
}
