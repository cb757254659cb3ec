import { envToRows, rowsToEnv } from "@/components/forms/env-rows";
import { ENDPOINT_DEFAULTS } from "@/lib/schemas/endpoint-defaults";
import type { CreateEndpointInput, Endpoint, UpdateEndpointInput } from "@/lib/schemas/endpoints";
import type { EndpointFormOutput, EndpointFormValues } from "./endpoint-form-schema";

// The endpoint form's plain values and mapping, apart from its zod schema (./endpoint-form-schema),
// which the form loads at its first validation.

/** Every field a problem's errors[] may name, as registered in the form. */
export const ENDPOINT_FORM_FIELDS = [
  "name",
  "type",
  "image",
  "templateId",
  "gpu.pools",
  "gpu.count",
  "scaling.type",
  "scaling.queueDelay",
  "scaling.requestCount",
  "workers.min",
  "workers.max",
  "workers.idleTimeout",
  "timeout",
  "flashboot",
  "ports",
  "disk",
  "dataCenterIds",
  "networkVolumes",
  "allowedCudaVersions",
  "envRows",
] as const;
export const ENDPOINT_FORM_ALIASES = { env: "envRows", gpu: "gpu.pools", scaling: "scaling.type" };

/** QUEUE + REQUEST_COUNT scales on in-flight requests and has no idle timeout (the seed's rule). */
export const hasIdleTimeout = (type: string, scaling: string) =>
  !(type === "QUEUE" && scaling === "REQUEST_COUNT");

export const NEW_ENDPOINT_DEFAULTS: EndpointFormValues = {
  name: "",
  type: "QUEUE",
  source: "image",
  image: "",
  templateId: "",
  ports: [],
  gpu: { pools: [], count: 1 },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  workers: { ...ENDPOINT_DEFAULTS.workers },
  timeout: ENDPOINT_DEFAULTS.timeout,
  flashboot: ENDPOINT_DEFAULTS.flashboot,
  dataCenterIds: [],
  networkVolumes: [],
  allowedCudaVersions: [],
  envRows: [],
};

export function valuesFromEndpoint(e: Endpoint): EndpointFormValues {
  return {
    name: e.name,
    type: e.type ?? "QUEUE",
    source: "image",
    image: e.image ?? "",
    ports: e.ports ?? [],
    disk: e.disk,
    gpu: { pools: e.gpu?.pools ?? [], count: e.gpu?.count ?? 1 },
    scaling: e.scaling,
    workers: { ...e.workers },
    timeout: e.timeout,
    flashboot: e.flashboot,
    dataCenterIds: e.dataCenterIds,
    networkVolumes: e.networkVolumes,
    allowedCudaVersions: e.allowedCudaVersions,
    envRows: envToRows(e.env),
  };
}

function common(v: EndpointFormOutput) {
  const workers = { ...v.workers };
  if (!hasIdleTimeout(v.type, v.scaling.type)) delete workers.idleTimeout;
  return {
    name: v.name,
    gpu: v.gpu,
    scaling: v.scaling,
    workers,
    timeout: v.timeout,
    flashboot: v.flashboot,
    env: rowsToEnv(v.envRows),
    ...(v.disk !== undefined ? { disk: v.disk } : {}),
  };
}

/** Form → create body: exactly one of image / templateId; empty lists left out (platform defaults). */
export function toCreateInput(v: EndpointFormOutput): CreateEndpointInput {
  return {
    ...common(v),
    type: v.type,
    ...(v.source === "image" ? { image: v.image } : { templateId: v.templateId }),
    ...(v.ports?.length ? { ports: v.ports } : {}),
    ...(v.dataCenterIds?.length ? { dataCenterIds: v.dataCenterIds } : {}),
    ...(v.networkVolumes?.length ? { networkVolumes: v.networkVolumes } : {}),
    ...(v.allowedCudaVersions?.length ? { allowedCudaVersions: v.allowedCudaVersions } : {}),
  };
}

/** Form → PATCH body: the editable settings (type is fixed at create). `[]` clears CUDA pins. */
export function toUpdateInput(v: EndpointFormOutput): UpdateEndpointInput {
  return {
    ...common(v),
    ...(v.image ? { image: v.image } : {}),
    ports: v.ports ?? [],
    dataCenterIds: v.dataCenterIds ?? [],
    networkVolumes: v.networkVolumes ?? [],
    allowedCudaVersions: v.allowedCudaVersions ?? [],
  };
}
