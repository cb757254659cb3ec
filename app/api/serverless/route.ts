import { listEndpoints } from "@/lib/cloud/endpoints";
import { readRoute } from "../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ endpoints: await listEndpoints(cloud) }));
