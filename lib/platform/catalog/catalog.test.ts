import { describe, expect, it } from "vitest";
import { CpuType, DataCenter, GpuType } from "@/lib/schemas/catalog";
import { MajorMinor } from "@/lib/schemas/common";
import { Template } from "@/lib/schemas/templates";
import {
  compareCudaVersions,
  CPU_AVAILABILITY,
  CPU_FLAVORS,
  cudaVersionsFor,
  cudaVersionsForPools,
  DATA_CENTERS,
  findDataCenter,
  findGpuType,
  findPublicTemplate,
  GPU_AVAILABILITY,
  GPU_TYPES,
  gpuAvailabilityIn,
  gpuDataCenterIds,
  gpuTypesInPool,
  poolIds,
  PUBLIC_TEMPLATES,
  publicTemplates,
  serverlessPricePerHour,
  toGpuType,
} from "./index";

// platform-notes §6.4, in the documented order.
const DOCUMENTED_DC_IDS = [
  "EU-RO-1",
  "CA-MTL-1",
  "EU-SE-1",
  "US-IL-1",
  "EUR-IS-1",
  "EU-CZ-1",
  "US-TX-3",
  "EUR-IS-2",
  "US-KS-2",
  "US-GA-2",
  "US-WA-1",
  "US-TX-1",
  "CA-MTL-3",
  "EU-NL-1",
  "US-TX-4",
  "US-CA-2",
  "US-NC-1",
  "OC-AU-1",
  "US-DE-1",
  "EUR-IS-3",
  "CA-MTL-2",
  "AP-JP-1",
  "EUR-NO-1",
  "EU-FR-1",
  "US-KS-3",
  "US-GA-1",
];

const duplicates = (ids: readonly string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe("catalogue data integrity", () => {
  it("catalogue – every serverless pool has at least one GPU type", () => {
    expect(poolIds().filter((pool) => gpuTypesInPool(pool).length === 0)).toEqual([]);
  });

  it("catalogue – every GPU type's pool is a known pool", () => {
    const pools = new Set(poolIds());
    expect(GPU_TYPES.filter((g) => g.pool !== null && !pools.has(g.pool)).map((g) => g.id)).toEqual(
      [],
    );
  });

  it("catalogue – every pool has capacity somewhere (so serverless placement can succeed)", () => {
    const dry = poolIds().filter(
      (pool) =>
        !GPU_AVAILABILITY.some(
          (r) => findGpuType(r.gpuTypeId)?.pool === pool && r.availability !== "NONE",
        ),
    );
    expect(dry).toEqual([]);
  });

  it("catalogue – data center ids are unique and exactly the 26 documented ones", () => {
    const ids = DATA_CENTERS.map((d) => d.id);
    expect(duplicates(ids)).toEqual([]);
    expect(ids).toEqual(DOCUMENTED_DC_IDS);
  });

  it("catalogue – GPU type ids, CPU flavor ids and template ids are unique", () => {
    expect(duplicates(GPU_TYPES.map((g) => g.id))).toEqual([]);
    expect(duplicates(CPU_FLAVORS.map((c) => c.id))).toEqual([]);
    expect(duplicates(PUBLIC_TEMPLATES.map((t) => t.template.id))).toEqual([]);
  });

  it("catalogue – every availability row references a known GPU type or CPU flavor and data center", () => {
    const unknownGpu = GPU_AVAILABILITY.filter(
      (r) => !findGpuType(r.gpuTypeId) || !findDataCenter(r.dataCenterId),
    );
    const unknownCpu = CPU_AVAILABILITY.filter(
      (r) => !CPU_FLAVORS.some((c) => c.id === r.cpuFlavorId) || !findDataCenter(r.dataCenterId),
    );
    expect([...unknownGpu, ...unknownCpu]).toEqual([]);
  });

  it("catalogue – a GPU type only stands in sites hosting a cloud it is offered on", () => {
    const misplaced = GPU_AVAILABILITY.filter((r) => {
      const gpu = findGpuType(r.gpuTypeId)!;
      const dc = findDataCenter(r.dataCenterId)!;
      return !(
        (gpu.secure && dc.clouds.includes("SECURE")) ||
        (gpu.community && dc.clouds.includes("COMMUNITY"))
      );
    });
    expect(misplaced).toEqual([]);
  });

  it("catalogue – CPU flavors stand only in Secure Cloud sites", () => {
    expect(
      CPU_AVAILABILITY.filter((r) => !findDataCenter(r.dataCenterId)!.clouds.includes("SECURE")),
    ).toEqual([]);
  });

  it("catalogue – keeps some sold-out rows so no-capacity rules are exercisable", () => {
    expect(GPU_AVAILABILITY.filter((r) => r.availability === "NONE").length).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      gpuDataCenterIds("NVIDIA B300 SXM6 AC").map((dc) =>
        gpuAvailabilityIn("NVIDIA B300 SXM6 AC", dc),
      ),
    ).toEqual(["NONE", "NONE"]);
  });

  it("catalogue – every GPU type has machines in at least one site", () => {
    expect(GPU_TYPES.filter((g) => gpuDataCenterIds(g.id).length === 0).map((g) => g.id)).toEqual(
      [],
    );
  });

  it("catalogue – a cloud is offered exactly when it has a price and a max count", () => {
    const inconsistent = GPU_TYPES.filter(
      (g) =>
        g.secure !== (g.price.secure > 0 && g.maxCount.secure > 0) ||
        g.community !== (g.price.community > 0 && g.maxCount.community > 0) ||
        (!g.secure && !g.community),
    );
    expect(inconsistent.map((g) => g.id)).toEqual([]);
  });

  it("catalogue – CUDA versions are major.minor, ascending, and none for AMD", () => {
    for (const g of GPU_TYPES) {
      for (const v of g.cudaVersions) expect(MajorMinor.safeParse(v).success).toBe(true);
      expect([...g.cudaVersions].sort(compareCudaVersions)).toEqual([...g.cudaVersions]);
      if (g.manufacturer === "AMD") expect(g.cudaVersions).toEqual([]);
    }
  });

  it("catalogue – community-only sites host no network volumes (volumes attach to Secure Cloud pods)", () => {
    const offending = DATA_CENTERS.filter(
      (d) => !d.clouds.includes("SECURE") && d.networkVolumeTypes.length > 0,
    );
    expect(offending.map((d) => d.id)).toEqual([]);
  });

  it("catalogue – global networking and both volume tiers exist, and some sites lack them", () => {
    expect(DATA_CENTERS.some((d) => d.globalNetwork)).toBe(true);
    expect(DATA_CENTERS.some((d) => !d.globalNetwork)).toBe(true);
    expect(DATA_CENTERS.some((d) => d.networkVolumeTypes.includes("HIGH_PERFORMANCE"))).toBe(true);
    expect(
      DATA_CENTERS.some(
        (d) => d.networkVolumeTypes.length === 1 && d.networkVolumeTypes[0] === "STANDARD",
      ),
    ).toBe(true);
  });
});

describe("catalogue data against the contract", () => {
  it("catalogue – every GPU type answers as a valid GpuType", () => {
    for (const g of GPU_TYPES) expect(GpuType.safeParse(toGpuType(g)).success).toBe(true);
  });

  it("catalogue – every CPU flavor, data center and public template parses with its schema", () => {
    for (const c of CPU_FLAVORS) expect(CpuType.safeParse(c).success).toBe(true);
    for (const d of DATA_CENTERS) expect(DataCenter.safeParse(d).success).toBe(true);
    for (const { template } of PUBLIC_TEMPLATES)
      expect(Template.safeParse(template).error?.issues).toBeUndefined();
  });

  it("catalogue – the RTX 4090 matches the reference example", () => {
    expect(toGpuType(findGpuType("NVIDIA GeForce RTX 4090")!)).toMatchObject({
      name: "RTX 4090",
      pool: "ADA_24",
      memory: 24,
      price: { secure: 0.44, community: 0.31 },
      maxCount: { secure: 8, community: 4 },
    });
    expect(gpuAvailabilityIn("NVIDIA GeForce RTX 4090", "US-KS-2")).toBe("HIGH");
  });

  it("catalogue – public templates are public, registry-free, with pod and serverless ones in the official slice", () => {
    expect(
      PUBLIC_TEMPLATES.every(({ template }) => template.public && template.registry === null),
    ).toBe(true);
    const official = publicTemplates("official");
    expect(official.some((t) => t.serverless)).toBe(true);
    expect(official.some((t) => !t.serverless)).toBe(true);
    expect(publicTemplates().length).toBe(PUBLIC_TEMPLATES.length);
    expect(findPublicTemplate("runpod-mock-worker")?.image).toBe("runpod/mock-worker:latest");
  });
});

describe("catalogue lookups", () => {
  it("cudaVersionsFor – lists a type's versions and nothing for unknown ids", () => {
    expect(cudaVersionsFor("NVIDIA GeForce RTX 5090")).toEqual(["12.8", "12.9", "13.0"]);
    expect(cudaVersionsFor("NVIDIA Nonexistent")).toEqual([]);
  });

  it("cudaVersionsForPools – unions the pools' types in numeric order", () => {
    expect(cudaVersionsForPools(["BLACKWELL_96"])).toEqual(["12.8", "12.9", "13.0"]);
    expect(cudaVersionsForPools(["ADA_24", "BLACKWELL_96"])[0]).toBe("11.8");
    expect(cudaVersionsForPools(["NO_SUCH_POOL"])).toEqual([]);
  });

  it("compareCudaVersions – orders numerically", () => {
    expect(["12.10", "12.9", "11.8", "13.0"].sort(compareCudaVersions)).toEqual([
      "11.8",
      "12.9",
      "12.10",
      "13.0",
    ]);
  });

  it("serverlessPricePerHour – converts the per-second price", () => {
    expect(serverlessPricePerHour("ADA_24")).toBe(1.12);
    expect(serverlessPricePerHour("NOPE")).toBeUndefined();
  });

  it("gpuAvailabilityIn – is NONE where a type has no machines", () => {
    expect(gpuAvailabilityIn("NVIDIA GeForce RTX 4090", "AP-JP-1")).toBe("NONE");
  });

  it("gpuDataCenterIds – lists sites in catalogue order, sold-out ones included", () => {
    expect(gpuDataCenterIds("NVIDIA H200")).toEqual(["EU-SE-1", "US-TX-3", "US-KS-2"]);
  });

  it("findDataCenter – derives the region from the id prefix", () => {
    expect(findDataCenter("EUR-IS-1")?.region).toBe("EUROPE");
    expect(findDataCenter("OC-AU-1")?.region).toBe("OCEANIA");
    expect(findDataCenter("AP-JP-1")?.region).toBe("ASIA");
    expect(findDataCenter("CA-MTL-1")?.region).toBe("NORTH_AMERICA");
  });
});
