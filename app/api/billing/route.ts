import {
  getBilling,
  getEndpointBilling,
  getNetworkVolumeBilling,
  getPodBilling,
  getServerlessBilling,
  type BillingWindow,
} from "@/lib/cloud/billing";
import type { Cloud } from "@/lib/cloud/client";
import { listEndpoints } from "@/lib/cloud/endpoints";
import { getPlatformEnvironment } from "@/lib/cloud/environment";
import { listNetworkVolumes } from "@/lib/cloud/network-volumes";
import { listPods } from "@/lib/cloud/pods";
import { whoami } from "@/lib/cloud/platform";
import { BillingQueryParams } from "@/lib/schemas/billing";
import { readRoute } from "../_lib/read-route";

/** Only the local platform can say what a key's balance is; null elsewhere or when it cannot answer. */
async function balanceOf(cloud: Cloud): Promise<number | null> {
  if ((await getPlatformEnvironment()).kind !== "local") return null;
  return whoami(cloud)
    .then((me) => me.account.balance)
    .catch(() => null);
}

/**
 * Names of the resources still listed, so the per-resource table shows names beside ids. A resource
 * that was deleted keeps only its id; a list the key may not read leaves names out.
 */
async function resourceNames(cloud: Cloud): Promise<Record<string, string>> {
  const lists = await Promise.all([
    listPods(cloud).catch(() => []),
    listEndpoints(cloud).catch(() => []),
    listNetworkVolumes(cloud).catch(() => []),
  ]);
  return Object.fromEntries(lists.flat().map((r) => [r.id, r.name]));
}

/**
 * The billing page in one read: balance, spend per bucket by product, and spend per resource, for
 * the window in the query (`bucketSize` with `lastN`, or `startTime`/`endTime`; default the last
 * 30 days). The platform judges the window's rules and its 400 is passed on.
 */
export const GET = readRoute(async (cloud, _params, url) => {
  const range: BillingWindow = BillingQueryParams.parse(Object.fromEntries(url.searchParams));
  if (range.lastN === undefined && !range.startTime && !range.endTime) range.lastN = 30;
  const [balance, spend, pods, serverless, endpoints, networkVolumes, names] = await Promise.all([
    balanceOf(cloud),
    getBilling(cloud, range),
    getPodBilling(cloud, range),
    getServerlessBilling(cloud, range),
    getEndpointBilling(cloud, range),
    getNetworkVolumeBilling(cloud, range),
    resourceNames(cloud),
  ]);
  return { balance, spend, pods, serverless, endpoints, networkVolumes, names };
});
