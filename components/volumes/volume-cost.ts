import type { VolumeType } from "@/lib/schemas/common";

/**
 * USD per month: standard storage 0.07/GB up to 1 TB (1000 GB) and 0.05/GB beyond (seed tiers,
 * marginal). The seed does not price high-performance storage; the local platform charges a flat
 * 0.14/GB-month, shown here so the console and the bill agree.
 */
export function volumeMonthlyCost(sizeGb: number, type: VolumeType): number {
  if (type === "HIGH_PERFORMANCE") return sizeGb * 0.14;
  return Math.min(sizeGb, 1000) * 0.07 + Math.max(0, sizeGb - 1000) * 0.05;
}

export const TIER_LABEL: Record<VolumeType, string> = {
  STANDARD: "Standard",
  HIGH_PERFORMANCE: "High performance",
};
