import type { RuleViolation } from "@/lib/schemas/common";
import { ruleProblem } from "./endpoint-rules";
import type { VolumeLookup } from "./volume-lookup";

export interface Placement {
  /** Effective placement (stored and answered as `dataCenterIds`). */
  dataCenterIds: string[];
  volumeDataCenters: Record<string, string>;
}

/**
 * Seed "Network volume attachment rules" 1: volumes are the caller's, at most one per data center,
 * and each worker mounts the one in its data center — so workers may only run where a volume is.
 * A single volume confines them to its data center; a requested placement that leaves out a
 * volume's data center is a 400. Without volumes the requested placement is the effective one.
 */
export async function placeWorkers(
  volumes: VolumeLookup,
  accountId: string,
  volumeIds: readonly string[],
  requested: readonly string[],
): Promise<Placement> {
  if (volumeIds.length === 0) return { dataCenterIds: [...requested], volumeDataCenters: {} };
  const violations: RuleViolation[] = [];
  const volumeDataCenters: Record<string, string> = {};
  const byDataCenter = new Map<string, string>();
  for (const [i, id] of volumeIds.entries()) {
    const path = `networkVolumes[${i}]`;
    if (id in volumeDataCenters) {
      violations.push({ path, message: `network volume ${id} is listed more than once` });
      continue;
    }
    const volume = await volumes.get(accountId, id);
    if (!volume) {
      violations.push({ path, message: `network volume ${id} not found` });
      continue;
    }
    const other = byDataCenter.get(volume.dataCenterId);
    if (other) {
      violations.push({
        path,
        message: `at most one network volume per data center: ${other} and ${id} are both in ${volume.dataCenterId}`,
      });
      continue;
    }
    byDataCenter.set(volume.dataCenterId, id);
    volumeDataCenters[id] = volume.dataCenterId;
  }
  if (violations.length === 0 && requested.length > 0) {
    for (const [dc, id] of byDataCenter) {
      if (!requested.includes(dc)) {
        violations.push({
          path: "dataCenterIds",
          message: `must include ${dc}: network volume ${id} confines workers to its data center`,
        });
      }
    }
  }
  if (violations.length > 0) throw ruleProblem(violations);
  const volumeDcs = [...byDataCenter.keys()];
  // Keep the caller's order when they gave one; otherwise the volumes' order.
  const dataCenterIds =
    requested.length > 0 ? requested.filter((dc) => byDataCenter.has(dc)) : volumeDcs;
  return { dataCenterIds, volumeDataCenters };
}

/** A placement as the endpoint record stores it, beside the placement the caller asked for. */
export function placementFields(placement: Placement, requested: string[]) {
  return {
    dataCenterIds: placement.dataCenterIds,
    requestedDataCenterIds: requested,
    networkVolumes: Object.keys(placement.volumeDataCenters),
    volumeDataCenters: placement.volumeDataCenters,
  };
}
