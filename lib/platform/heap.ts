import v8 from "node:v8";
import type { PlatformConfig } from "./config";

/**
 * The platform process's garbage-collection policy (see `PlatformConfig.heapGrowthPercent`), set
 * before it serves. V8 reads the growth factor at each full collection, so setting it once the
 * process runs takes effect from the next one. Answers the flag set, or null for V8's own policy.
 */
export function applyHeapPolicy(
  config: Pick<PlatformConfig, "heapGrowthPercent">,
  setFlags: (flags: string) => void = v8.setFlagsFromString,
): string | null {
  if (config.heapGrowthPercent === 0) return null;
  const flag = `--heap-growing-percent=${config.heapGrowthPercent}`;
  setFlags(flag);
  return flag;
}
