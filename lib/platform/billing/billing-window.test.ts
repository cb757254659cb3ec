import { describe, expect, it } from "vitest";
import { PlatformError } from "../http/problem";
import { bucketIndex, bucketStart, nextBucket, resolveWindow } from "./billing-window";
import { splitByHour, volumeMonthlyCost } from "./rates";

const t = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();

describe("billing buckets", () => {
  it.each([
    ["hour", "2026-06-03T10:45:00Z", "2026-06-03T10:00:00.000Z", "2026-06-03T11:00:00.000Z"],
    ["day", "2026-06-03T10:45:00Z", "2026-06-03T00:00:00.000Z", "2026-06-04T00:00:00.000Z"],
    ["week", "2026-06-07T23:59:00Z", "2026-06-01T00:00:00.000Z", "2026-06-08T00:00:00.000Z"],
    ["month", "2026-02-14T00:00:00Z", "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"],
    ["year", "2026-12-31T23:00:00Z", "2026-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
  ] as const)("%s bucket of %s is [%s, %s)", (size, at, start, end) => {
    const s = bucketStart(t(at), size);
    expect(iso(s)).toBe(start);
    expect(iso(nextBucket(s, size))).toBe(end);
  });

  it("lastN ends with the current bucket", () => {
    const w = resolveWindow({ bucketSize: "month", lastN: 3 }, t("2026-03-15T00:00:00Z"));
    expect(w.buckets.map(iso)).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
    ]);
    expect(iso(w.end)).toBe("2026-04-01T00:00:00.000Z");
  });

  it("bucketIndex finds the bucket of an instant and -1 outside the window", () => {
    const w = resolveWindow({ bucketSize: "day", lastN: 2 }, t("2026-06-03T12:00:00Z"));
    expect(bucketIndex(w, t("2026-06-02T05:00:00Z"))).toBe(0);
    expect(bucketIndex(w, t("2026-06-03T23:59:59Z"))).toBe(1);
    expect(bucketIndex(w, t("2026-06-04T00:00:00Z"))).toBe(-1);
  });

  it("refuses lastN with a start or end, and empty windows (400)", () => {
    expect(() =>
      resolveWindow({ lastN: 2, startTime: "2026-06-01T00:00:00Z" }, Date.now()),
    ).toThrow(PlatformError);
    expect(() =>
      resolveWindow(
        { startTime: "2026-06-02T00:00:00Z", endTime: "2026-06-01T00:00:00Z" },
        Date.now(),
      ),
    ).toThrow(PlatformError);
  });
});

describe("rates", () => {
  it("standard storage is tiered at 1 TB; high-performance is flat", () => {
    expect(volumeMonthlyCost(100, "STANDARD")).toBeCloseTo(7, 9);
    expect(volumeMonthlyCost(1500, "STANDARD")).toBeCloseTo(70 + 25, 9);
    expect(volumeMonthlyCost(100, "HIGH_PERFORMANCE")).toBeCloseTo(14, 9);
  });

  it("splitByHour cuts an interval at hour boundaries", () => {
    const parts = splitByHour(t("2026-06-01T10:30:00Z"), t("2026-06-01T12:15:00Z")).map(
      ([a, b]) => `${iso(a).slice(11, 16)}-${iso(b).slice(11, 16)}`,
    );
    expect(parts).toEqual(["10:30-11:00", "11:00-12:00", "12:00-12:15"]);
    expect(splitByHour(5, 5)).toEqual([]);
  });
});
