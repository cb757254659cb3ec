import { describe, expect, it } from "vitest";
import { isCatalogRace, retryCatalogRace } from "./open";

const dropped = () =>
  Object.assign(new Error('schema "t_other" does not exist'), { code: "3F000" });

describe("a whole-catalog read that meets another schema's drop", () => {
  it("is tried again until it reads", async () => {
    let calls = 0;
    const tables = await retryCatalogRace(async () => {
      calls++;
      if (calls < 3) throw dropped();
      return ["jobs"];
    });
    expect(tables).toEqual(["jobs"]);
    expect(calls).toBe(3);
  });

  it("any other error is the caller's at once", async () => {
    let calls = 0;
    const boom = Object.assign(new Error("permission denied"), { code: "42501" });
    await expect(
      retryCatalogRace(async () => {
        calls++;
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(calls).toBe(1);
  });

  it("gives up after five tries (our own schema may really be missing)", async () => {
    let calls = 0;
    await expect(
      retryCatalogRace(async () => {
        calls++;
        throw dropped();
      }),
    ).rejects.toMatchObject({ code: "3F000" });
    expect(calls).toBe(5);
    expect(isCatalogRace(new Error("x"))).toBe(false);
    expect(isCatalogRace(undefined)).toBe(false);
  });
});
