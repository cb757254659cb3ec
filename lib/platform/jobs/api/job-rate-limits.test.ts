import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createClock } from "../../clock";
import { PlatformError } from "../../http/problem";
import type { JobEngine } from "../engine/engine";
import { JobRateLimits } from "./job-rate-limits";

describe("JobRateLimits with a shared counter store", () => {
  // Nothing listens on port 1: every command fails at once (no offline queue, no retries).
  const client = new Redis("redis://127.0.0.1:1", {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  afterAll(() => client.disconnect());

  it("counts on this instance alone, and warns once, when the store does not answer", async () => {
    const warnings: string[] = [];
    const engine = {
      config: { rateLimitFactor: 1 },
      clock: createClock({ mode: "manual", at: 0 }),
      log: { warn: (_: unknown, msg: string) => warnings.push(msg) },
    } as unknown as JobEngine;
    const limits = new JobRateLimits(engine, { kind: "redis", client });
    // /purge-queue: 2 per 10 s window, no per-worker increment.
    (await limits.acquire("ep1", "purge"))();
    (await limits.acquire("ep1", "purge"))();
    const refused = await limits.acquire("ep1", "purge").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).status).toBe(429);
    expect(warnings).toEqual([
      "job rate limits: shared counter unavailable; this instance counts alone",
    ]);
  });
});
