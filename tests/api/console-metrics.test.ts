import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EndpointMetricsView, type MetricsViewBucket } from "@/lib/schemas/metrics-view";
import {
  advance,
  createEndpoint,
  eventually,
  jobApi,
  run,
  settle,
  startManualPlatform,
  startRealPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";
import type { TestPlatform } from "./support/platform";

// The console's metrics route handler (app/api/serverless/[id]/metrics) against real platforms:
// one with its control API, whose metrics API it passes on, and one started with
// PLATFORM_CONTROL_API=off (the way the real service looks), where it assembles what the
// documented APIs give and names what they cannot. The session is stubbed to a platform key;
// everything after it (lib/cloud, fetch, the platform) is real.

let apiKey = "";
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requireSession: async () => ({ apiKey }),
}));

const route = await import("@/app/api/serverless/[id]/metrics/route");

/** Calls the handler as Next.js would, as `key` on the platform `tp`. */
async function metrics(tp: TestPlatform, id: string, query: string, key = tp.key) {
  apiKey = key;
  process.env.PLATFORM_API_URL = tp.url;
  const res = await route.GET(
    new Request(`http://console.test/api/serverless/${id}/metrics${query}`),
    { params: Promise.resolve({ id }) },
  );
  return { status: res.status, body: (await res.json()) as unknown };
}

async function view(tp: TestPlatform, id: string, query: string, key?: string) {
  const { status: code, body } = await metrics(tp, id, query, key);
  expect(code, JSON.stringify(body)).toBe(200);
  return EndpointMetricsView.parse(body);
}

const total = (bs: MetricsViewBucket[], f: (b: MetricsViewBucket) => number | undefined) =>
  bs.reduce((s, b) => s + (f(b) ?? 0), 0);

afterAll(() => {
  delete process.env.PLATFORM_API_URL;
});

describe("console metrics route against the local platform (metrics API on)", () => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform("sqlite", { PLATFORM_COLD_START_MS: "2000/2000/2000" });
  });
  afterAll(async () => tp?.close());

  it("passes on the platform's series: outcomes, delay and execution, cold starts, workers, queue and spend per bucket, with nothing missing", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 2 } });
    const done = [await run(tp, ep, { mock_delay: 1 }), await run(tp, ep, { mock_delay: 1 })];
    const failed = await run(tp, ep, { mock_error: true });
    await advance(tp, 2_000 + 3_000);
    for (const id of done) expect((await status(tp, ep, id)).body.status).toBe("COMPLETED");
    expect((await status(tp, ep, failed)).body.status).toBe("FAILED");
    await run(tp, ep, { mock_delay: 30 }); // in progress when read
    await advance(tp, 1_000);

    const m = await view(tp, ep, "?window=15m");
    expect(m).toMatchObject({
      endpointId: ep,
      window: "15m",
      source: "platform",
      fallbackReason: null,
      bucketSeconds: 15,
      limits: [],
    });
    expect(m.buckets).toHaveLength(60);
    expect(total(m.buckets, (b) => b.requests?.completed)).toBe(2);
    expect(total(m.buckets, (b) => b.requests?.failed)).toBe(1);
    expect(m.buckets.some((b) => b.delayMs !== null && b.executionMs !== null)).toBe(true);
    expect(total(m.buckets, (b) => b.coldStarts?.count)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...m.buckets.map((b) => b.coldStarts?.maxMs ?? 0))).toBe(2000);
    const last = m.buckets.at(-1)!;
    expect(last.workers?.running).toBeGreaterThanOrEqual(1);
    expect(last.queue?.inProgress).toBe(1);
    expect(m.spend.bucketSeconds).toBe(15);
    expect(m.spend.points).toHaveLength(60);
    expect(m.spend.points.reduce((s, p) => s + p.usd, 0)).toBeGreaterThan(0);

    // The same numbers the metrics API answers itself.
    const direct = (await (
      await tp.request(`/_platform/endpoints/${ep}/metrics?window=15m`)
    ).json()) as { buckets: { requests: unknown; start: string }[] };
    expect(m.buckets.map((b) => [b.start, b.requests])).toEqual(
      direct.buckets.map((b) => [b.start, b.requests]),
    );
  });

  it("falls back to the documented APIs for a key the metrics API refuses (not all-access), saying why", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: { name: "ro", permission: { type: "read" } },
    });
    const { key } = (await res.json()) as { key: string };
    const m = await view(tp, ep, "?window=1h", key);
    expect(m.source).toBe("documented");
    expect(m.fallbackReason).toMatch(/needs an all-access key/);
    expect(m.limits.map((l) => l.chart)).toContain("coldStarts");
  });

  it.each([
    ["a window that is not one of 15m, 1h, 6h, 24h, 7d", "?window=2d", 422],
    ["an endpoint that does not exist", "?window=1h", 404],
  ])("answers a problem for %s", async (_, query, code) => {
    const id = code === 404 ? "nosuchendpoint" : await createEndpoint(tp);
    const { status: got, body } = await metrics(tp, id, query);
    expect(got, JSON.stringify(body)).toBe(code);
    expect(body).toMatchObject({ status: code });
  });

  it("defaults to the 1 h window", async () => {
    const ep = await createEndpoint(tp);
    await settle(tp);
    const m = await view(tp, ep, "");
    expect(m).toMatchObject({ window: "1h", bucketSeconds: 60 });
  });
});

describe("console metrics route against a platform without a control API (the real service's shape)", () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startRealPlatform("sqlite", { PLATFORM_CONTROL_API: "off" });
  });
  afterAll(async () => tp?.close());

  /** Runs jobs on the real clock and waits until the platform says each has ended. */
  async function served(ep: string, inputs: Record<string, unknown>[]) {
    const ids: string[] = [];
    for (const input of inputs) {
      const r = await jobApi(tp, ep, "/run", { method: "POST", json: { input } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as string);
    }
    await eventually(async () => {
      for (const id of ids)
        expect(["COMPLETED", "FAILED"]).toContain(
          (await jobApi(tp, ep, `/status/${id}`)).body.status,
        );
    }, 20_000);
    return ids;
  }

  it("builds outcomes and latency from /requests, workers and queue now from /health and spend per hour from billing, and names what it cannot show", async () => {
    expect((await tp.request(`/_platform/health`)).status).toBe(404);
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 2, idleTimeout: 60 } });
    await served(ep, [
      { mock_delay: 0.2 },
      { mock_delay: 0.2 },
      { mock_delay: 0.2 },
      { mock_error: true },
    ]);

    const m = await view(tp, ep, "?window=15m");
    expect(m).toMatchObject({ source: "documented", window: "15m", bucketSeconds: 15 });
    expect(m.fallbackReason).toMatch(/metrics answered 404: the platform has no control API/);
    expect(m.buckets).toHaveLength(60);
    // Every bucket of 15 minutes is within what /requests still lists.
    expect(m.buckets.every((b) => b.requests !== null)).toBe(true);
    expect(total(m.buckets, (b) => b.requests?.completed)).toBe(3);
    expect(total(m.buckets, (b) => b.requests?.failed)).toBe(1);
    const withJobs = m.buckets.filter((b) => b.executionMs !== null);
    expect(withJobs.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...withJobs.map((b) => b.executionMs!.p99))).toBeGreaterThanOrEqual(200);
    expect(m.buckets.every((b) => b.coldStarts === null)).toBe(true);
    // /health answers the present: the bucket holding now.
    const last = m.buckets.at(-1)!;
    expect(last.workers).not.toBeNull();
    expect(last.workers!.running + last.workers!.idle).toBeGreaterThanOrEqual(1);
    expect(last.queue).toEqual({ inQueue: 0, inProgress: 0 });
    expect(m.buckets.slice(0, -1).every((b) => b.workers === null)).toBe(true);
    expect(m.spend.bucketSeconds).toBe(3600);
    expect(m.spend.points.length).toBeGreaterThanOrEqual(1);

    const limits = Object.fromEntries(m.limits.map((l) => [l.chart, l]));
    expect(limits.coldStarts).toMatchObject({
      shown: "none",
      reason: /does not report cold starts/,
    });
    expect(limits.workers).toMatchObject({ shown: "partly", reason: /as they are now/ });
    expect(limits.spend).toMatchObject({ shown: "partly", reason: /per hour/ });
    expect(limits.requests).toBeUndefined();
    expect(limits.latency).toBeUndefined();
  });

  it("says that requests and latency before the job API's 30 minutes are missing on a longer window", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    await served(ep, [{ mock_delay: 0.1 }]);
    const m = await view(tp, ep, "?window=6h");
    expect(total(m.buckets, (b) => b.requests?.completed)).toBe(1);
    // 6 min buckets: those older than 30 minutes are unknown, not zero.
    expect(m.buckets.filter((b) => b.requests === null).length).toBeGreaterThanOrEqual(50);
    expect(m.limits).toContainEqual({
      chart: "requests",
      shown: "partly",
      reason: expect.stringMatching(/lists a job only 30 minutes after it ends: nothing before/),
    });
  });

  it("leaves out requests and latency for a load balancer, which has no job queue", async () => {
    const ep = await createEndpoint(tp, { type: "LOAD_BALANCER" });
    const m = await view(tp, ep, "?window=15m");
    expect(m.buckets.every((b) => b.requests === null && b.delayMs === null)).toBe(true);
    expect(m.limits).toContainEqual({
      chart: "requests",
      shown: "none",
      reason: expect.stringMatching(/load balancer has no job queue/),
    });
    expect(m.buckets.at(-1)!.workers).not.toBeNull();
  });
});
