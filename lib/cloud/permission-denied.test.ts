import { describe, expect, it } from "vitest";
import { deniedPermission } from "./permission-denied";

describe("deniedPermission", () => {
  it.each([
    ["POST", "management", "/serverless", "This key cannot write serverless endpoints"],
    ["GET", "management", "/serverless/abc/workers", "This key cannot read serverless endpoints"],
    ["POST", "management", "/network-volumes", "This key cannot write network volumes"],
    ["PATCH", "management", "/pods/p1", "This key cannot write pods"],
    ["GET", "rest", "/networkvolumes", "This key cannot read network volumes"],
    ["POST", "job", "/ep1/run", "This key cannot run or change jobs of ep1"],
    ["GET", "management", "/catalog/gpus", undefined],
  ] as const)("%s %s %s", (method, family, path, expected) => {
    expect(deniedPermission(method, family, path)).toBe(expected);
  });
});
