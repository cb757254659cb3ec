import { listClusterPods } from "@/lib/cloud/clusters";
import { readRoute } from "../../../_lib/read-route";

export const GET = readRoute<{ id: string }>(async (cloud, { id }) => ({
  pods: await listClusterPods(cloud, id),
}));
