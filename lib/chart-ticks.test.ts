import { ticks as d3Ticks } from "d3-array";
import { timeTicks as d3TimeTicks } from "d3-time";
import { afterEach, describe, expect, it } from "vitest";
import { timeTicks, valueTicks } from "./chart-ticks";

// The charts' windows and the tick counts their widths ask for (width ÷ 110, at least 2).
const WINDOWS_MS = {
  "15m": 15 * 60e3,
  "1h": 3600e3,
  "6h": 6 * 3600e3,
  "24h": 86_400e3,
  "7d": 7 * 86_400e3,
};
const COUNTS = [2, 3, 4, 5, 6, 8, 10, 12];
// Ends of windows at odd moments, and around clock changes (Europe, North America, Lord Howe's half hour).
const ENDS = [
  "2026-06-01T12:03:17.250Z",
  "2026-03-29T01:30:00Z",
  "2026-03-29T03:10:00Z",
  "2026-10-25T01:20:00Z",
  "2026-03-08T07:45:00Z",
  "2026-11-01T06:30:00Z",
  "2026-04-04T15:10:00Z",
  "2026-12-31T23:59:59.999Z",
].map(Date.parse);
const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"];

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("valueTicks", () => {
  it("chooses the same round values as d3's ticks for the charts' axes, from 0 to any top", () => {
    const tops = [1, 1.1, 2.2, 3.3, 7, 9.9, 11, 42, 97.3, 110, 0.013, 0.5, 1234.5, 5e6, 0.0042];
    for (const top of tops)
      for (const count of [1, 2, 3, 5, 7])
        expect(valueTicks(0, top, count), `0 → ${top}, ${count}`).toEqual(d3Ticks(0, top, count));
  });

  it("prints decimal steps without binary noise and keeps a lone value or an empty span", () => {
    expect(valueTicks(0, 0.35, 5)).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
    expect(valueTicks(3, 3, 5)).toEqual([3]);
    expect(valueTicks(0, 1, 0)).toEqual([]);
    expect(valueTicks(2, 1, 5)).toEqual([]);
  });
});

describe("timeTicks", () => {
  it("chooses the same local times as d3's timeTicks on every window, width and time zone", () => {
    for (const tz of ZONES) {
      process.env.TZ = tz;
      for (const end of ENDS)
        for (const [name, span] of Object.entries(WINDOWS_MS))
          for (const count of COUNTS) {
            const expected = d3TimeTicks(new Date(end - span), new Date(end), count).map(Number);
            expect(
              timeTicks(end - span, end, count),
              `${tz} ${name} to ${new Date(end).toISOString()}, ${count}`,
            ).toEqual(expected);
          }
    }
  });

  it("falls on round local times: whole hours in a half-hour zone, local midnights on a week", () => {
    process.env.TZ = "Asia/Kolkata";
    const end = Date.parse("2026-06-01T12:03:00Z"); // 17:33 in Kolkata
    const hours = timeTicks(end - 6 * 3600e3, end, 6).map((t) => new Date(t).getMinutes());
    expect(new Set(hours)).toEqual(new Set([0]));
    const days = timeTicks(end - 7 * 86_400e3, end, 6).map((t) => new Date(t));
    expect(days).toHaveLength(7);
    for (const d of days) expect([d.getHours(), d.getMinutes()]).toEqual([0, 0]);
  });
});
