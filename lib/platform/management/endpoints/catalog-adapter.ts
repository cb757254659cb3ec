import { cudaVersionsForPools, dataCenterIds, poolIds } from "../../catalog";
import type { PlacementCatalog } from "./endpoint-rules";

/** The GPU catalogue (lib/platform/catalog) as the endpoint placement rules read it. */
export function placementCatalog(): PlacementCatalog {
  return {
    poolIds,
    cudaVersions: cudaVersionsForPools,
    dataCenterIds: () => new Set(dataCenterIds()),
  };
}
