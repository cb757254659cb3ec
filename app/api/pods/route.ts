import { listPods } from "@/lib/cloud/pods";
import { readRoute } from "../_lib/read-route";

/** `?includeClusterPods=true` adds cluster member pods (left out by default, as on the platform). */
export const GET = readRoute(async (cloud, _params, url) => ({
  pods: await listPods(cloud, {
    includeClusterPods: url.searchParams.get("includeClusterPods") === "true",
  }),
}));
