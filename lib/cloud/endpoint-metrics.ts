import { EndpointMetrics, type MetricsWindow } from "@/lib/schemas/metrics";
import type { EndpointMetricsView } from "@/lib/schemas/metrics-view";
import { getServerlessBilling } from "./billing";
import type { Cloud } from "./client";
import { getEndpoint, getEndpointLive, isLoadBalancer } from "./endpoints";
import { CloudError } from "./errors";
import { listRequests } from "./jobs";
import {
  fromDocumentedSources,
  fromPlatformMetrics,
  REQUESTS_LIMIT,
  windowBuckets,
  type Reading,
} from "./metrics-documented";

/** Control API `GET /_platform/endpoints/{id}/metrics` (the local platform): series it aggregated. */
export function getPlatformMetrics(cloud: Cloud, id: string, window: MetricsWindow) {
  return cloud.request({
    family: "control",
    path: `/endpoints/${encodeURIComponent(id)}/metrics`,
    query: { window },
    schema: EndpointMetrics,
  });
}

/**
 * Why the metrics API cannot serve this key, when that is the platform's answer: 404 (no such
 * API, as on the real service; the endpoint itself was found first) or 403 (a key that is not
 * all-access). Anything else is a failure to report, not a reason to fall back.
 */
function fallbackReasonOf(error: unknown): string | null {
  if (!(error instanceof CloudError) || error.source !== "platform") return null;
  if (error.status === 404)
    return "GET /_platform/endpoints/{id}/metrics answered 404: the platform has no control API, as on the real service";
  if (error.status === 403)
    return "the metrics API needs an all-access key, and this session's key is not one";
  return null;
}

async function reading<T>(read: Promise<T>): Promise<Reading<T>> {
  try {
    return { ok: true, value: await read };
  } catch (error) {
    if (!(error instanceof CloudError)) throw error;
    return { ok: false, detail: `${error.status}: ${error.detail}` };
  }
}

/**
 * An endpoint's metrics over `window` for the Metrics tab: the platform's metrics API when it
 * answers, else the documented APIs (`/health`, `/requests`, billing per hour), saying what they
 * cannot show. An unknown endpoint is the management API's 404.
 */
export async function readEndpointMetrics(
  cloud: Cloud,
  id: string,
  window: MetricsWindow,
  now: () => number = Date.now,
): Promise<EndpointMetricsView> {
  const endpoint = await getEndpoint(cloud, id);
  let fallbackReason: string;
  try {
    return fromPlatformMetrics(await getPlatformMetrics(cloud, endpoint.id, window));
  } catch (error) {
    const reason = fallbackReasonOf(error);
    if (reason === null) throw error;
    fallbackReason = reason;
  }

  const at = now();
  const { from, to } = windowBuckets(window, at);
  const hour = 3_600_000;
  const [live, requests, billing] = await Promise.all([
    reading(getEndpointLive(cloud, endpoint)),
    // A load balancer's job-API paths reach (and wake) the user's own server.
    isLoadBalancer(endpoint) ? null : reading(listRequests(cloud, endpoint.id, REQUESTS_LIMIT)),
    reading(
      getServerlessBilling(
        cloud,
        {
          bucketSize: "hour",
          startTime: new Date(Math.floor(from / hour) * hour).toISOString(),
          endTime: new Date(to).toISOString(),
        },
        { serverlessId: endpoint.id },
      ),
    ),
  ]);
  return fromDocumentedSources({
    endpointId: endpoint.id,
    window,
    now: at,
    fallbackReason,
    live,
    requests,
    billing,
  });
}
