import { describe, expect, it } from "vitest";
import {
  CpuCatalogQuery,
  cpuCatalogQueryViolations,
  DataCenter,
  DataCenterCatalogQuery,
  GpuCatalogQuery,
  gpuCatalogQueryViolations,
  GpuType,
} from "./catalog";
import { failedPaths, parsed } from "./test-helpers";

describe("GPU catalogue query", () => {
  it("GpuCatalogQuery – splits comma-separated lists and reads integers", () => {
    const q = parsed(GpuCatalogQuery, {
      include: "AVAILABILITY",
      product: "POD,SERVERLESS",
      count: "2",
      cloud: "COMMUNITY",
      countryCodes: "FR, DE",
      cudaVersions: "12.8,12.6",
    });
    expect(q).toEqual({
      include: ["AVAILABILITY"],
      product: ["POD", "SERVERLESS"],
      count: 2,
      cloud: "COMMUNITY",
      countryCodes: ["FR", "DE"],
      cudaVersions: ["12.8", "12.6"],
    });
  });

  it("GpuCatalogQuery – leaves absent parameters undefined (no defaults)", () => {
    expect(parsed(GpuCatalogQuery, {})).toEqual({});
  });

  it.each([
    ["two include values", { include: "AVAILABILITY,AVAILABILITY" }, "include"],
    ["an unknown include", { include: "PRICES" }, "include.0"],
    ["an unknown product", { product: "VM" }, "product.0"],
    ["count 0", { count: "0" }, "count"],
    ["a non-numeric count", { count: "two" }, "count"],
    ["a lowercase country code", { countryCodes: "fr" }, "countryCodes.0"],
    ["a bare major in cudaVersions", { cudaVersions: "12" }, "cudaVersions.0"],
    ["a malformed minCudaVersion", { minCudaVersion: "v12" }, "minCudaVersion"],
  ])("GpuCatalogQuery – rejects %s", (_, query, path) => {
    expect(failedPaths(GpuCatalogQuery, query)).toContain(path);
  });

  it("GpuCatalogQuery – accepts a bare major as minCudaVersion", () => {
    expect(parsed(GpuCatalogQuery, { minCudaVersion: "12" }).minCudaVersion).toBe("12");
  });

  it.each([
    ["no parameters", {}, []],
    ["include with product", { include: "AVAILABILITY", product: "POD" }, []],
    ["include without product", { include: "AVAILABILITY" }, ["product"]],
    [
      "filters without include",
      { product: "POD", count: "2", cloud: "SECURE" },
      ["product", "count", "cloud"],
    ],
    [
      "both cudaVersions and minCudaVersion",
      { include: "AVAILABILITY", product: "POD", cudaVersions: "12.8", minCudaVersion: "12" },
      ["minCudaVersion"],
    ],
  ])("gpuCatalogQueryViolations – %s", (_, query, paths) => {
    expect(gpuCatalogQueryViolations(parsed(GpuCatalogQuery, query)).map((v) => v.path)).toEqual(
      paths,
    );
  });
});

describe("CPU and data-center catalogue queries", () => {
  it.each([
    [
      "a power-of-two vcpuCount",
      { include: "AVAILABILITY", product: "SERVERLESS", vcpuCount: "8" },
      [],
    ],
    ["vcpuCount without include", { vcpuCount: "8" }, ["vcpuCount"]],
    ["include without product", { include: "AVAILABILITY" }, ["product"]],
  ])("cpuCatalogQueryViolations – %s", (_, query, paths) => {
    expect(cpuCatalogQueryViolations(parsed(CpuCatalogQuery, query)).map((v) => v.path)).toEqual(
      paths,
    );
  });

  it.each([["6"], ["1"], ["x"]])("CpuCatalogQuery – rejects vcpuCount=%s", (vcpuCount) => {
    expect(failedPaths(CpuCatalogQuery, { vcpuCount })).toContain("vcpuCount");
  });

  it("DataCenterCatalogQuery – reads lists and the globalNetwork boolean", () => {
    const q = parsed(DataCenterCatalogQuery, {
      include: "GPU_AVAILABILITY,CPU_AVAILABILITY",
      regions: "EUROPE,NORTH_AMERICA",
      networkVolumeTypes: "STANDARD,HIGH_PERFORMANCE",
      compliance: "GDPR",
      globalNetwork: "true",
    });
    expect(q).toEqual({
      include: ["GPU_AVAILABILITY", "CPU_AVAILABILITY"],
      regions: ["EUROPE", "NORTH_AMERICA"],
      networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
      compliance: ["GDPR"],
      globalNetwork: true,
    });
  });

  it.each([
    ["an unknown region", { regions: "MARS" }, "regions.0"],
    ["globalNetwork=1", { globalNetwork: "1" }, "globalNetwork"],
    ["an unknown compliance", { compliance: "SOC2" }, "compliance.0"],
  ])("DataCenterCatalogQuery – rejects %s", (_, query, path) => {
    expect(failedPaths(DataCenterCatalogQuery, query)).toContain(path);
  });
});

describe("catalogue responses", () => {
  it("GpuType – accepts the reference example", () => {
    const gpu = {
      id: "NVIDIA GeForce RTX 4090",
      name: "RTX 4090",
      pool: "ADA_24",
      manufacturer: "NVIDIA",
      memory: 24,
      secure: true,
      community: true,
      price: { secure: 0.44, community: 0.31, serverless: 1.1 },
      maxCount: { secure: 8, community: 4 },
      availability: "HIGH",
      dataCenters: [{ id: "US-KS-2", name: "US Kansas 2", availability: "HIGH" }],
      cudaVersions: [{ version: "12.8", available: true }],
    };
    expect(failedPaths(GpuType, gpu)).toEqual([]);
  });

  it("DataCenter – accepts a data center with availability", () => {
    const dc = {
      id: "US-KS-2",
      name: "US Kansas 2",
      region: "NORTH_AMERICA",
      globalNetwork: true,
      networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
      compliance: ["SOC_2_TYPE_2", "ISO_IEC_27001"],
      gpuAvailability: [{ id: "NVIDIA GeForce RTX 4090", name: "RTX 4090", availability: "HIGH" }],
    };
    expect(failedPaths(DataCenter, dc)).toEqual([]);
  });
});
