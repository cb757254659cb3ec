import { describe, expect, it } from "vitest";
import { countMatches, highlight } from "./highlight";

describe("search highlighting", () => {
  it("marks every case-insensitive occurrence and keeps the text between", () => {
    expect(highlight("Job a taken. JOB b", "job")).toEqual([
      { text: "Job", match: true },
      { text: " a taken. ", match: false },
      { text: "JOB", match: true },
      { text: " b", match: false },
    ]);
    expect(countMatches("Job a taken. JOB b", "job")).toBe(2);
  });

  it("an empty query or no occurrence leaves the line whole", () => {
    expect(highlight("abc", "")).toEqual([{ text: "abc", match: false }]);
    expect(highlight("abc", "z")).toEqual([{ text: "abc", match: false }]);
    expect(highlight("", "z")).toEqual([{ text: "", match: false }]);
    expect(countMatches("abc", "")).toBe(0);
  });

  it("counts non-overlapping occurrences", () => {
    expect(countMatches("aaaa", "aa")).toBe(2);
    expect(highlight("aaa", "aa").map((s) => s.match)).toEqual([true, false]);
  });
});
