import { describe, expect, it } from "vitest";
import { describeReleaseChange, releaseFieldLabel, releaseValue } from "./release-diff";

describe("release diff in people's words", () => {
  it("names each setting as the settings form does, environment variables by their key", () => {
    expect(releaseFieldLabel("args")).toBe("Start command");
    expect(releaseFieldLabel("gpu.pools")).toBe("GPU pools");
    expect(releaseFieldLabel("env.MODEL_NAME")).toBe("Environment variable MODEL_NAME");
    expect(releaseFieldLabel("somethingNew")).toBe("somethingNew");
  });

  it("writes values as a person would: none for empty, units, lists, never raw JSON quotes", () => {
    expect(releaseValue("args", "")).toBe("none");
    expect(releaseValue("disk", 20)).toBe("20 GB");
    expect(releaseValue("gpu.count", 1)).toBe("1 GPU");
    expect(releaseValue("gpu.count", 2)).toBe("2 GPUs");
    expect(releaseValue("gpu.pools", ["ADA_24", "AMPERE_48"])).toBe("ADA_24, AMPERE_48");
    expect(releaseValue("ports", [])).toBe("none");
    expect(releaseValue("image", "acme/worker:2")).toBe("acme/worker:2");
    expect(releaseValue("registry", null)).toBeNull();
  });

  it('turns `args: — → ""` into "Start command set to none" on the first release, and says added, removed or changed after', () => {
    expect(describeReleaseChange({ field: "args", old: null, new: "" }, true)).toMatchObject({
      kind: "set",
      sentence: "Start command set to none",
    });
    expect(describeReleaseChange({ field: "env.TOKEN", old: null, new: "abc" })).toMatchObject({
      kind: "added",
      sentence: "Environment variable TOKEN added: abc",
    });
    expect(describeReleaseChange({ field: "env.TOKEN", old: "abc", new: null })).toMatchObject({
      kind: "removed",
      sentence: "Environment variable TOKEN removed (was abc)",
    });
    expect(
      describeReleaseChange({ field: "image", old: "acme/worker:1", new: "acme/worker:2" }),
    ).toMatchObject({
      kind: "changed",
      before: "acme/worker:1",
      after: "acme/worker:2",
      sentence: "Image changed from acme/worker:1 to acme/worker:2",
    });
  });
});
