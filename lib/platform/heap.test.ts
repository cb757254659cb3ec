import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { applyHeapPolicy } from "./heap";

describe("The platform's heap policy", () => {
  it("lets the heap grow 50 % past its live objects by default", () => {
    const set: string[] = [];
    expect(applyHeapPolicy(loadConfig({}), (f) => set.push(f))).toBe("--heap-growing-percent=50");
    expect(set).toEqual(["--heap-growing-percent=50"]);
  });

  it("takes PLATFORM_HEAP_GROWTH_PERCENT, and 0 leaves V8's own policy untouched", () => {
    const set: string[] = [];
    applyHeapPolicy(loadConfig({ PLATFORM_HEAP_GROWTH_PERCENT: "120" }), (f) => set.push(f));
    expect(
      applyHeapPolicy(loadConfig({ PLATFORM_HEAP_GROWTH_PERCENT: "0" }), (f) => set.push(f)),
    ).toBeNull();
    expect(set).toEqual(["--heap-growing-percent=120"]);
  });

  it("refuses a growth that is not a whole number", () => {
    expect(() => loadConfig({ PLATFORM_HEAP_GROWTH_PERCENT: "lots" })).toThrow(ConfigError);
    expect(() => loadConfig({ PLATFORM_HEAP_GROWTH_PERCENT: "-5" })).toThrow(
      /PLATFORM_HEAP_GROWTH_PERCENT must be an integer/,
    );
  });
});
