import type { VolumeType } from "@/lib/schemas/common";

/**
 * Prices the platform charges besides the catalogue's per-GPU and per-vCPU hourly rates.
 * Storage: the seed's 0.07 USD per GB-month for the first 1 TB and 0.05 beyond (marginal, per
 * volume, 1 TB = 1000 GB as the v1 API's 4000 GB "4 TB" limit counts). The seed does not price
 * high-performance storage; we charge a flat 0.14 USD per GB-month (twice standard). Pod disk
 * follows the service's published pod pricing: 0.10 USD per GB-month while the pod runs, 0.20
 * for the persistent volume of a stopped pod.
 */
export const HOURS_PER_MONTH = 730;
export const MS_PER_HOUR = 3_600_000;

export const STORAGE_RATES = {
  standardFirstTbPerGbMonth: 0.07,
  standardBeyondTbPerGbMonth: 0.05,
  tierBoundaryGb: 1000,
  highPerformancePerGbMonth: 0.14,
} as const;

export const POD_DISK_RATES = { runningPerGbMonth: 0.1, stoppedPerGbMonth: 0.2 } as const;

/** USD per month for a volume of `sizeGb` of a tier. */
export function volumeMonthlyCost(sizeGb: number, type: VolumeType): number {
  if (type === "HIGH_PERFORMANCE") return sizeGb * STORAGE_RATES.highPerformancePerGbMonth;
  const first = Math.min(sizeGb, STORAGE_RATES.tierBoundaryGb);
  const beyond = Math.max(0, sizeGb - STORAGE_RATES.tierBoundaryGb);
  return (
    first * STORAGE_RATES.standardFirstTbPerGbMonth +
    beyond * STORAGE_RATES.standardBeyondTbPerGbMonth
  );
}

/** USD for holding `sizeGb` of a tier for `ms`. */
export function volumeCost(sizeGb: number, type: VolumeType, ms: number): number {
  return (volumeMonthlyCost(sizeGb, type) * ms) / (HOURS_PER_MONTH * MS_PER_HOUR);
}

/** USD of a per-GB-month disk rate over `ms`. */
export function diskCost(sizeGb: number, perGbMonth: number, ms: number): number {
  return (sizeGb * perGbMonth * ms) / (HOURS_PER_MONTH * MS_PER_HOUR);
}

/** USD of an hourly rate over `ms`. */
export function hourlyCost(perHour: number, ms: number): number {
  return (perHour * ms) / MS_PER_HOUR;
}

/**
 * Cuts [from, to) at UTC hour boundaries so each usage row lands in exactly one billing bucket of
 * any size (hours nest in days, weeks, months, years). Very long gaps (a platform down for weeks)
 * are cut at day boundaries instead to bound the row count.
 */
export function splitByHour(from: number, to: number): [number, number][] {
  if (to <= from) return [];
  const step = to - from > 31 * 24 * MS_PER_HOUR ? 24 * MS_PER_HOUR : MS_PER_HOUR;
  const out: [number, number][] = [];
  let start = from;
  while (start < to) {
    const boundary = Math.floor(start / step) * step + step;
    const end = Math.min(boundary, to);
    out.push([start, end]);
    start = end;
  }
  return out;
}
