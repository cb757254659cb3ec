import { listGpuTypes } from "@/lib/cloud/catalog";
import { readRoute } from "../../_lib/read-route";

/** GPU types; `?for=serverless` adds their serverless availability and CUDA versions. */
export const GET = readRoute(async (cloud, _params, url) => ({
  gpus: await listGpuTypes(
    cloud,
    url.searchParams.get("for") === "serverless" ? "SERVERLESS" : undefined,
  ),
}));
