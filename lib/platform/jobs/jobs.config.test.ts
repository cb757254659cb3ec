import { describe, expect, it } from "vitest";
import { DEFAULT_COLD_START_MS, JobsConfigError, loadJobsConfig } from "./jobs.config";

describe("loadJobsConfig", () => {
  it("defaults: documented rate limits, cold starts by flashboot, holds under 90 s", () => {
    const c = loadJobsConfig({});
    expect(c).toMatchObject({
      rateLimitFactor: 1,
      coldStartMs: DEFAULT_COLD_START_MS,
      takeHoldMs: 20_000,
      workerLostMs: 60_000,
      pingIntervalMs: 10_000,
    });
  });

  it("reads PLATFORM_COLD_START_MS, PLATFORM_JOB_RATE_LIMITS and the holds", () => {
    const c = loadJobsConfig({
      PLATFORM_COLD_START_MS: "100/20/3",
      PLATFORM_JOB_RATE_LIMITS: "off",
      PLATFORM_JOB_TAKE_HOLD_MS: "500",
      PLATFORM_WORKER_LOST_MS: "5000",
    });
    expect(c).toMatchObject({
      coldStartMs: { OFF: 100, FLASHBOOT: 20, PRIORITY_FLASHBOOT: 3 },
      rateLimitFactor: "off",
      takeHoldMs: 500,
      workerLostMs: 5000,
    });
    expect(loadJobsConfig({ PLATFORM_JOB_RATE_LIMITS: "0.5" }).rateLimitFactor).toBe(0.5);
  });

  it.each([
    ["PLATFORM_COLD_START_MS", "1/2"],
    ["PLATFORM_COLD_START_MS", "a/b/c"],
    ["PLATFORM_JOB_RATE_LIMITS", "-1"],
    ["PLATFORM_JOB_RATE_LIMITS", "lots"],
    ["PLATFORM_JOB_TAKE_HOLD_MS", "90000"],
    ["PLATFORM_WORKER_LOST_MS", "10"],
  ])("rejects %s=%s with a clear message", (name, value) => {
    expect(() => loadJobsConfig({ [name]: value })).toThrow(JobsConfigError);
    expect(() => loadJobsConfig({ [name]: value })).toThrow(name);
  });
});
