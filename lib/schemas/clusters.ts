import { z } from "zod";
import { IsoDateTime, Mounts, OptionalBaseContainerConfigShape, PodStatus } from "./common";

// Instant clusters: `/v2/clusters`. Reference shapes; the seed only says member pods are managed
// here. `GET /v2/clusters/{id}/pods` answers `ListPodsResponse` from ./pods.

export const ClusterType = z
  .enum(["APPLICATION", "TRAINING", "SLURM", "RAY"])
  .meta({ id: "ClusterType" });
export type ClusterType = z.infer<typeof ClusterType>;

export const ClusterCompute = z
  .strictObject({
    gpuTypeId: z.string().min(1),
    gpuCountPerPod: z.number().int().min(1),
    podCount: z.number().int().min(2).max(250),
  })
  .meta({ id: "ClusterCompute" });
export type ClusterCompute = z.infer<typeof ClusterCompute>;

export const ClusterNetwork = z
  .object({
    cidr: z.string(),
    vxlanId: z.number().int().optional(),
    vxlanPort: z.number().int().optional(),
  })
  .meta({ id: "ClusterNetwork" });
export type ClusterNetwork = z.infer<typeof ClusterNetwork>;

export const ClusterPrimary = z
  .object({ podId: z.string(), status: PodStatus, sshEndpoint: z.string().optional() })
  .meta({ id: "ClusterPrimary" });
export type ClusterPrimary = z.infer<typeof ClusterPrimary>;

export const ClusterPodsSummary = z
  .object({
    total: z.number().int().min(0),
    /** Pod status → count, e.g. `{ "RUNNING": 3 }`. */
    byStatus: z.partialRecord(PodStatus, z.number().int().min(0)),
  })
  .meta({ id: "ClusterPodsSummary" });
export type ClusterPodsSummary = z.infer<typeof ClusterPodsSummary>;

export const Cluster = z
  .object({
    id: z.string(),
    name: z.string(),
    type: ClusterType,
    compute: ClusterCompute,
    template: z.string().optional(),
    dataCenterId: z.string().optional(),
    pods: ClusterPodsSummary,
    network: ClusterNetwork.optional(),
    primary: ClusterPrimary.optional(),
    createdAt: IsoDateTime,
  })
  .meta({ id: "Cluster" });
export type Cluster = z.infer<typeof Cluster>;

export const ListClustersResponse = z
  .object({ clusters: z.array(Cluster) })
  .meta({ id: "ListClustersResponse" });
export type ListClustersResponse = z.infer<typeof ListClustersResponse>;

/** Base container fields only: clusters cannot use a private registry credential. */
export const CreateClusterInput = z
  .strictObject({
    ...OptionalBaseContainerConfigShape,
    name: z.string().min(1),
    type: ClusterType,
    compute: ClusterCompute,
    dataCenterIds: z.array(z.string().min(1)).optional(),
    /** A network volume mounts at `/workspace` on every node. */
    mounts: Mounts.optional(),
    startJupyter: z.boolean().default(false),
    startSsh: z.boolean().default(false),
  })
  .meta({ id: "CreateClusterRequest" });
export type CreateClusterInput = z.infer<typeof CreateClusterInput>;

/** Rename only; `name` is the one property, so the reference's `minProperties: 1` makes it required. */
export const UpdateClusterInput = z
  .strictObject({ name: z.string().min(1) })
  .meta({ id: "UpdateClusterRequest" });
export type UpdateClusterInput = z.infer<typeof UpdateClusterInput>;
