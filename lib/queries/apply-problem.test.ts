import { describe, expect, it, vi } from "vitest";
import { applyProblemToForm, pathCandidates, splitProblemError } from "./apply-problem";

describe("applyProblemToForm", () => {
  it("splits an errors[] entry into path and message", () => {
    expect(splitProblemError("workers.idleTimeout: must be at most 3600")).toEqual({
      path: "workers.idleTimeout",
      message: "must be at most 3600",
    });
    expect(splitProblemError("no path here")).toEqual({ path: "$", message: "no path here" });
  });

  it("walks up a path to the nearest field", () => {
    expect(pathCandidates("gpu.pools[1]")).toEqual(["gpu.pools[1]", "gpu.pools", "gpu"]);
  });

  it("lands each entry on its field, focusing the first, and leaves the rest to root.server", () => {
    const setError = vi.fn();
    const placed = applyProblemToForm(
      {
        title: "Bad Request",
        status: 400,
        detail: "two problems",
        errors: [
          "allowedCudaVersions[0]: CUDA 99.9 is not offered",
          "env.FOO: enter a value",
          "mystery: unknown",
        ],
      },
      setError,
      { fields: ["allowedCudaVersions", "envRows"], aliases: { env: "envRows" } },
    );
    expect(placed).toBe(2);
    expect(setError).toHaveBeenCalledWith(
      "allowedCudaVersions",
      { type: "server", message: "CUDA 99.9 is not offered" },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      "envRows",
      { type: "server", message: "Enter a value" },
      { shouldFocus: false },
    );
    expect(setError).toHaveBeenCalledWith("root.server", {
      type: "400",
      message: "two problems · mystery: unknown",
    });
  });

  it("puts a problem without errors[] on root.server", () => {
    const setError = vi.fn();
    applyProblemToForm({ title: "Forbidden", status: 403, detail: "no" }, setError, {
      fields: [],
    });
    expect(setError).toHaveBeenCalledWith("root.server", { type: "403", message: "no" });
  });
});
