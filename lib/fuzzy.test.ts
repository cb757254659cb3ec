import { describe, expect, it } from "vitest";
import { bestScore, fuzzyScore } from "./fuzzy";

describe("fuzzyScore", () => {
  it("matches the query's characters in order, ignoring case and spaces", () => {
    expect(fuzzyScore("Flux Dev", "fxd")).not.toBeNull();
    expect(fuzzyScore("Flux Dev", "FLUX dev")).not.toBeNull();
    expect(fuzzyScore("Flux Dev", "dxf")).toBeNull();
  });

  it("ranks exact, then prefix, then word-start substring, then scattered matches", () => {
    const exact = fuzzyScore("whisper", "whisper")!;
    const prefix = fuzzyScore("whisper-large", "whisper")!;
    const word = fuzzyScore("openai whisper", "whisper")!;
    const inside = fuzzyScore("xwhisper", "whisper")!;
    const scattered = fuzzyScore("w-h-i-s-p-e-r", "whisper")!;
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(scattered);
  });

  it("an empty query matches everything equally", () => {
    expect(fuzzyScore("anything", "  ")).toBe(0);
  });
});

describe("bestScore", () => {
  it("takes the best of a name and an id, null when neither matches", () => {
    expect(bestScore(["my endpoint", "ep_abc123"], "abc123")).not.toBeNull();
    expect(bestScore(["my endpoint", "ep_abc123"], "zzz")).toBeNull();
  });
});
