import { readEndpointMetrics } from "@/lib/cloud/endpoint-metrics";
import { MetricsQuery } from "@/lib/schemas/metrics";
import { readRoute } from "../../../_lib/read-route";

/**
 * The endpoint's Metrics tab and header sparklines: `?window=15m|1h|6h|24h|7d` (default 1h; any
 * other value is a 422). The platform's metrics API when it answers, else the documented sources
 * with the charts they cannot fill named (lib/cloud/endpoint-metrics.ts).
 */
export const GET = readRoute<{ id: string }>(async (cloud, { id }, url) => {
  const { window } = MetricsQuery.parse({ window: url.searchParams.get("window") ?? undefined });
  return readEndpointMetrics(cloud, id, window);
});
