import { describe, expect, it } from "vitest";
import { JOB_RATE_LIMITS } from "@/lib/platform/jobs/api/job-rate-limits";
import {
  JOB_API_RUN_LIMIT,
  JOB_API_STATUS_LIMIT,
  LOAD_TEST_LIMITS,
  StartLoadTestInput,
} from "@/lib/schemas/load-tests";

const valid = { endpointId: "ep", requests: 200, rate: 20, body: { input: { mock_delay: 1 } } };

describe("load test bounds", () => {
  it("use the seed's /run and /status limits, as the local platform enforces them", () => {
    expect(JOB_API_RUN_LIMIT).toEqual({
      perTenSeconds: JOB_RATE_LIMITS.run.rate,
      concurrent: JOB_RATE_LIMITS.run.concurrent,
    });
    expect(JOB_API_STATUS_LIMIT).toEqual({
      perTenSeconds: JOB_RATE_LIMITS.status.rate,
      concurrent: JOB_RATE_LIMITS.status.concurrent,
    });
    expect(LOAD_TEST_LIMITS.maxRate).toBe(100);
    expect(LOAD_TEST_LIMITS.maxInFlight).toBeLessThanOrEqual(JOB_API_RUN_LIMIT.concurrent);
  });

  it("accept 200 requests at 20/s and default to the real clock without confirmation", () => {
    expect(StartLoadTestInput.parse(valid)).toMatchObject({
      accelerated: false,
      confirmCost: false,
    });
  });

  it("refuse a rate above the job API's /run limit, saying the limit", () => {
    const r = StartLoadTestInput.safeParse({ ...valid, rate: 101 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(["rate"]);
    expect(r.error!.issues[0]!.message).toBe(
      "At most 100 requests per second: the job API allows 1000 /run requests per 10 seconds per endpoint.",
    );
  });

  it("refuse no, fractional or too many requests, and a body without an object input", () => {
    for (const requests of [0, 1.5, 10_001]) {
      expect(StartLoadTestInput.safeParse({ ...valid, requests }).success).toBe(false);
    }
    expect(StartLoadTestInput.safeParse({ ...valid, rate: 0 }).success).toBe(false);
    expect(StartLoadTestInput.safeParse({ ...valid, body: { input: "x" } }).success).toBe(false);
    expect(StartLoadTestInput.safeParse({ ...valid, body: {} }).success).toBe(false);
  });
});
