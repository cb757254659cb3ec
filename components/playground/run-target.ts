"use client";

import { poolsFromCatalog, workerPrice } from "@/components/endpoints/gpu-pools";
import type { PlaygroundRun, RunTarget } from "@/lib/console-store/run-view";
import { usd } from "@/components/forms/format";
import { jobCostEstimate, usdEstimate } from "@/lib/pricing/serverless-cost";
import { useGpuTypes } from "@/lib/queries/catalog";
import { useEndpoints } from "@/lib/queries/endpoints";
import { useModelName } from "./model-names";
import type { Endpoint } from "@/lib/schemas/endpoints";

/** What a run cost: the platform's own figure, or an estimate for a user's own endpoint. */
export interface RunCost {
  amount: number;
  /** True for an own endpoint's run: execution time × price per worker-second. */
  estimate: boolean;
  /** How the estimate was made, for a tooltip. */
  basis?: string;
}

/**
 * The user's endpoints, with the GPU catalogue, for naming runs and pricing their jobs. Read only
 * when `needed` (a list of hosted-model runs needs neither).
 */
export function useRunTargets(needed: boolean) {
  const endpoints = useEndpoints({ enabled: needed });
  const gpus = useGpuTypes();
  const pools = gpus.data ? poolsFromCatalog(gpus.data) : null;
  const modelName = useModelName();
  const byId = new Map<string, Endpoint>(endpoints.data?.map((e) => [e.id, e]));
  return {
    /** A model's name; an endpoint's name (its id while the list loads, or once it is deleted). */
    name(target: RunTarget): string {
      if (target.kind === "model") return modelName(target.slug) ?? target.slug;
      return byId.get(target.id)?.name ?? target.id;
    },
    cost(run: PlaygroundRun): RunCost | undefined {
      return runCost(
        run,
        run.target.kind === "endpoint" ? byId.get(run.target.id) : undefined,
        pools,
      );
    },
  };
}

/**
 * A hosted model reports its cost in the output (`run.cost`); a user's own endpoint does not, so
 * its run gets the Requests tab's estimate (`jobCostEstimate`) from the endpoint's first-choice
 * pool price.
 */
export function runCost(
  run: PlaygroundRun,
  endpoint: Pick<Endpoint, "gpu"> | undefined,
  pools: ReturnType<typeof poolsFromCatalog> | null,
): RunCost | undefined {
  if (run.cost !== undefined) return { amount: run.cost, estimate: false };
  if (run.target.kind !== "endpoint" || !endpoint || !pools) return undefined;
  const price = workerPrice(pools, endpoint.gpu);
  const amount = jobCostEstimate(run, price?.perSecond);
  if (amount === undefined || !price) return undefined;
  return {
    amount,
    estimate: true,
    basis: `Estimate: execution time × ${usdEstimate(price.perSecond)}/s (${price.gpuCount} GPU(s) on ${price.pool}, the first-choice pool)`,
  };
}

/** `$0.00085` for a reported cost; `≈ $0.00085` (as on the Requests tab) for an estimate; `—` for none. */
export function formatRunCost(cost: RunCost | undefined): string {
  if (!cost) return "—";
  return cost.estimate ? `≈ ${usdEstimate(cost.amount)}` : usd(cost.amount);
}
