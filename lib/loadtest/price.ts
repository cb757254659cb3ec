import type { GpuType } from "@/lib/schemas/catalog";

/**
 * USD per worker-second of an endpoint: its first-choice pool's price per GPU-second (the dearest
 * GPU type of the pool, serverless price else secure, per hour ÷ 3600) times GPUs per worker —
 * the same figure as the endpoint form's projection (components/endpoints/gpu-pools.ts). Null
 * when the pool is not in the catalogue.
 */
export function pricePerWorkerSecond(
  gpus: readonly GpuType[],
  gpu: { pools?: readonly string[]; count?: number } | null | undefined,
): { pool: string; perSecond: number } | null {
  const pool = gpu?.pools?.[0];
  if (!pool) return null;
  const hourly = gpus
    .filter((g) => g.pool === pool)
    .map((g) => g.price.serverless ?? g.price.secure);
  if (hourly.length === 0) return null;
  return { pool, perSecond: (Math.max(...hourly) / 3600) * Math.max(1, gpu?.count ?? 1) };
}
