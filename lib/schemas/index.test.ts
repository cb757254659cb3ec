import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contract from "./index";

const schemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);
const ids = schemas.map(([name, schema]) => [name, z.globalRegistry.get(schema)?.id] as const);

describe("the contract index", () => {
  it("index – gives every component id to one schema only (OpenAPI components must not collide)", () => {
    const byId = new Map<string, string[]>();
    for (const [name, id] of ids) if (id) byId.set(id, [...(byId.get(id) ?? []), name]);
    expect([...byId.entries()].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it.each([
    ["CreateEndpointInput", "CreateEndpointRequest"],
    ["UpdateEndpointInput", "UpdateEndpointRequest"],
    ["CreatePodInput", "CreatePodRequest"],
    ["UpdatePodInput", "UpdatePodRequest"],
    ["CreateTemplateInput", "CreateTemplateRequest"],
    ["CreateNetworkVolumeInput", "CreateNetworkVolumeRequest"],
    ["Endpoint", "Endpoint"],
    ["Pod", "Pod"],
    ["Problem", "ErrorResponse"],
  ])("index – names %s after the reference component %s", (name, id) => {
    expect(ids.find(([n]) => n === name)?.[1]).toBe(id);
  });

  it("index – renders every request body as JSON Schema", () => {
    const bodies = schemas.filter(([name]) => name.endsWith("Input"));
    expect(bodies.length).toBeGreaterThan(15);
    for (const [, schema] of bodies)
      expect(() => z.toJSONSchema(schema, { io: "input" })).not.toThrow();
  });
});
