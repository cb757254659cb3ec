import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PlatformError } from "./problem";
import { jsonPath, parseJsonText, parseOrThrow } from "./validation";

const Body = z.strictObject({
  name: z.string().min(1),
  locked: z.boolean().optional(),
  workers: z.strictObject({ idleTimeout: z.number().int().min(1).max(3600) }).optional(),
  pools: z.array(z.string()).min(1).optional(),
  kind: z.enum(["A", "B"]).optional(),
});

function errorsOf(value: unknown): string[] {
  try {
    parseOrThrow(Body, value);
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).status).toBe(422);
    return (err as PlatformError).errors ?? [];
  }
  throw new Error("expected a validation problem");
}

describe("validation messages name the JSON path", () => {
  it.each([
    [{}, "name: enter a name"],
    [{ name: "x", locked: "yes" }, 'locked: must be true or false, got "yes"'],
    [{ name: "x", workers: { idleTimeout: 5000 } }, "workers.idleTimeout: must be at most 3600 s"],
    [{ name: "x", workers: { idleTimeout: 0 } }, "workers.idleTimeout: must be at least 1 s"],
    [
      { name: "x", workers: { idleTimeout: 1.5 } },
      "workers.idleTimeout: must be a whole number, got 1.5",
    ],
    [{ name: "x", pools: [] }, "pools: choose at least one GPU pool"],
    [{ name: "x", pools: [3] }, "pools[0]: must be text, got 3"],
    [{ name: "x", kind: "C" }, "kind: choose one of A or B"],
    [{ name: "x", extra: 1 }, "extra: unknown property"],
    [{ name: "" }, "name: enter a name"],
  ])("%j → %s", (value, expected) => {
    expect(errorsOf(value)).toContain(expected);
  });

  it("formats paths with dots and indexes, $ for the root", () => {
    expect(jsonPath(["gpu", "pools", 0])).toBe("gpu.pools[0]");
    expect(jsonPath([])).toBe("$");
  });

  it("parses JSON leniently: empty → undefined, malformed → 400", () => {
    expect(parseJsonText("  ")).toBeUndefined();
    expect(parseJsonText('{"a":1}')).toEqual({ a: 1 });
    expect(() => parseJsonText("{")).toThrow(/request body is not valid JSON/);
  });
});
