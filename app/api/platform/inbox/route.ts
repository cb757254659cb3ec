import { getInbox, listDeliveries } from "@/lib/cloud/devtools";
import { localReadRoute } from "../_local-route";

/** The receiver URL, what it received, and every delivery attempt, in one poll. */
export const GET = localReadRoute(async (cloud) => {
  const [inbox, { deliveries }] = await Promise.all([getInbox(cloud), listDeliveries(cloud)]);
  return { ...inbox, deliveries };
});
