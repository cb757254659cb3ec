import { describe, expect, it } from "vitest";
import { jobCostEstimate, projectTraffic, requestCost, usdEstimate } from "./serverless-cost";

// A 48 GB pool at $0.00034 per GPU-second (≈ $1.22/h), one GPU per worker.
const price = 0.00034;

describe("requestCost", () => {
  it("charges a request's execution time at the worker's price per second", () => {
    expect(requestCost(2500, price)).toBeCloseTo(0.00085, 10);
    expect(requestCost(2500, price * 2)).toBeCloseTo(0.0017, 10);
  });

  it("costs nothing for a request that never executed", () => {
    expect(requestCost(0, price)).toBe(0);
  });
});

describe("jobCostEstimate", () => {
  it.each([
    ["COMPLETED", 2500, price, 0.00085],
    ["FAILED", 2500, price, 0.00085],
    ["TIMED_OUT", 2500, price, 0.00085],
    ["IN_PROGRESS", 2500, price, undefined],
    ["CANCELLED", 2500, price, undefined],
    ["COMPLETED", undefined, price, undefined],
    ["COMPLETED", 2500, null, undefined],
  ] as const)("%s after %s ms at %s/s – %s", (status, executionTime, perSecond, expected) => {
    const cost = jobCostEstimate({ status, executionTime }, perSecond);
    if (expected === undefined) expect(cost).toBeUndefined();
    else expect(cost).toBeCloseTo(expected, 10);
  });
});

describe("projectTraffic", () => {
  it("bills only busy time when no worker is always on", () => {
    // 10 req/min × 2 s = 20 busy seconds each minute ≈ 1/3 of a worker all day.
    const p = projectTraffic({
      pricePerWorkerSecond: price,
      requestsPerMinute: 10,
      executionSeconds: 2,
      minWorkers: 0,
      maxWorkers: 3,
    });
    expect(p.busyWorkers).toBeCloseTo(1 / 3, 10);
    expect(p.workersNeeded).toBe(1);
    expect(p.queues).toBe(false);
    expect(p.capacityPerMinute).toBe(90);
    expect(p.perRequest).toBeCloseTo(0.00068, 10);
    expect(p.alwaysOnPerDay).toBe(0);
    // 14,400 requests/day × 2 s × $0.00034 = $9.792.
    expect(p.perDay).toBeCloseTo(9.792, 6);
  });

  it("scales with traffic", () => {
    const at = (requestsPerMinute: number) =>
      projectTraffic({
        pricePerWorkerSecond: price,
        requestsPerMinute,
        executionSeconds: 2,
        minWorkers: 0,
        maxWorkers: 3,
      }).perDay;
    expect(at(60)).toBeCloseTo(6 * at(10), 6);
  });

  it("adds always-on min workers for the whole day and lets them absorb the traffic they can", () => {
    const base = { pricePerWorkerSecond: price, executionSeconds: 2, maxWorkers: 3 };
    // One always-on worker costs 86,400 s × $0.00034 = $29.376/day and covers ≤ 1 busy worker.
    const light = projectTraffic({ ...base, requestsPerMinute: 10, minWorkers: 1 });
    expect(light.alwaysOnPerDay).toBeCloseTo(29.376, 6);
    expect(light.trafficPerDay).toBe(0);
    expect(light.perDay).toBeCloseTo(29.376, 6);
    // 45 req/min × 2 s = 1.5 busy workers: the half beyond the always-on one adds $14.688.
    const busier = projectTraffic({ ...base, requestsPerMinute: 45, minWorkers: 1 });
    expect(busier.trafficPerDay).toBeCloseTo(14.688, 6);
    expect(busier.perDay).toBeCloseTo(44.064, 6);
  });

  it("says jobs would queue when the traffic needs more than max workers, and bills only the capacity", () => {
    // 120 req/min × 2 s = 4 busy workers, but at most 3 may run: 90 req/min get served.
    const p = projectTraffic({
      pricePerWorkerSecond: price,
      requestsPerMinute: 120,
      executionSeconds: 2,
      minWorkers: 0,
      maxWorkers: 3,
    });
    expect(p.queues).toBe(true);
    expect(p.workersNeeded).toBe(4);
    expect(p.servedPerMinute).toBe(90);
    expect(p.perDay).toBeCloseTo(3 * 86_400 * price, 6);
  });

  it("does not queue when the traffic exactly fills max workers", () => {
    const p = projectTraffic({
      pricePerWorkerSecond: price,
      requestsPerMinute: 90,
      executionSeconds: 2,
      minWorkers: 0,
      maxWorkers: 3,
    });
    expect(p.queues).toBe(false);
    expect(p.workersNeeded).toBe(3);
  });

  it("with max workers 0 nothing runs: every request queues and nothing is billed", () => {
    const p = projectTraffic({
      pricePerWorkerSecond: price,
      requestsPerMinute: 10,
      executionSeconds: 2,
      minWorkers: 0,
      maxWorkers: 0,
    });
    expect(p.queues).toBe(true);
    expect(p.capacityPerMinute).toBe(0);
    expect(p.perDay).toBe(0);
  });

  it("treats missing or negative inputs as zero", () => {
    const p = projectTraffic({
      pricePerWorkerSecond: price,
      requestsPerMinute: Number.NaN,
      executionSeconds: -1,
      minWorkers: -2,
      maxWorkers: 3,
    });
    expect(p.perDay).toBe(0);
    expect(p.queues).toBe(false);
  });
});

describe("usdEstimate", () => {
  it("keeps two significant digits below a cent and cents above", () => {
    expect(usdEstimate(0.000017)).toBe("$0.000017");
    expect(usdEstimate(0.00068)).toBe("$0.00068");
    expect(usdEstimate(9.792)).toBe("$9.79");
    expect(usdEstimate(1234.5)).toBe("$1,234.50");
    expect(usdEstimate(0)).toBe("$0.00");
  });
});
