import { reads, type GpuProduct } from "@/lib/cloud/reads";
import { readRoute } from "../../_lib/read-route";

/** GPU types; `?for=serverless` (or `pod`) adds their availability there and CUDA versions. */
export const GET = readRoute((cloud, _params, url) =>
  reads.gpuTypes(productOf(url.searchParams.get("for"))).read(cloud),
);

function productOf(forParam: string | null): GpuProduct | undefined {
  return forParam === "serverless" || forParam === "pod" ? forParam : undefined;
}
