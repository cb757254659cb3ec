import type { Tone } from "@/components/ui/badge";
import type { Endpoint } from "@/lib/schemas/endpoints";
import type { EndpointLive } from "@/lib/schemas/jobs";
import type { GpuPool } from "./gpu-pools";

/** One word for an endpoint's state, from its workers right now. */
export function liveStatus(health: Pick<EndpointLive, "workers">): {
  tone: Tone;
  word: string;
  pulse?: boolean;
} {
  const w = health.workers;
  if (w.ready > 0) return { tone: "success", word: "ready" };
  if (w.unhealthy > 0) return { tone: "danger", word: "unhealthy" };
  if (w.initializing > 0) return { tone: "info", word: "initializing", pulse: true };
  if (w.throttled > 0) return { tone: "warning", word: "throttled" };
  return { tone: "neutral", word: "scaled to zero" };
}

/**
 * What the endpoint costs this second: every worker holding a machine (all but throttled ones)
 * at its first-choice pool's price per GPU-second times its GPUs. Workers placed on a fallback
 * pool may cost more, so it is an estimate ("≈").
 */
export function liveCost(
  endpoint: Pick<Endpoint, "gpu">,
  health: Pick<EndpointLive, "workers">,
  pools: readonly GpuPool[],
) {
  const w = health.workers;
  const billed = w.running + w.idle + w.initializing + w.unhealthy;
  const pool = pools.find((p) => p.id === endpoint.gpu?.pools[0]);
  if (!pool) return null;
  const perWorker = pool.pricePerSecond * (endpoint.gpu?.count ?? 1);
  return { billed, pool: pool.id, perWorker, perSecond: billed * perWorker };
}
