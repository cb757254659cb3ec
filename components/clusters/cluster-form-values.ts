import type { ClusterType, CreateClusterInput } from "@/lib/schemas/clusters";
import type { CreateClusterFormOutput, CreateClusterFormValues } from "./cluster-form-schema";

// The create form's plain values and mapping, apart from its zod schema (./cluster-form-schema),
// which the form loads at its first validation.

/** Where a cluster's network volume appears on every node (the platform refuses any other path). */
export const CLUSTER_VOLUME_PATH = "/workspace";

export const CLUSTER_TYPE_LABEL: Record<ClusterType, string> = {
  APPLICATION: "Application (identical nodes)",
  TRAINING: "Training (multi-node PyTorch)",
  SLURM: "Slurm (controller + compute nodes)",
  RAY: "Ray (head + workers)",
};

/** The cluster types, in the order the form offers them. */
export const CLUSTER_TYPES = Object.keys(CLUSTER_TYPE_LABEL) as ClusterType[];

export const CLUSTER_FIELDS = [
  "name",
  "type",
  "image",
  "compute.gpuTypeId",
  "compute.gpuCountPerPod",
  "compute.podCount",
  "dataCenterId",
  "networkVolumeId",
] as const;

/** Platform paths of the create body → the form field that shows them. */
export const CLUSTER_ALIASES: Record<string, string> = {
  dataCenterIds: "dataCenterId",
  mounts: "networkVolumeId",
  "mounts.network": "networkVolumeId",
  compute: "compute.gpuTypeId",
};

export const NEW_CLUSTER_DEFAULTS: CreateClusterFormValues = {
  name: "",
  type: "TRAINING",
  image: "runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04",
  compute: { gpuTypeId: "", gpuCountPerPod: 1, podCount: 2 },
  dataCenterId: "",
  networkVolumeId: "",
  startSsh: true,
};

/** Form values → the create body: the volume mounted at /workspace, the data center as a list. */
export function toCreateClusterInput(values: CreateClusterFormOutput): CreateClusterInput {
  return {
    name: values.name,
    type: values.type,
    image: values.image,
    compute: values.compute,
    ...(values.dataCenterId && !values.networkVolumeId
      ? { dataCenterIds: [values.dataCenterId] }
      : {}),
    ...(values.networkVolumeId
      ? { mounts: { network: [{ volumeId: values.networkVolumeId, path: CLUSTER_VOLUME_PATH }] } }
      : {}),
    ports: values.startSsh ? ["22/tcp"] : [],
    startSsh: values.startSsh,
    startJupyter: false,
  };
}
