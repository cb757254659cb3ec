import { usd } from "@/components/forms/format";
import { projectCost, type GpuPool } from "./gpu-pools";

/** The projected cost of the current choices, in words. */
export function EndpointCostLine({
  pools,
  gpu,
  workers,
}: {
  pools: readonly GpuPool[];
  gpu: { pools?: string[]; count?: number } | undefined;
  workers: { min?: number; max?: number } | undefined;
}) {
  const first = pools.find((p) => p.id === gpu?.pools?.[0]);
  const cost = projectCost(first, gpu?.count ?? 1, workers?.min, workers?.max);
  return (
    <p
      aria-live="polite"
      className="rounded-md bg-neutral-50 px-3 py-2 text-sm dark:bg-neutral-900"
    >
      {cost && first ? (
        <>
          Projected cost: each running worker on {first.id} costs{" "}
          <strong>{usd(cost.perWorkerSecond)}/s</strong> ({usd(cost.perWorkerHour)}/h).{" "}
          {cost.minPerDay > 0
            ? `${workers?.min} always-on worker(s) ≈ ${usd(cost.minPerDay)}/day even when idle. `
            : "Nothing while idle (min workers 0). "}
          All {workers?.max ?? 0} workers busy ≈ {usd(cost.maxPerHour)}/h.
        </>
      ) : (
        "Projected cost: choose a GPU pool to see the price per worker-second."
      )}
    </p>
  );
}
