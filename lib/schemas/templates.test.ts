import { describe, expect, it } from "vitest";
import {
  CatalogTemplatesQuery,
  CreateTemplateInput,
  Template,
  UpdateTemplateInput,
} from "./templates";
import { failedPaths, parsed } from "./test-helpers";

const base = {
  name: "PyTorch GPU Template",
  image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
};

describe("CreateTemplateInput", () => {
  const valid: [string, unknown][] = [
    ["name and image only", base],
    ["a serverless template", { ...base, serverless: true, category: "NVIDIA", env: { A: "1" } }],
    ["a persistent mount", { ...base, mounts: { persistent: { size: 20, path: "/workspace" } } }],
    [
      "a CPU category with CUDA versions",
      { ...base, category: "CPU", allowedCudaVersions: ["12.8"] },
    ],
  ];
  it.each(valid)("CreateTemplateInput – accepts %s", (_, body) => {
    expect(failedPaths(CreateTemplateInput, body)).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ["a missing image", { name: "x" }, "image"],
    ["a missing name", { image: "x" }, "name"],
    [
      "a network mount (templates carry only persistent)",
      { ...base, mounts: { network: [{ volumeId: "v", path: "/w" }] } },
      "mounts.network",
    ],
    ["an unknown category", { ...base, category: "INTEL" }, "category"],
    [
      "a malformed CUDA version",
      { ...base, allowedCudaVersions: ["cu128"] },
      "allowedCudaVersions.0",
    ],
    ["an unknown property", { ...base, readme: "hi" }, "readme"],
  ];
  it.each(invalid)("CreateTemplateInput – rejects %s", (_, body, path) => {
    expect(failedPaths(CreateTemplateInput, body)).toContain(path);
  });

  it("CreateTemplateInput – applies the reference's defaults", () => {
    const out = parsed(CreateTemplateInput, base);
    expect(out).toMatchObject({
      category: "NVIDIA",
      public: false,
      serverless: false,
      startJupyter: true,
      startSsh: true,
    });
  });
});

describe("UpdateTemplateInput", () => {
  it.each([
    ["an empty body", {}],
    ["clearing CUDA versions", { allowedCudaVersions: [] }],
    ["empty mounts", { mounts: {} }],
  ])("UpdateTemplateInput – accepts %s", (_, body) => {
    expect(failedPaths(UpdateTemplateInput, body)).toEqual([]);
  });

  it("UpdateTemplateInput – adds no defaults", () => {
    expect(parsed(UpdateTemplateInput, { name: "n" })).toEqual({ name: "n" });
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["an id", { id: "x" }, "id"],
  ])("UpdateTemplateInput – rejects %s", (_, body, path) => {
    expect(failedPaths(UpdateTemplateInput, body)).toContain(path);
  });
});

describe("template responses and catalogue query", () => {
  it("Template – accepts the reference example", () => {
    const template = {
      id: "9x4m2p7v",
      name: "PyTorch GPU Template",
      image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
      args: "",
      disk: 50,
      mounts: { persistent: { size: 20, path: "/workspace" } },
      ports: ["8888/http"],
      env: { JUPYTER_ENABLE_LAB: "yes" },
      registry: null,
      serverless: false,
      public: false,
      category: "NVIDIA",
      startSsh: true,
      startJupyter: false,
      allowedCudaVersions: [],
    };
    expect(failedPaths(Template, template)).toEqual([]);
  });

  it.each([
    ["absent", {}, "official"],
    ["verified", { source: "verified" }, "verified"],
    ["community", { source: "community" }, "community"],
  ])("CatalogTemplatesQuery – reads source %s", (_, query, source) => {
    expect(parsed(CatalogTemplatesQuery, query).source).toBe(source);
  });

  it("CatalogTemplatesQuery – rejects an unknown source", () => {
    expect(failedPaths(CatalogTemplatesQuery, { source: "mine" })).toContain("source");
  });
});
