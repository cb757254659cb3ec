import type { BillingRecord } from "@/lib/schemas/billing";
import type { BillingOverview } from "@/lib/queries/billing";

export const PRODUCTS = [
  { id: "pods", label: "Pods", color: "fill-violet-500" },
  { id: "serverless", label: "Serverless", color: "fill-sky-500" },
  { id: "storage", label: "Storage", color: "fill-amber-500" },
  { id: "models", label: "Hosted models", color: "fill-green-500" },
  { id: "clusters", label: "Clusters", color: "fill-neutral-400" },
] as const;
export type ProductId = (typeof PRODUCTS)[number]["id"];

/** One bucket's spend split by product (USD). */
export function byProduct(r: BillingRecord): Record<ProductId, number> {
  return {
    pods: r.podGpuAmount + r.podCpuAmount + r.podDiskAmount,
    serverless:
      r.serverlessGpuAmount +
      r.serverlessCpuAmount +
      r.serverlessDiskAmount +
      r.serverlessFeeAmount,
    storage: r.storageStandardAmount + r.storageHighPerformanceAmount,
    models: r.endpointAmount,
    clusters: r.clusterGpuAmount + r.clusterDiskAmount + r.clusterNetworkingAmount,
  };
}

/** The row of hosted-model spend: `/v2/billing/endpoints` has no per-model dimension. */
export const HOSTED_MODELS = "hosted-models";

export interface ResourceSpend {
  id: string;
  name: string | null;
  product: string;
  total: number;
}

/** Per-product records (one per resource per bucket) summed per resource, most expensive first. */
export function spendPerResource(data: BillingOverview): ResourceSpend[] {
  const rows = new Map<string, ResourceSpend>();
  const add = (id: string, product: string, amount: number) => {
    const row = rows.get(id) ?? { id, name: data.names[id] ?? null, product, total: 0 };
    row.total += amount;
    rows.set(id, row);
  };
  for (const r of data.pods.records) add(r.podId, "Pod", r.totalAmount);
  for (const r of data.serverless.records)
    add(r.serverlessId, "Serverless endpoint", r.totalAmount);
  for (const r of data.networkVolumes.records)
    add(r.networkVolumeId, "Network volume", r.totalAmount);
  const modelTotal = data.endpoints.metadata.totals.totalAmount;
  if (modelTotal > 0) add(HOSTED_MODELS, "Hosted models", modelTotal);
  return [...rows.values()].filter((r) => r.total > 0).sort((a, b) => b.total - a.total);
}
