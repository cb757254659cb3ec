import { listApiKeys } from "@/lib/cloud/api-keys";
import { readRoute } from "../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ keys: await listApiKeys(cloud) }));
