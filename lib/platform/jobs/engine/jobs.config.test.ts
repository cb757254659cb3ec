import { describe, expect, it } from "vitest";
import { SYNC_WAIT_MS } from "@/lib/schemas/jobs";
import { CLIENT_LONG_POLLS } from "./client-timeouts";
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

describe("holds against the official clients' read timeouts", () => {
  const defaults = loadJobsConfig({});
  const holdOf = (operation: (typeof CLIENT_LONG_POLLS)[number]["operation"]): number => {
    switch (operation) {
      case "stream":
        return defaults.streamHoldMs;
      case "job-take":
      case "job-stop":
        return defaults.takeHoldMs;
      case "runsync":
      case "status-sync":
        return SYNC_WAIT_MS.default;
    }
  };

  it.each(
    CLIENT_LONG_POLLS.filter((p) => p.timeoutMs !== null).map(
      (p) => [p.client, p.operation, p.timeoutMs!] as const,
    ),
  )(
    "%s: the default %s hold ends within half its %i ms timeout",
    (_client, operation, timeoutMs) => {
      expect(holdOf(operation)).toBeLessThanOrEqual(timeoutMs / 2);
    },
  );

  it("refuses holds that would reach a client's timeout", () => {
    expect(() => loadJobsConfig({ PLATFORM_STREAM_HOLD_MS: "10000" })).toThrow(
      /PLATFORM_STREAM_HOLD_MS must be an integer between 0 and 5000/,
    );
    expect(() => loadJobsConfig({ PLATFORM_JOB_TAKE_HOLD_MS: "60000" })).toThrow(
      /PLATFORM_JOB_TAKE_HOLD_MS must be an integer between 0 and 45000/,
    );
  });
});
