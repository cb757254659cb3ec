import type { Tone } from "@/components/ui/badge";
import type { EndpointLive } from "@/lib/schemas/jobs";
import type { WorkerPrice } from "./worker-price";

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
 * at its first-choice pool's price per worker-second. Workers placed on a fallback pool may cost
 * more, so it is an estimate ("≈").
 */
export function liveCost(price: WorkerPrice | null, health: Pick<EndpointLive, "workers">) {
  if (!price) return null;
  const w = health.workers;
  const billed = w.running + w.idle + w.initializing + w.unhealthy;
  return {
    billed,
    pool: price.pool,
    perWorker: price.perSecond,
    perSecond: billed * price.perSecond,
  };
}
