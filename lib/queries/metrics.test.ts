import { describe, expect, it } from "vitest";
import type { EndpointMetricsView, MetricsViewBucket } from "@/lib/schemas/metrics-view";
import { keepSamples } from "./metrics";

const bucket = (start: string, running: number | null): MetricsViewBucket => ({
  start,
  requests: null,
  delayMs: null,
  executionMs: null,
  coldStarts: null,
  workers:
    running === null ? null : { running, idle: 0, initializing: 0, throttled: 0, unhealthy: 0 },
  queue: running === null ? null : { inQueue: running, inProgress: 0 },
});
const answer = (
  source: EndpointMetricsView["source"],
  buckets: MetricsViewBucket[],
): EndpointMetricsView => ({
  endpointId: "ep",
  window: "15m",
  from: buckets[0]!.start,
  to: buckets.at(-1)!.start,
  now: buckets.at(-1)!.start,
  bucketSeconds: 15,
  source,
  fallbackReason: source === "documented" ? "no metrics API" : null,
  buckets,
  spend: { bucketSeconds: 15, points: [] },
  limits: [],
});
const T = (s: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, s)).toISOString();

describe("keepSamples", () => {
  it("keeps earlier reads' workers and queue for intervals the documented sources left empty", () => {
    const first = answer("documented", [bucket(T(0), null), bucket(T(15), 2)]);
    const second = answer("documented", [bucket(T(15), null), bucket(T(30), 3)]);
    const kept = keepSamples(first, second);
    expect(kept.buckets.map((b) => b.workers?.running ?? null)).toEqual([2, 3]);
    expect(kept.buckets[0]!.queue).toEqual({ inQueue: 2, inProgress: 0 });
  });

  it("never overwrites a newer reading, and takes the metrics API's answer as it is", () => {
    const first = answer("documented", [bucket(T(15), 2)]);
    expect(
      keepSamples(first, answer("documented", [bucket(T(15), 5)])).buckets[0]!.workers?.running,
    ).toBe(5);
    const platform = answer("platform", [bucket(T(15), null)]);
    expect(keepSamples(first, platform)).toBe(platform);
  });
});
