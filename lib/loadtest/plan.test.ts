import { describe, expect, it } from "vitest";
import type { LoadTestSample, LoadTestSettings } from "@/lib/schemas/load-tests";
import {
  acceleratedStepMs,
  dueCount,
  percentiles,
  projectLoadTestCost,
  sendDurationMs,
  suggestions,
  workerSpend,
} from "./plan";

const sample = (t: number, over: Partial<LoadTestSample> = {}): LoadTestSample => ({
  t,
  inQueue: 0,
  inProgress: 0,
  running: 0,
  idle: 0,
  initializing: 0,
  sent: 0,
  completed: 0,
  failed: 0,
  ...over,
});

const settings: LoadTestSettings = {
  workersMin: 0,
  workersMax: 2,
  idleTimeout: 5,
  scalerType: "QUEUE_DELAY",
  scalerValue: 4,
  pricePerWorkerSecond: 0.0002,
  gpuPool: "ADA_24",
};

describe("send schedule", () => {
  it("sends the first request at once, then one every 1/R s, never more than N", () => {
    expect(dueCount(0, 20, 200)).toBe(1);
    expect(dueCount(49, 20, 200)).toBe(1);
    expect(dueCount(50, 20, 200)).toBe(2);
    expect(dueCount(1000, 20, 200)).toBe(21);
    expect(dueCount(9950, 20, 200)).toBe(200);
    expect(dueCount(60_000, 20, 200)).toBe(200);
    expect(dueCount(-1, 20, 200)).toBe(0);
  });

  it("keeps fractional rates exact over time (0.5/s → one every 2 s)", () => {
    expect(dueCount(1999, 0.5, 10)).toBe(1);
    expect(dueCount(2000, 0.5, 10)).toBe(2);
    expect(dueCount(3 * 1000 * 10, 0.3, 100)).toBe(10);
  });

  it("never sends more than R in any second of load time", () => {
    for (const rate of [1, 7, 20, 100]) {
      for (let t = 0; t < 5000; t += 37) {
        expect(dueCount(t + 1000, rate, 10_000) - dueCount(t, rate, 10_000)).toBeLessThanOrEqual(
          Math.ceil(rate),
        );
      }
    }
  });

  it("takes (N-1)/R seconds to send N requests", () => {
    expect(sendDurationMs(200, 20)).toBe(9950);
    expect(dueCount(sendDurationMs(200, 20), 20, 200)).toBe(200);
    expect(sendDurationMs(1, 20)).toBe(0);
  });
});

describe("percentile summary", () => {
  it("gives nearest-rank p50/p95/p99", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1).reverse();
    expect(percentiles(values)).toEqual({ p50: 50, p95: 95, p99: 99 });
    expect(percentiles([7])).toEqual({ p50: 7, p95: 7, p99: 7 });
    expect(percentiles([1, 2, 3, 1000])).toEqual({ p50: 2, p95: 1000, p99: 1000 });
    expect(percentiles([])).toBeNull();
  });
});

describe("spend", () => {
  it("adds every existing worker's time between readings at the price", () => {
    const samples = [
      sample(0, { initializing: 2 }),
      sample(1000, { running: 2 }),
      sample(3000, { idle: 1 }),
      sample(4000),
    ];
    // 2 workers × 1 s + 2 × 2 s + 1 × 1 s = 7 worker-seconds
    expect(workerSpend(samples, 0.5)).toBeCloseTo(3.5);
    expect(workerSpend(samples, null)).toBeNull();
  });

  it("projects the most a run may cost: every allowed worker for the send time plus the idle timeout", () => {
    const p = projectLoadTestCost({
      requests: 200,
      rate: 20,
      settings: { workersMin: 0, workersMax: 2, idleTimeout: 5 },
      pricePerWorkerSecond: 0.001,
    })!;
    expect(p.sendSeconds).toBeCloseTo(9.95);
    expect(p.upperBound).toBeCloseTo(2 * 0.001 * 14.95);
    expect(p.maxPerHour).toBeCloseTo(7.2);
    expect(p.executionOnly).toBeNull();
    const withExec = projectLoadTestCost({
      requests: 200,
      rate: 20,
      settings: { workersMin: 0, workersMax: 2, idleTimeout: 5 },
      pricePerWorkerSecond: 0.001,
      executionMs: 1000,
    })!;
    // 200 s of work on 2 workers drains in 100 s, longer than the 9.95 s of sending
    expect(withExec.upperBound).toBeCloseTo(2 * 0.001 * 105);
    expect(withExec.executionOnly).toBeCloseTo(0.2);
    expect(
      projectLoadTestCost({ requests: 1, rate: 1, settings, pricePerWorkerSecond: null }),
    ).toBeNull();
  });
});

describe("suggestions", () => {
  const base = { settings, rate: 20, sent: 200, failed: 0, refused: 0 };

  it("queue delay grew while every allowed worker was up → raise max workers to rate × execution time, with $/h", () => {
    const samples = [
      sample(0),
      sample(1000, { running: 2, inQueue: 18 }),
      sample(2000, { running: 2, inQueue: 36 }),
    ];
    const [s, ...rest] = suggestions({
      ...base,
      samples,
      delay: { p50: 20_000, p95: 45_000, p99: 48_000 },
      meanExecutionMs: 1000,
    });
    expect(rest).toEqual([]);
    expect(s!.kind).toBe("raise-max-workers");
    expect(s!.text).toContain("raise max workers to 20");
    expect(s!.text).toContain("45 s (p95)");
    // 20 workers × $0.0002/s × 3600 = $14.40/h
    expect(s!.text).toContain("$14.40/h");
    expect(s!.text).toContain("$1.44/h now");
  });

  it("asks for at least one more worker than max even when the mean says fewer", () => {
    const samples = [sample(0, { running: 2, inQueue: 5 })];
    const [s] = suggestions({
      ...base,
      rate: 1,
      samples,
      delay: { p50: 5000, p95: 9000, p99: 9000 },
      meanExecutionMs: 500,
    });
    expect(s!.text).toContain("raise max workers to 3");
  });

  it("long waits with workers below max → the scaler reacts too late: halve its queue delay or requests per worker", () => {
    const samples = [
      sample(0, { initializing: 1, inQueue: 10 }),
      sample(1000, { running: 1, inQueue: 9 }),
    ];
    const delay = { p50: 9000, p95: 12_000, p99: 12_000 };
    const [q] = suggestions({
      ...base,
      settings: { ...settings, workersMax: 10 },
      samples,
      delay,
      meanExecutionMs: 100,
    });
    expect(q!.kind).toBe("scaler-too-slow");
    expect(q!.text).toContain("from 4 s to 2 s");
    const [r] = suggestions({
      ...base,
      settings: { ...settings, workersMax: 10, scalerType: "REQUEST_COUNT", scalerValue: 6 },
      samples,
      delay,
      meanExecutionMs: 100,
    });
    expect(r!.text).toContain("requests per worker from 6 to 3");
  });

  it("failures are counted; a run that kept up says so", () => {
    const samples = [sample(0, { running: 1 }), sample(1000, { running: 1 })];
    const ok = suggestions({
      ...base,
      samples,
      delay: { p50: 100, p95: 300, p99: 400 },
      meanExecutionMs: 50,
    });
    expect(ok).toEqual([{ kind: "kept-up", text: expect.stringContaining("kept up") }]);
    const failing = suggestions({
      ...base,
      failed: 5,
      refused: 2,
      samples,
      delay: { p50: 100, p95: 300, p99: 400 },
      meanExecutionMs: 50,
    });
    expect(failing.map((s) => s.kind)).toEqual(["failures"]);
    expect(failing[0]!.text).toContain(
      "5 of 200 requests failed, 2 of them refused by the job API",
    );
  });
});

describe("accelerated clock steps", () => {
  it("moves 1 s a step for short runs, and longer steps for long runs so sending spans at most 600 steps", () => {
    expect(acceleratedStepMs(sendDurationMs(200, 20))).toBe(1000);
    expect(acceleratedStepMs(sendDurationMs(600, 1))).toBe(1000);
    // An hour of traffic: 6 s of load time a step, 600 steps.
    expect(acceleratedStepMs(sendDurationMs(3601, 1))).toBe(6000);
    // Whole seconds, rounded up.
    expect(acceleratedStepMs(sendDurationMs(3602, 1))).toBe(7000);
    // The longest run the form allows (10,000 at 0.1/s, ~28 h) stays at one minute a step.
    expect(acceleratedStepMs(sendDurationMs(10_000, 0.1))).toBe(60_000);
  });
});
