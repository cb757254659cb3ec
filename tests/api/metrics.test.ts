import { afterAll, beforeAll, expect, it } from "vitest";
import { EndpointMetrics, type MetricsBucket } from "@/lib/schemas/metrics";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";
import { startTestPlatform } from "./support/platform";

/** Nearest-rank percentile, the definition the platform documents. */
const nearestRank = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(1, Math.ceil(p * s.length)) - 1]!;
};

describeEachBackend("endpoint metrics (control API)", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_COLD_START_MS: "3000/3000/3000" });
  });
  afterAll(async () => tp?.close());

  async function metrics(endpointId: string, window: string | null = "1h", key?: string) {
    const query = window === null ? "" : `?window=${window}`;
    const res = await tp.request(`/_platform/endpoints/${endpointId}/metrics${query}`, {
      auth: key,
    });
    const body = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return EndpointMetrics.parse(body);
  }
  const bucketAt = (m: EndpointMetrics, at: number): MetricsBucket => {
    const b = m.buckets.find((x) => Date.parse(x.start) === at);
    expect(b, `a bucket starting at ${new Date(at).toISOString()}`).toBeDefined();
    return b!;
  };
  const sum = (bs: MetricsBucket[], f: (b: MetricsBucket) => number) =>
    bs.reduce((s, b) => s + f(b), 0);

  it("counts outcomes and cold starts in the bucket where they ended, and percentiles of delay and execution", async () => {
    const start = tp.clock.now();
    // The clock starts on a whole minute; this test works in whole minutes after it.
    const minute = Math.ceil(start / 60_000) * 60_000 + 60_000;
    await advance(tp, minute - start);
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 4 } });

    // First minute: a completed job after a 3 s cold start, a failure, a timeout, a cancellation.
    const completed = await run(tp, ep, { mock_delay: 2 });
    await advance(tp, 3_000 + 2_000);
    const failed = await run(tp, ep, { mock_error: true });
    await settle(tp);
    const fault = await tp.request("/_platform/faults", {
      method: "POST",
      json: { kind: "job.timeout", endpointId: ep },
    });
    expect(fault.status).toBe(201);
    const timedOut = await run(tp, ep, {});
    await settle(tp);
    // Four workers busy past the minute, so the next job waits in the queue and is cancelled there.
    const long: string[] = [];
    for (let i = 0; i < 4; i++) long.push(await run(tp, ep, { mock_delay: 70 }));
    await advance(tp, 3_000);
    const cancelled = await run(tp, ep, {});
    expect((await jobApi(tp, ep, `/cancel/${cancelled}`, { method: "POST" })).status).toBe(200);
    for (const [id, s] of [
      [completed, "COMPLETED"],
      [failed, "FAILED"],
      [timedOut, "TIMED_OUT"],
      [cancelled, "CANCELLED"],
    ] as const)
      expect((await status(tp, ep, id)).body.status).toBe(s);

    // Second minute: the four long jobs end, then 20 jobs of known lengths.
    await advance(tp, minute + 60_000 - tp.clock.now());
    const ids: string[] = [];
    for (let i = 1; i <= 20; i++) ids.push(await run(tp, ep, { mock_delay: i * 0.25 }));
    await advance(tp, 40_000);
    const delays: number[] = [];
    const executions: number[] = [];
    for (const id of [...ids, ...long]) {
      const s = (await status(tp, ep, id)).body as {
        status: string;
        delayTime: number;
        executionTime: number;
      };
      expect(s.status).toBe("COMPLETED");
      delays.push(s.delayTime);
      executions.push(s.executionTime);
    }

    const m = await metrics(ep);
    expect(m.bucketSeconds).toBe(60);
    expect(m.buckets).toHaveLength(60);
    expect(Date.parse(m.to) - Date.parse(m.from)).toBe(3_600_000);
    const first = bucketAt(m, minute);
    expect(first.requests).toEqual({ completed: 1, failed: 1, cancelled: 1, timedOut: 1 });
    expect(first.coldStarts.count).toBeGreaterThanOrEqual(1);
    expect(first.coldStarts.maxMs).toBe(3000);
    expect(first.coldStarts.meanMs).toBe(3000);
    expect(first.delayMs?.p99).toBe(3000); // the first job waited for the cold start
    const second = bucketAt(m, minute + 60_000);
    expect(second.requests).toEqual({ completed: 24, failed: 0, cancelled: 0, timedOut: 0 });
    // Outside the two minutes nothing happened.
    expect(sum(m.buckets, (b) => b.requests.completed)).toBe(25);

    // The percentiles of the second minute (its 24 jobs), within the documented error.
    const tolerance = m.percentileRelativeError;
    expect(tolerance).toBeLessThanOrEqual(0.025);
    for (const [p, key] of [
      [0.5, "p50"],
      [0.95, "p95"],
      [0.99, "p99"],
    ] as const) {
      const exec = nearestRank(executions, p);
      const delay = nearestRank(delays, p);
      expect(Math.abs(second.executionMs![key] - exec), `execution ${key}`).toBeLessThanOrEqual(
        exec * tolerance + 0.1,
      );
      expect(Math.abs(second.delayMs![key] - delay), `delay ${key}`).toBeLessThanOrEqual(
        delay * tolerance + 0.1,
      );
    }
    // A bin holding one value answers it exactly: the four long jobs ran exactly 70 s.
    expect(second.executionMs!.p99).toBe(70_000);

    // Spend: the workers ran, so the window charged something, in the buckets they ran.
    expect(sum(m.buckets, (b) => b.spend)).toBeGreaterThan(0);

    // The 24 h window counts the same jobs in its 24 min buckets.
    const day = await metrics(ep, "24h");
    expect(day.bucketSeconds).toBe(24 * 60);
    expect(sum(day.buckets, (b) => b.requests.completed)).toBe(25);
    expect(
      sum(day.buckets, (b) => b.requests.failed + b.requests.timedOut + b.requests.cancelled),
    ).toBe(3);
  });

  it("percentiles of one bucket are exact when the jobs are few and equal", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await advance(tp, 60_000);
    await advance(tp, 15_000 - (tp.clock.now() % 15_000));
    const at = tp.clock.now();
    for (let i = 0; i < 3; i++) await run(tp, ep, { mock_delay: 1 });
    await advance(tp, 3_000);
    const m = await metrics(ep, "15m");
    expect(m.bucketSeconds).toBe(15);
    const b = m.buckets.filter((x) => x.requests.completed > 0);
    expect(sum(b, (x) => x.requests.completed)).toBe(3);
    const all = bucketAt(m, Math.floor(at / 15_000) * 15_000);
    expect(all.executionMs).toEqual({ p50: 1000, p95: 1000, p99: 1000 });
    expect(all.delayMs).toEqual({ p50: 1000, p95: 2000, p99: 2000 });
  });

  it("a bucket already read answers the jobs that end in it later (the clock set back into it), and later reads answer the same", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1, idleTimeout: 600 } });
    await advance(tp, 60_000);
    await advance(tp, 15_000 - (tp.clock.now() % 15_000));
    const slot = tp.clock.now();
    await run(tp, ep, { mock_delay: 1 });
    await advance(tp, 2_000);
    // The bucket is long over: reads may keep its percentiles.
    await advance(tp, 60_000);
    const first = bucketAt(await metrics(ep, "15m"), slot);
    expect(first.executionMs).toEqual({ p50: 1000, p95: 1000, p99: 1000 });
    expect(bucketAt(await metrics(ep, "15m"), slot)).toEqual(first);

    // Back into that bucket: three 3 s jobs end in it.
    const res = await tp.request("/_platform/clock", {
      method: "POST",
      json: { mode: "manual", at: slot + 1_000 },
    });
    expect(res.status).toBe(200);
    for (let i = 0; i < 3; i++) await run(tp, ep, { mock_delay: 3 });
    // One worker: they end 3, 6 and 9 s later, inside the 15 s bucket.
    await advance(tp, 10_000);
    await advance(tp, 60_000);
    const again = bucketAt(await metrics(ep, "15m"), slot);
    expect(again.requests.completed).toBe(4);
    expect(again.executionMs).toEqual({ p50: 3000, p95: 3000, p99: 3000 });
    expect(bucketAt(await metrics(ep, "15m"), slot)).toEqual(again);
  });

  it("samples workers by state and queue depth", async () => {
    const busy = await createEndpoint(tp, { workers: { min: 2, max: 2 } });
    const queued = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    for (let i = 0; i < 3; i++) await run(tp, queued, {});
    await settle(tp);
    const m0 = await metrics(busy, "15m");
    expect(m0.buckets.at(-1)!.workers).toMatchObject({ initializing: 2, idle: 0 });
    // A fresh bucket once the cold starts are over: only settled samples in it.
    await advance(tp, 30_000);
    const m = await metrics(busy, "15m");
    expect(m.buckets.at(-1)!.workers).toEqual({
      running: 0,
      idle: 2,
      initializing: 0,
      throttled: 0,
      unhealthy: 0,
    });
    const q = await metrics(queued, "15m");
    expect(q.buckets.at(-1)!.queue).toEqual({ inQueue: 3, inProgress: 0 });
    expect(q.buckets.at(-1)!.workers).toMatchObject({ running: 0, idle: 0 });
    // Buckets before the endpoint existed have no sample.
    expect(q.buckets[0]!.workers).toBeNull();
  });

  it("a read writes nothing: its sample of now and the workers' uncharged time are in its last bucket, not in the store", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await settle(tp);
    await advance(tp, 60_000);
    const db = tp.running.services.store.db;
    const stored = async () => ({
      samples: await db
        .selectFrom("endpoint_samples")
        .selectAll()
        .where("endpoint_id", "=", ep)
        .execute(),
      usage: await db
        .selectFrom("usage_records")
        .selectAll()
        .where("resource_id", "=", ep)
        .execute(),
      workers: await db
        .selectFrom("workers")
        .select("billed_until")
        .where("endpoint_id", "=", ep)
        .execute(),
    });
    const before = await stored();
    const m = await metrics(ep, "15m");
    expect(await stored()).toEqual(before);
    const last = m.buckets.at(-1)!;
    expect(last.workers).toMatchObject({ idle: 1 });
    expect(last.spend).toBeGreaterThan(0);
  });

  it("answers 404 for another account's endpoint or an unknown one, and refuses an unknown window", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const other = await tp.otherAccountKey();
    const res = await tp.request(`/_platform/endpoints/${ep}/metrics`, { auth: other });
    expect(res.status).toBe(404);
    expect((await tp.request("/_platform/endpoints/nope/metrics")).status).toBe(404);
    const bad = await tp.request(`/_platform/endpoints/${ep}/metrics?window=2h`);
    // A schema violation, like every other query or body of the platform: 422 naming the field.
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: string[] }).errors.join(" ")).toContain("window");
    // The default window is one hour.
    expect((await metrics(ep, null)).window).toBe("1h");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await tp.request("/v2/openapi.json", { auth: null })).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const op = doc.paths["/_platform/endpoints/{id}/metrics"]?.get;
    expect(op).toBeDefined();
    expect(op!.parameters!.map((p) => p.name)).toContain("window");
  });
});

describeEachBackend("PLATFORM_CONTROL_API=off", (backend) => {
  it("answers 404 on every control route (as the real service) and serves the rest", async () => {
    const tp = await startTestPlatform({ backend, env: { PLATFORM_CONTROL_API: "off" } });
    try {
      expect((await tp.request("/_platform/health", { auth: null })).status).toBe(404);
      expect((await tp.request("/_platform/whoami")).status).toBe(404);
      const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
      expect((await tp.request(`/_platform/endpoints/${ep}/metrics`)).status).toBe(404);
      expect((await tp.request(`/v2/${ep}/health`)).status).toBe(200);
    } finally {
      await tp.close();
    }
  });
});
