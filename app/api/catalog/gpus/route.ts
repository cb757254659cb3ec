import { listGpuTypes } from "@/lib/cloud/catalog";
import { readRoute } from "../../_lib/read-route";

/** GPU types; `?for=serverless` (or `pod`) adds their availability there and CUDA versions. */
export const GET = readRoute(async (cloud, _params, url) => ({
  gpus: await listGpuTypes(cloud, productOf(url.searchParams.get("for"))),
}));

function productOf(forParam: string | null) {
  if (forParam === "serverless") return "SERVERLESS" as const;
  if (forParam === "pod") return "POD" as const;
  return undefined;
}
