import { getEndpoint, isLoadBalancer } from "@/lib/cloud/endpoints";
import { listRequests } from "@/lib/cloud/jobs";
import { readRoute } from "../../../_lib/read-route";

// A load balancer has no jobs, and its `/requests` would reach (and wake) the user's own server.
export const GET = readRoute<{ id: string }>(async (cloud, { id }) => {
  const endpoint = await getEndpoint(cloud, id);
  if (isLoadBalancer(endpoint)) return { requests: [], limit: 0 };
  return listRequests(cloud, id);
});
