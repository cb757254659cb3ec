import { jobErrorLine } from "@/lib/console-store/job-error";
import { getEndpoint, isLoadBalancer } from "@/lib/cloud/endpoints";
import { listRequests } from "@/lib/cloud/jobs";
import type { RequestsView } from "@/lib/schemas/requests-view";
import { readRoute } from "../../../_lib/read-route";

// A load balancer has no jobs, and its `/requests` would reach (and wake) the user's own server.
export const GET = readRoute<{ id: string }>(async (cloud, { id }): Promise<RequestsView> => {
  const endpoint = await getEndpoint(cloud, id);
  if (isLoadBalancer(endpoint)) return { requests: [], limit: 0 };
  const list = await listRequests(cloud, id);
  return {
    ...list,
    requests: list.requests.map((job) =>
      job.error === undefined ? job : { ...job, errorLine: jobErrorLine(job.error) },
    ),
  };
});
