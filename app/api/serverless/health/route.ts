import { getEndpointLive, listEndpoints } from "@/lib/cloud/endpoints";
import { readRoute } from "../../_lib/read-route";

/**
 * Live numbers of every endpoint for the list (queue depth, workers, cost): endpoint id → numbers,
 * or null for one whose numbers could not be read (the list still shows the others). Load
 * balancers are read through the management API only (see getEndpointLive).
 */
export const GET = readRoute(async (cloud) => {
  const endpoints = await listEndpoints(cloud);
  const health = await Promise.all(
    endpoints.map((e) => getEndpointLive(cloud, e).catch(() => null)),
  );
  return { health: Object.fromEntries(endpoints.map((e, i) => [e.id, health[i]])) };
});
