import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import { postgresMissing, redisUnavailable, TEST_REDIS_URL } from "./support/backends";
import { advance, createEndpoint, FAST_JOBS_ENV, jobApi } from "./support/jobs";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const redisMissing = await redisUnavailable();

// Factor 0.01: /run allows 10 per 10 s window (1000 × 0.01) and 2 in flight per instance.
const RUN_LIMIT = 10;
const ENV = { ...FAST_JOBS_ENV, PLATFORM_JOB_RATE_LIMITS: "0.01" };
// A window boundary: both instances' manual clocks start here, so they are in one window.
const START = Date.UTC(2026, 5, 1, 12, 0, 0);

/** Two instances on one PostgreSQL schema, each on its own manual clock at the same time. */
async function startPair(extra: Record<string, string>): Promise<[TestPlatform, TestPlatform]> {
  const env = { ...ENV, ...extra };
  const a = await startTestPlatform({
    backend: "postgres",
    env,
    clock: createClock({ mode: "manual", at: START }),
  });
  const b = await startTestPlatform({
    backend: "postgres",
    env,
    clock: createClock({ mode: "manual", at: START }),
    reuse: { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl, schema: undefined },
  }).catch(async (err: unknown) => {
    await a.close();
    throw err;
  });
  // b did not bootstrap (the store was not empty): it answers a's key.
  const request: TestPlatform["request"] = (path, init = {}) =>
    b.request(path, { ...init, auth: init.auth === undefined ? a.key : init.auth });
  return [a, { ...b, key: a.key, request }];
}

function sharedWindowSuite(extra: Record<string, string>) {
  let a: TestPlatform;
  let b: TestPlatform;
  beforeAll(async () => {
    [a, b] = await startPair(extra);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  const submit = (tp: TestPlatform, ep: string) =>
    jobApi(tp, ep, "/run", { method: "POST", json: { input: {} } });

  it(`/run allows ${RUN_LIMIT} per window across both instances together, not ${RUN_LIMIT} each`, async () => {
    // workers.max 0: no worker raises the limit (dynamic rule) and the queue holds 50.
    const ep = await createEndpoint(a, { workers: { min: 0, max: 0 } });
    const statuses: number[] = [];
    for (let i = 0; i < RUN_LIMIT + 4; i++) statuses.push((await submit(i % 2 ? b : a, ep)).status);
    expect(statuses.slice(0, RUN_LIMIT)).toEqual(Array<number>(RUN_LIMIT).fill(200));
    expect(statuses.slice(RUN_LIMIT)).toEqual([429, 429, 429, 429]);

    const refused = await submit(b, ep);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect(String(refused.body.detail)).toContain(`${RUN_LIMIT} requests per 10 seconds`);

    // Another endpoint has its own shared budget.
    const other = await createEndpoint(a, { workers: { min: 0, max: 0 } });
    expect((await submit(b, other)).status).toBe(200);

    // The next window on the platform clock allows again on both instances.
    await advance(a, 10_000);
    await advance(b, 10_000);
    expect((await submit(b, ep)).status).toBe(200);
    expect((await submit(a, ep)).status).toBe(200);
  });
}

describe.skipIf(redisMissing !== null || postgresMissing !== null)(
  "job API rate limits shared by two instances through Redis (REDIS_URL)",
  () => sharedWindowSuite({ REDIS_URL: TEST_REDIS_URL }),
);

describe.skipIf(postgresMissing !== null)(
  "job API rate limits shared by two instances through PostgreSQL (no Redis)",
  () => sharedWindowSuite({}),
);
