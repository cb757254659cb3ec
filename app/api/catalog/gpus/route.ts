import { listGpuTypes } from "@/lib/cloud/catalog";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ gpus: await listGpuTypes(cloud) }));
