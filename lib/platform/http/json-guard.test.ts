import { describe, expect, it } from "vitest";
import { assertJsonDepth, findNul, MAX_JSON_DEPTH } from "./json-guard";
import { PlatformError } from "./problem";
import { parseJsonText } from "./validation";

const arrays = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

function problemOf(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError);
    return err as PlatformError;
  }
  throw new Error("expected a problem");
}

describe("request JSON guard", () => {
  it("accepts nesting up to the limit and refuses one level more with a 400 naming it", () => {
    expect(() => assertJsonDepth(arrays(MAX_JSON_DEPTH))).not.toThrow();
    const p = problemOf(() => assertJsonDepth(arrays(MAX_JSON_DEPTH + 1)));
    expect(p.status).toBe(400);
    expect(p.detail).toContain(String(MAX_JSON_DEPTH));
  });

  it("scans 100,000 levels without recursion; brackets and escaped quotes inside strings do not count", () => {
    expect(problemOf(() => assertJsonDepth(arrays(100_000))).status).toBe(400);
    expect(() => assertJsonDepth(JSON.stringify({ s: `\\"${"[".repeat(500)}` }))).not.toThrow();
    expect(() => assertJsonDepth(`[{"a":"]]]]\\""}]`)).not.toThrow();
  });

  it.each([
    ['{"a":"x\\u0000"}', "a"],
    ['{"a":[1,{"b\\u0000c":2}]}', "a[1].b\\u0000c"],
    ['"\\u0000"', "$"],
  ])("finds the NUL in %s at %s", (text, path) => {
    expect(findNul(JSON.parse(text))).toBe(path);
    const p = problemOf(() => parseJsonText(text));
    expect(p.status).toBe(400);
    expect(p.errors).toEqual([`${path}: must not contain a NUL character`]);
  });

  it("an escaped backslash followed by u0000 is text, not NUL", () => {
    expect(parseJsonText('{"a":"\\\\u0000"}')).toEqual({ a: "\\u0000" });
  });
});
