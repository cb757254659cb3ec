import { describe, expect, it } from "vitest";
import { diffInputs } from "./input-diff";

describe("diffInputs", () => {
  it("lists every field of either input and marks the ones whose values differ", () => {
    expect(
      diffInputs(
        { prompt: "a lighthouse", width: 768, seed: 1 },
        { prompt: "a lighthouse", width: 1024, steps: 40 },
      ),
    ).toEqual([
      { field: "prompt", a: "a lighthouse", b: "a lighthouse", differs: false },
      { field: "width", a: 768, b: 1024, differs: true },
      { field: "seed", a: 1, b: undefined, differs: true },
      { field: "steps", a: undefined, b: 40, differs: true },
    ]);
  });

  it("compares nested values by content, not by key order", () => {
    const [options] = diffInputs(
      { options: { top_p: 0.9, temperature: 0.7 } },
      { options: { temperature: 0.7, top_p: 0.9 } },
    );
    expect(options?.differs).toBe(false);
  });

  it("compares inputs that are not objects as one value", () => {
    expect(diffInputs(["x"], ["y"])).toEqual([{ field: "$", a: ["x"], b: ["y"], differs: true }]);
  });
});
