import { describe, expect, it } from "vitest";
import {
  BillingQueryParams,
  billingWindowViolations,
  ListPodBillingResponse,
  PodBillingQueryParams,
} from "./billing";
import { failedPaths, parsed } from "./test-helpers";

describe("billing queries", () => {
  it("BillingQueryParams – defaults bucketSize to day and nothing else", () => {
    expect(parsed(BillingQueryParams, {})).toEqual({ bucketSize: "day" });
  });

  it("PodBillingQueryParams – reads a window, lastN and podId", () => {
    expect(parsed(PodBillingQueryParams, { lastN: "30", bucketSize: "hour", podId: "p1" })).toEqual(
      {
        lastN: 30,
        bucketSize: "hour",
        podId: "p1",
      },
    );
  });

  it.each([
    ["an unknown bucket size", { bucketSize: "minute" }, "bucketSize"],
    ["lastN of 0", { lastN: "0" }, "lastN"],
    ["a date without time", { startTime: "2026-05-01" }, "startTime"],
  ])("BillingQueryParams – rejects %s", (_, query, path) => {
    expect(failedPaths(BillingQueryParams, query)).toContain(path);
  });

  it.each([
    ["a start and end", { startTime: "2026-05-01T00:00:00Z", endTime: "2026-06-01T00:00:00Z" }, []],
    ["lastN alone", { lastN: 7 }, []],
    ["lastN with startTime", { lastN: 7, startTime: "2026-05-01T00:00:00Z" }, ["lastN"]],
    [
      "an end before the start",
      { startTime: "2026-06-01T00:00:00Z", endTime: "2026-05-01T00:00:00Z" },
      ["endTime"],
    ],
  ])("billingWindowViolations – %s", (_, query, paths) => {
    expect(billingWindowViolations(query).map((v) => v.path)).toEqual(paths);
  });
});

describe("billing responses", () => {
  it("ListPodBillingResponse – accepts records with metadata", () => {
    const body = {
      records: [
        {
          startTime: "2026-05-01T00:00:00Z",
          endTime: "2026-05-02T00:00:00Z",
          podId: "p1",
          totalAmount: 1.5,
          gpuAmount: 1.2,
          cpuAmount: 0,
          diskAmount: 0.3,
        },
      ],
      metadata: {
        query: {
          startTime: "2026-05-01T00:00:00Z",
          endTime: "2026-05-02T00:00:00Z",
          bucketSize: "day",
          podId: null,
        },
        recordCount: 1,
        uniquePodCount: 1,
        totals: { totalAmount: 1.5, gpuAmount: 1.2, cpuAmount: 0, diskAmount: 0.3 },
      },
    };
    expect(failedPaths(ListPodBillingResponse, body)).toEqual([]);
  });
});
