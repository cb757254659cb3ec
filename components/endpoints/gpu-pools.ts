import type { AvailabilityLevel, GpuType } from "@/lib/schemas/catalog";
import { workerPriceFrom, type GpuChoice, type PoolPrices, type WorkerPrice } from "./worker-price";

const LEVELS: readonly AvailabilityLevel[] = ["NONE", "LOW", "MEDIUM", "HIGH"];
const compareCuda = (a: string, b: string) => {
  const [am = 0, an = 0] = a.split(".").map(Number);
  const [bm = 0, bn = 0] = b.split(".").map(Number);
  return am - bm || an - bn;
};

export interface GpuPool {
  id: string;
  /** VRAM of the pool's cards, GB. */
  memory: number;
  /** USD per GPU-second on serverless (the catalogue's $/h ÷ 3600). */
  pricePerSecond: number;
  gpuNames: string[];
  /** Best availability among the pool's GPU types, when the catalogue was asked for it. */
  availability?: AvailabilityLevel;
  /** CUDA versions the pool's GPU types offer together, ascending. */
  cudaVersions: string[];
}

/** Serverless pools from the GPU catalogue, cheapest first. GPU types without a pool are pod-only. */
export function poolsFromCatalog(gpus: readonly GpuType[]): GpuPool[] {
  const pools = new Map<string, GpuPool>();
  for (const gpu of gpus) {
    if (!gpu.pool) continue;
    const hourly = gpu.price.serverless ?? gpu.price.secure;
    const pool = pools.get(gpu.pool) ?? {
      id: gpu.pool,
      memory: gpu.memory,
      pricePerSecond: 0,
      gpuNames: [],
      cudaVersions: [],
    };
    pool.pricePerSecond = Math.max(pool.pricePerSecond, hourly / 3600);
    pool.memory = Math.min(pool.memory, gpu.memory);
    pool.gpuNames.push(gpu.name);
    if (gpu.availability) {
      const best = Math.max(
        LEVELS.indexOf(pool.availability ?? "NONE"),
        LEVELS.indexOf(gpu.availability),
      );
      pool.availability = LEVELS[best];
    }
    for (const c of gpu.cudaVersions ?? [])
      if (!pool.cudaVersions.includes(c.version)) pool.cudaVersions.push(c.version);
    pools.set(gpu.pool, pool);
  }
  for (const pool of pools.values()) pool.cudaVersions.sort(compareCuda);
  return [...pools.values()].sort(
    (a, b) => a.pricePerSecond - b.pricePerSecond || a.memory - b.memory,
  );
}

/**
 * What an endpoint costs while its workers run: per worker-second on the first-choice pool (the
 * scheduler falls back to later pools, which may cost more), per day at min workers always on,
 * per hour at max workers busy.
 */
export function projectCost(pool: GpuPool | undefined, gpuCount: number, min = 0, max = 0) {
  if (!pool) return null;
  const perWorkerSecond = pool.pricePerSecond * Math.max(1, gpuCount || 1);
  return {
    perWorkerSecond,
    perWorkerHour: perWorkerSecond * 3600,
    minPerDay: perWorkerSecond * 86_400 * (min || 0),
    maxPerHour: perWorkerSecond * 3600 * (max || 0),
  };
}

/** Each pool's price per GPU-second, by pool id. */
export function poolPrices(pools: readonly GpuPool[]): PoolPrices {
  return Object.fromEntries(pools.map((p) => [p.id, p.pricePerSecond]));
}

/** One worker-second of a GPU choice on these pools (see `workerPriceFrom`). */
export function workerPrice(pools: readonly GpuPool[], gpu: GpuChoice): WorkerPrice | null {
  return workerPriceFrom(poolPrices(pools), gpu);
}

/** CUDA versions offered by every one of the chosen pools' GPU types together (union), ascending. */
export function cudaVersionsOf(pools: readonly GpuPool[], chosen: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of pools) if (chosen.includes(p.id)) p.cudaVersions.forEach((v) => out.add(v));
  return [...out].sort(compareCuda);
}
