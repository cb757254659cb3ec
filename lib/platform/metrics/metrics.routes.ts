import { IdParam } from "@/lib/schemas/common";
import { EndpointMetrics, MetricsQuery } from "@/lib/schemas/metrics";
import { problems } from "../http/problem";
import type { JobEngine } from "../jobs/engine/engine";
import type { PlatformServices } from "../platform";

/**
 * `GET /_platform/endpoints/{id}/metrics?window=15m|1h|6h|24h|7d`: the endpoint's metrics as the
 * platform aggregated them (endpoint-metrics.ts), for an `all` key of the endpoint's account.
 * Unlike the other control routes it is in the OpenAPI document, as the console's typed source.
 */
export function registerMetricsRoutes(s: PlatformServices, e: JobEngine): void {
  const { routes, devtools } = s;
  routes.add({
    method: "get",
    path: "/_platform/endpoints/{id}/metrics",
    summary:
      "An endpoint's metrics over a window, in 60 buckets: outcomes, delay and execution p50/p95/p99, cold starts, workers by state, queue depth, spend (local platform)",
    tags: ["Local platform"],
    access: { control: "account" },
    params: IdParam,
    query: MetricsQuery,
    responses: { 200: EndpointMetrics },
    errors: [404, 422],
    handler: async ({ auth, params, query }) => {
      const endpoint = await e.endpoints.get(params.id);
      if (!endpoint || endpoint.accountId !== auth.account.id) throw problems.notFound("endpoint");
      // The last bucket's spend includes the endpoint's worker time not charged yet (a read:
      // the next accrual charges it, in that bucket).
      const unbilled = (now: number) => e.workers.unbilled(now, auth.account.id, endpoint.id);
      return {
        status: 200,
        body: await devtools.metrics.read(endpoint.id, auth.account.id, query.window, unbilled),
      };
    },
  });
}
