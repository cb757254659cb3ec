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
import { readRoute } from "../_lib/read-route";

const WINDOW: BillingWindow = { bucketSize: "day", lastN: 30 };

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

/** The billing page in one read: balance, spend per day by product, and spend per resource. */
export const GET = readRoute(async (cloud) => {
  const [balance, spend, pods, serverless, endpoints, networkVolumes, names] = await Promise.all([
    balanceOf(cloud),
    getBilling(cloud, WINDOW),
    getPodBilling(cloud, WINDOW),
    getServerlessBilling(cloud, WINDOW),
    getEndpointBilling(cloud, WINDOW),
    getNetworkVolumeBilling(cloud, WINDOW),
    resourceNames(cloud),
  ]);
  return { balance, spend, pods, serverless, endpoints, networkVolumes, names };
});
