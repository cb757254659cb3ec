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
    [{}, "name: is required"],
    [{ name: "x", locked: "yes" }, "locked: must be a boolean, got string"],
    [{ name: "x", workers: { idleTimeout: 5000 } }, "workers.idleTimeout: must be at most 3600"],
    [{ name: "x", workers: { idleTimeout: 0 } }, "workers.idleTimeout: must be at least 1"],
    [
      { name: "x", workers: { idleTimeout: 1.5 } },
      "workers.idleTimeout: must be an integer, got number",
    ],
    [{ name: "x", pools: [] }, "pools: must have at least 1 item"],
    [{ name: "x", pools: [3] }, "pools[0]: must be a string, got number"],
    [{ name: "x", kind: "C" }, 'kind: must be one of "A", "B"'],
    [{ name: "x", extra: 1 }, "extra: unknown property"],
    [{ name: "" }, "name: must have at least 1 character"],
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
