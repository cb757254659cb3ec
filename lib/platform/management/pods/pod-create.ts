import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Mounts } from "@/lib/schemas/common";
import { mountViolations, podComputeViolations, type CreatePodInput } from "@/lib/schemas/pods";
import type { Template } from "@/lib/schemas/templates";
import type { AvailabilitySnapshot } from "../../catalog/availability.service";
import { problem, problems } from "../../http/problem";
import { throwIfViolations, violation } from "../../http/rule-violations";
import type { Database } from "../../store/schema";
import { getSshKeys } from "../account/ssh-keys.repository";
import { getVolume } from "../network-volumes/network-volumes.repository";
import { requireOwnRegistry } from "../registries/registries.repository";
import { DEFAULT_CONTAINER_DISK_GB, findUsableTemplate } from "../templates/templates.service";
import {
  hourlyRate,
  placePod,
  resolveCompute,
  type Compute,
  type Placement,
} from "./pod-placement";
import { publishPorts, type PodDoc } from "./pod-record";

/** A pod about to be inserted: its document plus the columns placement decided. */
export interface PodPlan {
  doc: PodDoc;
  placement: Placement;
  templateId: string | null;
  networkVolumeId: string | null;
}

export const randomHex = (bytes: number) => randomBytes(bytes).toString("hex");
export const simulatedIp = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

/** Pod templates only (seed: a serverless template gives 422); unknown or inaccessible → 404. */
export async function podTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<Template> {
  const t = await findUsableTemplate(db, accountId, id);
  if (!t) throw problems.notFound("template");
  if (t.serverless) {
    throw problem(422, `template ${id} is a serverless template; pods need a pod template`, [
      `templateId: template ${id} is a serverless template`,
    ]);
  }
  return t;
}

/** A network mount's volume: the caller's (404 otherwise), Secure Cloud only, placed beside the pod. */
export async function mountVolume(
  db: Kysely<Database>,
  accountId: string,
  mounts: Mounts,
  cloud: string,
  path = "mounts.network[0]",
) {
  const entry = mounts.network?.[0];
  if (!entry) return undefined;
  const volume = await getVolume(db, accountId, entry.volumeId);
  if (!volume)
    throw problem(404, `network volume ${entry.volumeId} not found`, [
      `${path}.volumeId: network volume ${entry.volumeId} not found`,
    ]);
  if (cloud !== "SECURE")
    throw violation("cloud", "network volumes can be attached only to SECURE cloud pods");
  return volume;
}

/**
 * Create rules in one place: compute (exactly one of gpu/cpu), template resolution (body wins, env
 * merged), mounts (one kind; network volumes on Secure Cloud, only at deployment, replacing
 * `/workspace`), global networking (NVIDIA + eligible data center), then placement with stock.
 */
export async function planPod(
  db: Kysely<Database>,
  accountId: string,
  body: CreatePodInput,
  stock: AvailabilitySnapshot,
): Promise<PodPlan> {
  throwIfViolations([...podComputeViolations(body), ...mountViolations(body.mounts)]);
  const template =
    body.templateId !== undefined ? await podTemplate(db, accountId, body.templateId) : undefined;
  const image = body.image ?? template?.image;
  if (image === undefined)
    throw problems.validation(["image: is required unless templateId is set"]);
  const compute: Compute = resolveCompute(body, body.cloud);

  let mounts: Mounts = body.mounts ?? {};
  if (mounts.network && mounts.network.length === 0) mounts = {};
  // CPU pods do not inherit a template's persistent mount (reference).
  if (body.mounts === undefined && template?.mounts.persistent && compute.kind === "gpu") {
    mounts = { persistent: template.mounts.persistent };
  }
  const volume = await mountVolume(db, accountId, mounts, body.cloud);

  if (body.globalNetworking && (compute.kind !== "gpu" || compute.gpu.manufacturer !== "NVIDIA")) {
    throw violation("globalNetworking", "needs an NVIDIA GPU pod");
  }
  const registry = body.registry !== undefined ? body.registry : (template?.registry ?? null);
  await requireOwnRegistry(db, accountId, registry);

  // Sending either CUDA field replaces the template's constraint entirely (reference).
  const cudaFromBody =
    body.gpu?.allowedCudaVersions !== undefined || body.gpu?.minCudaVersion !== undefined;
  const cuda = cudaFromBody
    ? { allowed: body.gpu?.allowedCudaVersions, min: body.gpu?.minCudaVersion }
    : { allowed: template?.allowedCudaVersions };
  const placement = placePod(
    {
      compute,
      cloud: body.cloud,
      dataCenterIds: body.dataCenterIds ?? [],
      ...(volume ? { volume } : {}),
      globalNetworking: body.globalNetworking,
      cuda: compute.kind === "gpu" ? cuda : undefined,
    },
    stock,
  );

  const env: Record<string, string> = { ...template?.env, ...body.env };
  const startJupyter = body.startJupyter ?? template?.startJupyter ?? false;
  const startSsh = body.startSsh ?? template?.startSsh ?? false;
  if (startJupyter && env.JUPYTER_PASSWORD === undefined) env.JUPYTER_PASSWORD = randomHex(10);
  if (startSsh && env.PUBLIC_KEY === undefined) {
    const keys = await getSshKeys(db, accountId);
    if (keys.length > 0) env.PUBLIC_KEY = keys.join("\n");
  }
  const ports = body.ports ?? template?.ports ?? [];
  const doc: PodDoc = {
    image,
    args: body.args ?? template?.args ?? "",
    disk: body.disk ?? template?.disk ?? DEFAULT_CONTAINER_DISK_GB,
    ports,
    env,
    registry,
    mounts,
    cloud: body.cloud,
    ...(compute.kind === "gpu"
      ? { gpu: { id: compute.gpu.id, count: compute.count } }
      : {
          cpu: {
            id: compute.cpu.id,
            vcpuCount: compute.vcpuCount,
            memory: Math.max(1, Math.round(compute.cpu.ramGbPerVcpu * compute.vcpuCount)),
          },
        }),
    costPerHour: hourlyRate(compute, body.cloud),
    globalNetworking: body.globalNetworking
      ? { requested: true, active: true, ip: globalIp() }
      : { requested: false, active: false },
    sshToken: randomHex(4),
    publicIp: simulatedIp(),
    portMap: publishPorts(ports, {}, Math.random),
  };
  return {
    doc,
    placement,
    templateId: template?.id ?? null,
    networkVolumeId: volume?.id ?? null,
  };
}

/** A private address on the account's global network. */
export const globalIp = () =>
  `10.65.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}`;
