import { getEndpointHealth, listEndpoints } from "@/lib/cloud/endpoints";
import { readRoute } from "../../_lib/read-route";

/**
 * Live numbers of every endpoint for the list (queue depth, workers, cost): endpoint id → health,
 * or null for one whose health could not be read (the list still shows the others).
 */
export const GET = readRoute(async (cloud) => {
  const endpoints = await listEndpoints(cloud);
  const health = await Promise.all(
    endpoints.map((e) => getEndpointHealth(cloud, e.id).catch(() => null)),
  );
  return { health: Object.fromEntries(endpoints.map((e, i) => [e.id, health[i]])) };
});
