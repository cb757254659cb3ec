"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MetricsWindow } from "@/lib/schemas/metrics";
import type { EndpointMetricsView } from "@/lib/schemas/metrics-view";
import { fetchJson } from "./fetch-json";
import { endpointKeys } from "./keys";

export const metricsKeys = {
  window: (id: string, window: MetricsWindow) =>
    [...endpointKeys.detail(id), "metrics", window] as const,
};

/** How often each window is read again while shown: about every few of its buckets. */
export const METRICS_POLL_MS: Record<MetricsWindow, number> = {
  "15m": 5_000,
  "1h": 5_000,
  "6h": 15_000,
  "24h": 30_000,
  "7d": 60_000,
};

/**
 * Documented sources tell workers and queue depth only as they are now (the last bucket): keep
 * what earlier reads of the same window said for buckets still in it, so the chart fills in while
 * it is open. The metrics API's own answers are taken as they are.
 */
export function keepSamples(
  previous: EndpointMetricsView | undefined,
  next: EndpointMetricsView,
): EndpointMetricsView {
  if (next.source !== "documented" || previous?.source !== "documented") return next;
  const earlier = new Map(previous.buckets.map((b) => [b.start, b]));
  return {
    ...next,
    buckets: next.buckets.map((b) => {
      const before = earlier.get(b.start);
      if (!before) return b;
      return {
        ...b,
        workers: b.workers ?? before.workers,
        queue: b.queue ?? before.queue,
      };
    }),
  };
}

/** An endpoint's metrics over one window (the Metrics tab, the header's sparklines), polled. */
export function useEndpointMetrics(
  id: string,
  window: MetricsWindow,
  { refetchInterval = METRICS_POLL_MS[window] }: { refetchInterval?: number } = {},
) {
  const client = useQueryClient();
  const queryKey = metricsKeys.window(id, window);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      keepSamples(
        client.getQueryData<EndpointMetricsView>(queryKey),
        await fetchJson<EndpointMetricsView>(
          `/api/serverless/${encodeURIComponent(id)}/metrics?window=${window}`,
          { signal },
        ),
      ),
    refetchInterval,
  });
}
