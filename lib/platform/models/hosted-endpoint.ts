import { findModel, type ModelKind } from "@/lib/models";
import type { EndpointRecord } from "../management/endpoints/endpoint-record";

/**
 * Each (account, hosted model) pair is served by a hidden system endpoint of the job engine. It
 * has no row in `endpoints`: its record is derived from its id, so it is never listed, edited or
 * deleted through `/v2/serverless`, and the engine (queue, workers, scaling, retention, webhooks,
 * rate limits) treats it like any queue endpoint. Real endpoint ids are alphanumeric, so the dots
 * of `model.<account id>.<slug>` cannot collide with them.
 */
const PREFIX = "model.";

/** The image of hosted-model workers (built in, see `hosted-model-image.ts`). */
export const HOSTED_MODEL_IMAGE = "hangar/hosted-model";

/** Where hosted-model workers run: no catalogue pool, so they never use the user's GPU stock. */
export const HOSTED_PLACEMENT = {
  pool: "HOSTED",
  gpuTypeId: "hosted-model",
  dataCenterId: "LOCAL",
} as const;

/** Env of a hosted endpoint's record that the built-in image reads. */
export const HOSTED_ENV = {
  slug: "HANGAR_HOSTED_MODEL",
  account: "HANGAR_HOSTED_ACCOUNT",
  runtime: "HANGAR_HOSTED_RUNTIME",
} as const;

const COLD_START_BY_KIND: Record<ModelKind, EndpointRecord["flashboot"]> = {
  image: "FLASHBOOT",
  video: "OFF",
  audio: "PRIORITY_FLASHBOOT",
  text: "PRIORITY_FLASHBOOT",
};

export function hostedEndpointId(accountId: string, slug: string): string {
  return `${PREFIX}${accountId}.${slug}`;
}

export function isHostedEndpointId(id: string): boolean {
  return id.startsWith(PREFIX);
}

export function parseHostedEndpointId(id: string): { accountId: string; slug: string } | null {
  if (!isHostedEndpointId(id)) return null;
  const rest = id.slice(PREFIX.length);
  const dot = rest.indexOf(".");
  if (dot <= 0) return null;
  const accountId = rest.slice(0, dot);
  const slug = rest.slice(dot + 1);
  return findModel(slug) ? { accountId, slug } : null;
}

/**
 * The record of a hosted endpoint, or null when `id` is not one. `runtime` names the platform
 * instance whose services the in-process workers use (files, billing, the clock).
 */
export function hostedEndpointRecord(id: string, runtime: string): EndpointRecord | null {
  const parsed = parseHostedEndpointId(id);
  if (!parsed) return null;
  return {
    id,
    accountId: parsed.accountId,
    name: parsed.slug,
    type: "QUEUE",
    image: `${HOSTED_MODEL_IMAGE}:${parsed.slug}`,
    args: "",
    disk: 0,
    ports: [],
    env: {
      [HOSTED_ENV.slug]: parsed.slug,
      [HOSTED_ENV.account]: parsed.accountId,
      [HOSTED_ENV.runtime]: runtime,
    },
    registry: null,
    gpu: { pools: [HOSTED_PLACEMENT.pool], count: 1 },
    // Up to 3 workers per account and model; one more starts when a job waited 1 s.
    workers: { min: 0, max: 3, idleTimeout: 60 },
    scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    dataCenterIds: [HOSTED_PLACEMENT.dataCenterId],
    networkVolumes: [],
    timeout: 600_000,
    // Cold start by kind (PLATFORM_COLD_START_MS): video models load longest, text and speech
    // servers stay warm.
    flashboot: COLD_START_BY_KIND[findModel(parsed.slug)!.kind],
    allowedCudaVersions: [],
    version: 1,
    createdAt: 0,
    updatedAt: 0,
  };
}
