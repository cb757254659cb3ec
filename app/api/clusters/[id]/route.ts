import { getCluster } from "@/lib/cloud/clusters";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => getCluster(cloud, id));
