import { listPods } from "@/lib/cloud/pods";
import { readRoute } from "../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ pods: await listPods(cloud) }));
