import { listClusters } from "@/lib/cloud/clusters";
import { readRoute } from "../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ clusters: await listClusters(cloud) }));
