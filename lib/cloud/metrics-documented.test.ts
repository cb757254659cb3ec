import { describe, expect, it } from "vitest";
import type { JobSummary } from "@/lib/schemas/jobs";
import { fromDocumentedSources, percentiles, windowBuckets } from "./metrics-documented";

const NOW = Date.UTC(2026, 5, 1, 12, 7, 20);
const live = {
  ok: true as const,
  value: {
    jobs: { completed: 0, failed: 0, inProgress: 1, inQueue: 2, retried: 0 },
    workers: { idle: 1, initializing: 0, ready: 2, running: 1, throttled: 0, unhealthy: 0 },
  },
};
const noBilling = {
  ok: true as const,
  value: {
    records: [],
    metadata: {
      query: { startTime: "", endTime: "", bucketSize: "hour" as const },
      recordCount: 0,
      uniqueServerlessCount: 0,
      totals: { totalAmount: 0, gpuAmount: 0, cpuAmount: 0, diskAmount: 0, feeAmount: 0 },
    },
  },
};
const job = (at: number, over: Partial<JobSummary> = {}): JobSummary => ({
  id: `j${at}`,
  status: "COMPLETED",
  createdAt: new Date(at).toISOString(),
  delayTime: 1_000,
  executionTime: 2_000,
  ...over,
});
const sources = (requests: JobSummary[], limit = 200) => ({
  endpointId: "ep",
  window: "15m" as const,
  now: NOW,
  fallbackReason: "no metrics API",
  live,
  requests: { ok: true as const, value: { requests, limit } },
  billing: noBilling,
});

describe("the Metrics tab from documented sources", () => {
  it("cuts the window like the platform: 60 buckets ending with the one holding now", () => {
    const { bucketMs, from, to } = windowBuckets("15m", NOW);
    expect(bucketMs).toBe(15_000);
    expect(to).toBe(Date.UTC(2026, 5, 1, 12, 7, 30));
    expect(to - from).toBe(15 * 60_000);
  });

  it("places a job in the bucket where it ended: creation plus delay plus execution", () => {
    const { from } = windowBuckets("15m", NOW);
    // Created 2 s before a bucket boundary, ended 1 s after it.
    const m = fromDocumentedSources(sources([job(from + 10 * 15_000 - 2_000)]));
    expect(m.buckets[10]!.requests).toEqual({ completed: 1, failed: 0, cancelled: 0, timedOut: 0 });
    expect(m.buckets[9]!.requests?.completed).toBe(0);
    expect(m.buckets[10]!.executionMs).toEqual({ p50: 2000, p95: 2000, p99: 2000 });
  });

  it("counts each outcome and leaves jobs still queued or running out", () => {
    const at = NOW - 5_000;
    const m = fromDocumentedSources(
      sources([
        job(at, { status: "FAILED" }),
        job(at, { status: "TIMED_OUT" }),
        job(at, { status: "CANCELLED", delayTime: undefined, executionTime: undefined }),
        job(at, { status: "IN_PROGRESS", executionTime: undefined }),
        job(at, { status: "IN_QUEUE", delayTime: undefined, executionTime: undefined }),
      ]),
    );
    const sum = m.buckets.reduce(
      (s, b) => ({
        completed: s.completed + (b.requests?.completed ?? 0),
        failed: s.failed + (b.requests?.failed ?? 0),
        cancelled: s.cancelled + (b.requests?.cancelled ?? 0),
        timedOut: s.timedOut + (b.requests?.timedOut ?? 0),
      }),
      { completed: 0, failed: 0, cancelled: 0, timedOut: 0 },
    );
    expect(sum).toEqual({ completed: 0, failed: 1, cancelled: 1, timedOut: 1 });
  });

  it("marks buckets older than a full list's oldest job unknown and says so", () => {
    const oldest = NOW - 5 * 60_000;
    const jobs = [job(NOW - 10_000), job(oldest)];
    const m = fromDocumentedSources(sources(jobs, 2));
    const { from } = windowBuckets("15m", NOW);
    const firstKnown = m.buckets.findIndex((b) => b.requests !== null);
    expect(from + firstKnown * 15_000).toBeGreaterThanOrEqual(oldest);
    expect(from + (firstKnown - 1) * 15_000).toBeLessThan(oldest);
    expect(m.limits).toContainEqual({
      chart: "latency",
      shown: "partly",
      reason: expect.stringMatching(/lists only the newest 2 jobs: nothing before 12:02 UTC/),
    });
  });

  it("puts /health's workers and queue in the last bucket only", () => {
    const m = fromDocumentedSources(sources([]));
    expect(m.buckets.at(-1)!.workers).toMatchObject({ running: 1, idle: 1 });
    expect(m.buckets.at(-1)!.queue).toEqual({ inQueue: 2, inProgress: 1 });
    expect(m.buckets.slice(0, -1).every((b) => b.workers === null && b.queue === null)).toBe(true);
  });

  it("names a source that failed instead of drawing zeros", () => {
    const m = fromDocumentedSources({
      ...sources([]),
      requests: { ok: false, detail: "404: not found" },
      billing: { ok: false, detail: "503: platform unreachable" },
    });
    expect(m.buckets.every((b) => b.requests === null)).toBe(true);
    expect(m.limits).toEqual(
      expect.arrayContaining([
        {
          chart: "requests",
          shown: "none",
          reason: "the job API's /requests could not be read (404: not found)",
        },
        {
          chart: "spend",
          shown: "none",
          reason: "billing could not be read (503: platform unreachable)",
        },
      ]),
    );
  });

  it("takes nearest-rank percentiles", () => {
    expect(percentiles([])).toBeNull();
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(xs)).toEqual({ p50: 50, p95: 95, p99: 99 });
  });
});
