import { listNetworkVolumes } from "@/lib/cloud/network-volumes";
import { readRoute } from "../_lib/read-route";

export const GET = readRoute(async (cloud) => ({
  networkVolumes: await listNetworkVolumes(cloud),
}));
