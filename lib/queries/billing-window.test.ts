import { describe, expect, it } from "vitest";
import { DEFAULT_WINDOW, windowFromSearch, windowToQuery, windowToSearch } from "./billing-window";

describe("billing window in the URL", () => {
  it.each([
    [{}, DEFAULT_WINDOW],
    [{ range: "nonsense" }, DEFAULT_WINDOW],
    [{ range: "custom", start: "2026-11-05", end: "2026-11-01" }, DEFAULT_WINDOW],
    [{ range: "7d" }, { kind: "preset", preset: "7d", bucketSize: "day", lastN: 7 }],
    [
      { range: "custom", start: "2026-11-01", end: "2026-11-20", bucket: "week" },
      { kind: "custom", start: "2026-11-01", end: "2026-11-20", bucketSize: "week" },
    ],
  ])("%j reads as %j", (search, window) => {
    expect(windowFromSearch(search)).toEqual(window);
  });

  it("round-trips through the query string", () => {
    const w = windowFromSearch({ range: "custom", start: "2026-11-01", end: "2026-11-20" });
    expect(windowFromSearch(Object.fromEntries(new URLSearchParams(windowToSearch(w))))).toEqual(w);
  });

  it("asks the billing routes for lastN, or a start/end that includes the end date", () => {
    expect(windowToQuery({ kind: "preset", preset: "24h", bucketSize: "hour", lastN: 24 })).toEqual(
      { bucketSize: "hour", lastN: "24" },
    );
    expect(
      windowToQuery({ kind: "custom", start: "2026-11-01", end: "2026-11-20", bucketSize: "day" }),
    ).toEqual({
      bucketSize: "day",
      startTime: "2026-11-01T00:00:00.000Z",
      endTime: "2026-11-21T00:00:00.000Z",
    });
  });
});
