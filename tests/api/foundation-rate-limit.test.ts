import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Problem } from "@/lib/schemas/common";
import {
  describeEachBackend,
  postgresMissing,
  redisUnavailable,
  TEST_REDIS_URL,
} from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

// Any management path counts, whatever it answers; this one exists once the account routes land.
const PATH = "/v2/account/ssh-keys";

describeEachBackend("Management API rate limits", (backend) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({ backend, rateLimits: "3/1000/10000" });
  });
  afterAll(async () => p?.close());

  it("sends RateLimit and RateLimit-Policy in the IETF structured-field form and 429s past the minute quota", async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await p.request(PATH);
      expect(res.status).toBeLessThan(500);
      seen.push(res.headers.get("ratelimit") ?? "");
      expect(res.headers.get("ratelimit-policy")).toBe(
        '"minute";q=3;w=60, "hour";q=1000;w=3600, "day";q=10000;w=86400',
      );
    }
    expect(seen.map((h) => /"minute";r=(\d+);t=(\d+)/.exec(h)?.[1])).toEqual(["2", "1", "0"]);
    expect(seen[0]).toMatch(/^"minute";r=2;t=\d+, "hour";r=999;t=\d+, "day";r=9999;t=\d+$/);

    const limited = await p.request(PATH);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit")).toMatch(/"minute";r=0;t=\d+/);
    const body = Problem.parse(await limited.json());
    expect(body).toMatchObject({
      status: 429,
      title: "Too Many Requests",
      detail: "rate limit exceeded for the minute window",
    });
  });

  it("counts per account: another account has its own quota", async () => {
    const other = await p.otherAccountKey();
    const res = await p.request(PATH, { auth: other });
    expect(res.status).not.toBe(429);
    expect(res.headers.get("ratelimit")).toMatch(/^"minute";r=2;/);
  });

  it("omits the headers for exempt keys and never limits them", async () => {
    const { key } = (await (
      await p.request("/_platform/keys", {
        method: "POST",
        json: { name: "exempt", rateLimitExempt: true },
      })
    ).json()) as { key: string };
    for (let i = 0; i < 5; i++) {
      const res = await p.request(PATH, { auth: key });
      expect(res.status).not.toBe(429);
      expect(res.headers.get("ratelimit")).toBeNull();
      expect(res.headers.get("ratelimit-policy")).toBeNull();
    }
  });

  it("a refused request consumes no window: with minute 5 / hour 2, requests 3+ are refused naming the hour window", async () => {
    const q = await startTestPlatform({ backend, rateLimits: "5/2/100" });
    try {
      await expectRefusalsDebitNothing(q);
    } finally {
      await q.close();
    }
  });

  it("names the hour window when that quota is the one exceeded", async () => {
    const q = await startTestPlatform({ backend, rateLimits: "100/2/10000" });
    try {
      await q.request(PATH);
      await q.request(PATH);
      const res = await q.request(PATH);
      expect(res.status).toBe(429);
      expect(Problem.parse(await res.json()).detail).toBe(
        "rate limit exceeded for the hour window",
      );
    } finally {
      await q.close();
    }
  });
});

/**
 * Seed "Management API rate limits": a refused request consumes no window. With minute 5 / hour 2,
 * the hour binds from the third request on, and keeps binding: the minute window is not used up by
 * refusals (it would answer "minute" with Retry-After 60 to a client that obeys the hour's).
 */
async function expectRefusalsDebitNothing(q: TestPlatform): Promise<void> {
  const answers: {
    status: number;
    rateLimit: string | null;
    retryAfter: string | null;
    detail?: string;
  }[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await q.request(PATH);
    const text = await res.text();
    answers.push({
      status: res.status,
      rateLimit: res.headers.get("ratelimit"),
      retryAfter: res.headers.get("retry-after"),
      ...(res.status === 429 ? { detail: Problem.parse(JSON.parse(text)).detail } : {}),
    });
  }
  expect(answers.map((a) => a.status === 429)).toEqual([
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  for (const a of answers.slice(2)) {
    expect(a.detail).toBe("rate limit exceeded for the hour window");
    expect(Number(a.retryAfter)).toBeGreaterThan(3500);
    // All three windows, the minute and day counting only the 2 accepted requests.
    expect(a.rateLimit).toMatch(/^"minute";r=3;t=\d+, "hour";r=0;t=\d+, "day";r=98;t=\d+$/);
  }
}

const redisMissing = await redisUnavailable();

describe.skipIf(redisMissing !== null || postgresMissing !== null)(
  "Rate-limit counters shared by several instances",
  () => {
    it("two platform instances on one PostgreSQL and one Redis count one quota", async () => {
      const a = await startTestPlatform({
        backend: "postgres",
        rateLimits: "4/1000/10000",
        env: { REDIS_URL: TEST_REDIS_URL },
      });
      const b = await startTestPlatform({
        backend: "postgres",
        rateLimits: "4/1000/10000",
        env: { REDIS_URL: TEST_REDIS_URL },
        reuse: { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl, schema: undefined },
      });
      try {
        // The account (and so the counter key) is the same on both: they share the database.
        const statuses: number[] = [];
        for (const inst of [a, b, a, b, a])
          statuses.push((await inst.request(PATH, { auth: a.key })).status);
        expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
        expect(statuses[4]).toBe(429);
      } finally {
        await b.stop();
        await a.close();
      }
    });

    it("a refused request consumes no window with Redis counters (minute 5 / hour 2: the hour binds)", async () => {
      const q = await startTestPlatform({
        backend: "postgres",
        rateLimits: "5/2/100",
        env: { REDIS_URL: TEST_REDIS_URL },
      });
      try {
        await expectRefusalsDebitNothing(q);
      } finally {
        await q.close();
      }
    });

    it("two instances on one PostgreSQL without Redis share counters in PostgreSQL", async () => {
      const a = await startTestPlatform({ backend: "postgres", rateLimits: "3/1000/10000" });
      const b = await startTestPlatform({
        backend: "postgres",
        rateLimits: "3/1000/10000",
        reuse: { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl, schema: undefined },
      });
      try {
        const statuses: number[] = [];
        for (const inst of [a, b, a, b])
          statuses.push((await inst.request(PATH, { auth: a.key })).status);
        expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
        expect(statuses[3]).toBe(429);
      } finally {
        await b.stop();
        await a.close();
      }
    });
  },
);
