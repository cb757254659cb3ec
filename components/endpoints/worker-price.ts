/** USD per GPU-second on serverless, by pool id (the GPU catalogue's prices). */
export type PoolPrices = Readonly<Record<string, number>>;

/** An endpoint's GPU choice as far as its price goes: first-choice pool first, GPUs per worker. */
export type GpuChoice = { pools?: readonly string[]; count?: number } | null | undefined;

/** What one worker of an endpoint costs while it holds a machine. */
export interface WorkerPrice {
  pool: string;
  gpuCount: number;
  perSecond: number;
}

/**
 * The price of one worker-second: the first-choice pool's price per GPU-second times the GPUs per
 * worker (workers placed on a fallback pool may cost more). Null when the first pool is unknown.
 */
export function workerPriceFrom(prices: PoolPrices, gpu: GpuChoice): WorkerPrice | null {
  const pool = gpu?.pools?.[0];
  const perGpu = pool === undefined ? undefined : prices[pool];
  if (pool === undefined || perGpu === undefined) return null;
  const gpuCount = Math.max(1, gpu?.count || 1);
  return { pool, gpuCount, perSecond: perGpu * gpuCount };
}
