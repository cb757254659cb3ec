import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";

/** Fires `n` requests, `parallel` at a time; returns the statuses in order. */
async function burst(
  n: number,
  send: (i: number) => Promise<{ status: number }>,
  parallel = 50,
): Promise<number[]> {
  const out: number[] = new Array<number>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = (await send(i)).status;
      }
    }),
  );
  return out;
}

const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

/** Seed "Limits — Job API rate limits" (per endpoint and operation, per 10 s, and in flight). */
describeEachBackend("job API rate limits", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  it("/purge-queue: 2 per 10 seconds, then 429 with Retry-After; the next window allows again", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    await advance(tp, 10_000 - (tp.clock.now() % 10_000)); // start of a window
    const purge = () => jobApi(tp, ep, "/purge-queue", { method: "POST" });
    expect((await purge()).status).toBe(200);
    expect((await purge()).status).toBe(200);
    const third = await purge();
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("10");
    expect(third.headers.get("content-type")).toBe("application/problem+json");
    expect(String(third.body.error)).toContain("/purge-queue");
    // Per endpoint: another endpoint has its own budget.
    const other = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    expect((await jobApi(tp, other, "/purge-queue", { method: "POST" })).status).toBe(200);
    await advance(tp, 10_000);
    expect((await purge()).status).toBe(200);
  });

  it("/cancel: 100 per 10 seconds", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, {});
    await advance(tp, 10_000 - (tp.clock.now() % 10_000));
    const statuses = await burst(
      101,
      () => jobApi(tp, ep, `/cancel/${id}`, { method: "POST" }),
      10,
    );
    expect(count(statuses, 200)).toBe(100);
    expect(count(statuses, 429)).toBe(1);
  });

  it("/requests: 10 per 10 seconds", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    await advance(tp, 10_000 - (tp.clock.now() % 10_000));
    const statuses = await burst(11, () => jobApi(tp, ep, "/requests"), 1);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("/run: 1000 per 10 seconds, /status: 2000 per 10 seconds", async () => {
    // workers.max 3: the queue may hold 1500 jobs, so only the rate limit answers 429 here.
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 3 } });
    await advance(tp, 10_000 - (tp.clock.now() % 10_000));
    const runs = await burst(1001, () =>
      tp.request(`/v2/${ep}/run`, { method: "POST", json: { input: {} } }),
    );
    expect(count(runs, 200)).toBe(1000);
    expect(count(runs, 429)).toBe(1);
    const id = (await (await tp.request(`/v2/${ep}/requests?limit=1`)).json()) as {
      requests: { id: string }[];
    };
    const statuses = await burst(2001, () => tp.request(`/v2/${ep}/status/${id.requests[0]!.id}`));
    expect(count(statuses, 200)).toBe(2000);
    expect(count(statuses, 429)).toBe(1);
  });

  it("dynamic rule: the /run limit is max(1000, running workers × 200) — 6 workers allow 1200", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 6, max: 6 } });
    await settle(tp);
    expect((await jobApi(tp, ep, "/health")).body.workers).toMatchObject({ ready: 6 });
    await advance(tp, 10_000 - (tp.clock.now() % 10_000));
    const runs = await burst(1201, () =>
      tp.request(`/v2/${ep}/run`, { method: "POST", json: { input: { mock_delay: 1 } } }),
    );
    expect(count(runs, 200)).toBe(1200);
    expect(count(runs, 429)).toBe(1);
    await tp.request(`/v2/${ep}/purge-queue`, { method: "POST" });
  });

  // 400 held requests on a loaded 2-core machine: a generous timeout; the extra request carries a
  // short wait so a missed 429 fails fast instead of holding for 90 s.
  it("/runsync: at most 400 in flight; the 401st concurrent request gets 429", async () => {
    // workers.max 1 lets the queue hold 500 jobs; low priority keeps the scaler from starting a worker.
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    await advance(tp, 10_000 - (tp.clock.now() % 10_000));
    const held = Array.from({ length: 400 }, () =>
      jobApi(tp, ep, "/runsync?wait=60000", {
        method: "POST",
        json: { input: {}, policy: { lowPriority: true } },
      }),
    );
    for (let i = 0; i < 800; i++) {
      const h = await jobApi(tp, ep, "/health");
      if ((h.body.jobs as { inQueue: number }).inQueue === 400) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const extra = await jobApi(tp, ep, "/runsync?wait=1000", {
      method: "POST",
      json: { input: {} },
    });
    expect(extra.status).toBe(429);
    expect(String(extra.body.detail)).toContain("concurrent");
    await advance(tp, 60_000);
    const answers = await Promise.all(held);
    expect(answers.every((a) => a.status === 200 && a.body.status === "IN_QUEUE")).toBe(true);
    expect(
      (await jobApi(tp, ep, "/runsync?wait=1000", { method: "POST", json: { input: {} } })).status,
    ).toBe(200);
  }, 90_000);

  it("queue size: /run answers 429 once the queue holds max(50, workers.max × 500) jobs; taking jobs out lets submissions in again", async () => {
    // workers.max 0: 0 × 500 is below the floor, so the queue holds at most 50 jobs.
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    for (let i = 0; i < 50; i++) {
      const res = await jobApi(tp, ep, "/run", { method: "POST", json: { input: { i } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const full = await jobApi(tp, ep, "/run", { method: "POST", json: { input: { i: 50 } } });
    expect(full.status).toBe(429);
    expect(full.headers.get("content-type")).toBe("application/problem+json");
    expect(full.headers.get("retry-after")).toBe("5");
    expect(String(full.body.detail)).toContain("queue");
    expect(String(full.body.detail)).toContain("50");
    expect(full.body.error).toBe(full.body.detail);
    // /runsync obeys the same rule, and a refused job is not queued.
    const sync = await jobApi(tp, ep, "/runsync?wait=1000", {
      method: "POST",
      json: { input: {} },
    });
    expect(sync.status).toBe(429);
    expect((await jobApi(tp, ep, "/health")).body.jobs).toMatchObject({ inQueue: 50 });
    // Another endpoint's queue is its own.
    const other = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    expect((await jobApi(tp, other, "/run", { method: "POST", json: { input: {} } })).status).toBe(
      200,
    );
    await jobApi(tp, ep, "/purge-queue", { method: "POST" });
    expect((await jobApi(tp, ep, "/run", { method: "POST", json: { input: {} } })).status).toBe(
      200,
    );
  });

  it("queue size: workers.max 1 raises the limit to 500 queued jobs", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    const statuses = await burst(
      501,
      (i) =>
        tp.request(`/v2/${ep}/run`, {
          method: "POST",
          json: { input: { i }, policy: { lowPriority: true } },
        }),
      10,
    );
    expect(count(statuses, 200)).toBe(500);
    expect(count(statuses, 429)).toBe(1);
    await jobApi(tp, ep, "/purge-queue", { method: "POST" });
  });
});

describe("job API rate limits are configurable (PLATFORM_JOB_RATE_LIMITS)", () => {
  it.each([
    ["off", 5, 0],
    ["2", 5, 1],
  ])(
    "PLATFORM_JOB_RATE_LIMITS=%s: %i purges in a window give %i 429s",
    async (setting, n, limited) => {
      const tp = await startManualPlatform("sqlite", { PLATFORM_JOB_RATE_LIMITS: setting });
      try {
        const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
        await advance(tp, 10_000 - (tp.clock.now() % 10_000));
        const statuses = await burst(
          n,
          () => jobApi(tp, ep, "/purge-queue", { method: "POST" }),
          1,
        );
        expect(count(statuses, 429)).toBe(limited);
      } finally {
        await tp.close();
      }
    },
  );
});
