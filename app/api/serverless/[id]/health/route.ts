import { getEndpoint, getEndpointLive } from "@/lib/cloud/endpoints";
import { readRoute } from "../../../_lib/read-route";

/**
 * The endpoint header's live numbers: jobs and workers by state (workers only for a load balancer,
 * read through the management API so that looking never starts a worker).
 */
export const GET = readRoute<{ id: string }>(async (cloud, { id }) =>
  getEndpointLive(cloud, await getEndpoint(cloud, id)),
);
