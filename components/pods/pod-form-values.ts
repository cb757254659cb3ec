import { envToRows, rowsToEnv } from "@/components/forms/env-rows";
import { mountPatchViolations } from "@/lib/schemas/pod-mount-rules";
import type { CreatePodInput, Mounts, UpdatePodInput } from "@/lib/schemas/pods";
import type { EditablePod } from "./editable-pod";
import type { DeployPodOutput, DeployPodValues, EditPodValues } from "./pod-form-schema";

// The pod forms' plain values and mapping, apart from their zod schemas (./pod-form-schema), which
// the forms load at their first validation.

// ---- Deploy (`/pods/new`) ----

export const DEPLOY_FIELDS = [
  "name",
  "cloud",
  "gpu.id",
  "gpu.count",
  "image",
  "templateId",
  "ports",
  "disk",
  "envRows",
  "registry",
  "dataCenterIds",
  "networkVolumeId",
  "mountPath",
] as const;
export const DEPLOY_ALIASES = {
  env: "envRows",
  gpu: "gpu.id",
  mounts: "networkVolumeId",
  "mounts.network[0].path": "mountPath",
  globalNetworking: "gpu.id",
};

export const NEW_POD_DEFAULTS: DeployPodValues = {
  name: "",
  cloud: "SECURE",
  gpu: { id: "", count: 1 },
  source: "image",
  image: "",
  templateId: "",
  ports: ["8888/http", "22/tcp"],
  disk: 20,
  envRows: [],
  registry: "",
  dataCenterIds: [],
  networkVolumeId: "",
  mountPath: "/workspace",
};

export function toCreatePodInput(v: DeployPodOutput): CreatePodInput {
  return {
    name: v.name,
    cloud: v.cloud,
    gpu: v.gpu,
    ...(v.source === "image" ? { image: v.image } : { templateId: v.templateId }),
    ports: v.ports,
    disk: v.disk,
    env: rowsToEnv(v.envRows),
    ...(v.registry ? { registry: v.registry } : {}),
    globalNetworking: false,
    ...(v.dataCenterIds.length ? { dataCenterIds: v.dataCenterIds } : {}),
    ...(v.networkVolumeId
      ? { mounts: { network: [{ volumeId: v.networkVolumeId, path: v.mountPath }] } }
      : {}),
  };
}

// ---- Edit (`/pods/[id]`) ----

export const EDIT_FIELDS = [
  "name",
  "image",
  "args",
  "ports",
  "disk",
  "envRows",
  "registry",
  "templateId",
  "locked",
  "globalNetworking",
  "mount",
] as const;
export const EDIT_ALIASES = { env: "envRows", mounts: "mount" };

export function valuesFromPod(pod: EditablePod): EditPodValues {
  const network = pod.mounts.network?.[0];
  const persistent = pod.mounts.persistent;
  return {
    name: pod.name,
    image: pod.image,
    args: pod.args,
    ports: pod.ports,
    disk: pod.disk,
    envRows: envToRows(pod.env),
    registry: pod.registry ?? "",
    templateId: "",
    locked: pod.locked,
    globalNetworking: pod.globalNetworking.enabled,
    mount: network
      ? { kind: "network", volumeId: network.volumeId, path: network.path, size: undefined }
      : persistent
        ? { kind: "persistent", size: persistent.size, path: persistent.path, volumeId: "" }
        : { kind: "none", volumeId: "", path: "", size: undefined },
  };
}

/**
 * The mounts part of a PATCH exactly as typed: incomplete entries are sent as they are (the
 * platform answers 422 naming the missing field), "none" sends nothing (clearing is not supported).
 */
export function mountsPatch(mount: EditPodValues["mount"]): Mounts | undefined {
  if (mount.kind === "persistent")
    return { persistent: { size: mount.size as number, path: mount.path } };
  if (mount.kind === "network")
    return { network: [{ volumeId: mount.volumeId, path: mount.path }] };
  return undefined;
}

/** What the platform will say about a mounts change, shown before submit (the seed's 400 rules). */
export function mountWarnings(stored: Mounts, mount: EditPodValues["mount"]): string[] {
  const patch = mountsPatch(mount);
  const out = mountPatchViolations(stored, patch).map((v) => `${v.path} ${v.message}`);
  if (mount.kind === "persistent" && (!mount.size || !mount.path))
    out.push("a persistent mount needs both a size and a path");
  if (mount.kind === "network" && (!mount.volumeId || !mount.path))
    out.push("a network mount needs both a volume and a path");
  return out;
}

/** Only what changed goes into the PATCH, so an untouched field can never be refused. */
export function toUpdatePodInput(
  values: EditPodValues,
  dirty: Partial<Record<keyof EditPodValues, unknown>>,
): UpdatePodInput {
  const patch: UpdatePodInput = {};
  if (dirty.name) patch.name = values.name;
  if (dirty.image) patch.image = values.image;
  if (dirty.args) patch.args = values.args;
  if (dirty.registry) patch.registry = values.registry || null;
  if (dirty.ports) patch.ports = values.ports;
  if (dirty.disk) patch.disk = values.disk;
  // With a template the platform merges env per key (ours win) and the result replaces the pod's
  // env: always send ours, so what the preview shows is what the pod gets.
  if (dirty.envRows || values.templateId) patch.env = rowsToEnv(values.envRows);
  if (values.templateId) patch.templateId = values.templateId;
  if (dirty.locked) patch.locked = values.locked;
  if (dirty.globalNetworking) patch.globalNetworking = values.globalNetworking;
  if (dirty.mount) {
    const mounts = mountsPatch(values.mount);
    if (mounts) patch.mounts = mounts;
  }
  return patch;
}
