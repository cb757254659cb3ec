import { describe, expect, it } from "vitest";
import { CreateDelegationInput, CreateRegistryInput, Registry } from "./registries";
import { failedPaths, parsed } from "./test-helpers";

const body = { name: "dockerhub-private", username: "me", password: "s3cret" };

describe("registries", () => {
  it("CreateRegistryInput – accepts name, username and password", () => {
    expect(failedPaths(CreateRegistryInput, body)).toEqual([]);
  });

  it.each([
    ["a missing password", { name: "n", username: "u" }, "password"],
    ["an empty username", { ...body, username: "" }, "username"],
    ["an unknown property", { ...body, server: "docker.io" }, "server"],
  ])("CreateRegistryInput – rejects %s", (_, input, path) => {
    expect(failedPaths(CreateRegistryInput, input)).toContain(path);
  });

  it("Registry – never answers the credential (unknown members are stripped)", () => {
    expect(parsed(Registry, { id: "r1", ...body })).toEqual({
      id: "r1",
      name: "dockerhub-private",
    });
  });

  it("CreateDelegationInput – requires the repository ARN", () => {
    expect(failedPaths(CreateDelegationInput, { name: "x" })).toContain("resource");
  });
});
