import { z } from "zod";
import {
  MajorMinor,
  queryInt,
  QueryBoolean,
  queryList,
  type RuleViolation,
  VcpuCount,
  VolumeType,
} from "./common";

// Catalogue: `/v2/catalog/{gpus,cpus,datacenters}` (templates are in ./templates). The seed names these
// routes but shows no shapes, so everything here follows the reference spec.

export const GpuManufacturer = z.enum(["NVIDIA", "AMD", "UNKNOWN"]).meta({ id: "GpuManufacturer" });
export type GpuManufacturer = z.infer<typeof GpuManufacturer>;

export const AvailabilityLevel = z
  .enum(["NONE", "LOW", "MEDIUM", "HIGH"])
  .meta({ id: "AvailabilityLevel" });
export type AvailabilityLevel = z.infer<typeof AvailabilityLevel>;

/** Product context of an availability question: the same card can be scarce for pods and plentiful for serverless. */
export const Product = z.enum(["POD", "CLUSTER", "SERVERLESS"]).meta({ id: "Product" });
export type Product = z.infer<typeof Product>;

export const CpuProduct = z.enum(["POD", "SERVERLESS"]).meta({ id: "CpuProduct" });
export type CpuProduct = z.infer<typeof CpuProduct>;

export const CatalogInclude = z.enum(["AVAILABILITY"]).meta({ id: "CatalogInclude" });
export type CatalogInclude = z.infer<typeof CatalogInclude>;

export const DataCenterInclude = z
  .enum(["GPU_AVAILABILITY", "CPU_AVAILABILITY"])
  .meta({ id: "DataCenterInclude" });
export type DataCenterInclude = z.infer<typeof DataCenterInclude>;

export const GpuCloudFilter = z.enum(["SECURE", "COMMUNITY"]).meta({ id: "GpuCloudFilter" });
export type GpuCloudFilter = z.infer<typeof GpuCloudFilter>;

export const DataCenterRegion = z
  .enum([
    "NORTH_AMERICA",
    "SOUTH_AMERICA",
    "EUROPE",
    "ASIA",
    "MIDDLE_EAST",
    "AFRICA",
    "OCEANIA",
    "ANTARCTICA",
    "UNKNOWN",
  ])
  .meta({ id: "DataCenterRegion" });
export type DataCenterRegion = z.infer<typeof DataCenterRegion>;

export const Compliance = z
  .enum([
    "GDPR",
    "ISO_IEC_27001",
    "ISO_14001",
    "PCI_DSS",
    "HITRUST",
    "SOC_1_TYPE_2",
    "SOC_2_TYPE_2",
    "SOC_3_TYPE_2",
    "ITAR",
    "FISMA_HIGH",
    "HIPAA",
    "RENEWABLE",
  ])
  .meta({ id: "Compliance" });
export type Compliance = z.infer<typeof Compliance>;

/** Availability of one GPU/CPU type in one data center (on a GPU or CPU type). */
export const DataCenterAvailability = z
  .object({ id: z.string(), name: z.string(), availability: AvailabilityLevel })
  .meta({ id: "DataCenterAvailability" });
export type DataCenterAvailability = z.infer<typeof DataCenterAvailability>;

/** Availability of one GPU/CPU type (on a data center). */
export const CatalogResourceAvailability = z
  .object({ id: z.string(), name: z.string(), availability: AvailabilityLevel })
  .meta({ id: "CatalogResourceAvailability" });
export type CatalogResourceAvailability = z.infer<typeof CatalogResourceAvailability>;

export const CudaVersionAvailability = z
  .object({ version: MajorMinor, available: z.boolean() })
  .meta({ id: "CudaVersionAvailability" });
export type CudaVersionAvailability = z.infer<typeof CudaVersionAvailability>;

export const GpuType = z
  .object({
    /** e.g. `NVIDIA GeForce RTX 4090`: what pods take in `gpu.id`. */
    id: z.string(),
    /** Display name, e.g. `RTX 4090`. */
    name: z.string(),
    /** Serverless pool id (what endpoints take in `gpu.pools`); null when not offered on serverless. */
    pool: z.string().nullable(),
    manufacturer: GpuManufacturer,
    /** VRAM, GB. */
    memory: z.number().int(),
    /** Offered on Secure Cloud / Community Cloud. */
    secure: z.boolean(),
    community: z.boolean(),
    /** USD per GPU-hour. */
    price: z.object({
      secure: z.number(),
      community: z.number(),
      serverless: z.number().optional(),
    }),
    maxCount: z.object({ secure: z.number().int(), community: z.number().int() }),
    /** With `include=AVAILABILITY` only. */
    availability: AvailabilityLevel.optional(),
    dataCenters: z.array(DataCenterAvailability).optional(),
    cudaVersions: z.array(CudaVersionAvailability).optional(),
  })
  .meta({ id: "GpuType" });
export type GpuType = z.infer<typeof GpuType>;

export const ListGpuTypesResponse = z
  .object({ gpus: z.array(GpuType) })
  .meta({ id: "ListGpuTypesResponse" });
export type ListGpuTypesResponse = z.infer<typeof ListGpuTypesResponse>;

export const CpuType = z
  .object({
    /** Flavor id, e.g. `cpu5c`: what pods take in `cpu.id`. */
    id: z.string(),
    /** e.g. `Compute-Optimized`. */
    name: z.string(),
    /** e.g. `Gen 5`. */
    group: z.string(),
    vcpu: z.object({ min: z.number().int(), max: z.number().int() }),
    ramGbPerVcpu: z.number(),
    /** USD per vCPU-hour. */
    price: z.object({ securePerVcpu: z.number(), serverlessPerVcpu: z.number() }),
    availability: AvailabilityLevel.optional(),
    dataCenters: z.array(DataCenterAvailability).optional(),
  })
  .meta({ id: "CpuType" });
export type CpuType = z.infer<typeof CpuType>;

export const ListCpuTypesResponse = z
  .object({ cpus: z.array(CpuType) })
  .meta({ id: "ListCpuTypesResponse" });
export type ListCpuTypesResponse = z.infer<typeof ListCpuTypesResponse>;

export const DataCenter = z
  .object({
    /** e.g. `US-KS-2`. */
    id: z.string(),
    /** e.g. `US Kansas 2`. */
    name: z.string(),
    region: DataCenterRegion,
    /** Supports pod global networking. */
    globalNetwork: z.boolean(),
    networkVolumeTypes: z.array(VolumeType),
    compliance: z.array(Compliance),
    /** With `include=GPU_AVAILABILITY` / `CPU_AVAILABILITY` only. */
    gpuAvailability: z.array(CatalogResourceAvailability).optional(),
    cpuAvailability: z.array(CatalogResourceAvailability).optional(),
  })
  .meta({ id: "DataCenter" });
export type DataCenter = z.infer<typeof DataCenter>;

export const ListDataCentersResponse = z
  .object({ dataCenters: z.array(DataCenter) })
  .meta({ id: "ListDataCentersResponse" });
export type ListDataCentersResponse = z.infer<typeof ListDataCentersResponse>;

// ---- Query strings. Malformed values fail the schema (422); which parameters may be combined is a
// 400 rule checked by the helpers below, which is also why no parameter here has a default. ----

export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "must be an uppercase ISO 3166-1 alpha-2 code, e.g. FR");

/** `GET /v2/catalog/gpus` and `/gpus/{id}`. */
export const GpuCatalogQuery = z.object({
  include: queryList(CatalogInclude, { max: 1 }).optional(),
  /** Required with include, invalid without. */
  product: queryList(Product).optional(),
  /** Service default 1. */
  count: queryInt(z.number().int().min(1)).optional(),
  /** Service default SECURE. */
  cloud: GpuCloudFilter.optional(),
  countryCodes: queryList(CountryCode).optional(),
  /** Exact versions; excludes `minCudaVersion`. */
  cudaVersions: queryList(MajorMinor).optional(),
  /** A bare major is accepted here (it only widens a read): `12` or `12.1`. */
  minCudaVersion: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be major or major.minor, e.g. 12 or 12.8")
    .optional(),
});
export type GpuCatalogQuery = z.infer<typeof GpuCatalogQuery>;

/** `GET /v2/catalog/cpus` and `/cpus/{id}`. */
export const CpuCatalogQuery = z.object({
  include: queryList(CatalogInclude, { max: 1 }).optional(),
  product: queryList(CpuProduct).optional(),
  vcpuCount: queryInt(VcpuCount).optional(),
});
export type CpuCatalogQuery = z.infer<typeof CpuCatalogQuery>;

/** `GET /v2/catalog/datacenters`: OR within `regions`, AND within the other lists, AND across filters. */
export const DataCenterCatalogQuery = z.object({
  include: queryList(DataCenterInclude).optional(),
  regions: queryList(DataCenterRegion).optional(),
  networkVolumeTypes: queryList(VolumeType).optional(),
  compliance: queryList(Compliance).optional(),
  globalNetwork: QueryBoolean.optional(),
});
export type DataCenterCatalogQuery = z.infer<typeof DataCenterCatalogQuery>;

/** `GET /v2/catalog/datacenters/{id}`. */
export const DataCenterDetailQuery = DataCenterCatalogQuery.pick({ include: true });
export type DataCenterDetailQuery = z.infer<typeof DataCenterDetailQuery>;

function withoutInclude(query: Record<string, unknown>, names: readonly string[]): RuleViolation[] {
  return names
    .filter((name) => query[name] !== undefined)
    .map((name) => ({ path: name, message: "is valid only with include=AVAILABILITY" }));
}

/** 400 rules of the GPU catalogue query: `product` required with include, filters only with it, CUDA set xor floor. */
export function gpuCatalogQueryViolations(query: GpuCatalogQuery): RuleViolation[] {
  const included = (query.include?.length ?? 0) > 0;
  if (!included)
    return withoutInclude(query, [
      "product",
      "count",
      "cloud",
      "countryCodes",
      "cudaVersions",
      "minCudaVersion",
    ]);
  const out: RuleViolation[] = [];
  if (!query.product || query.product.length === 0) {
    out.push({ path: "product", message: "is required with include=AVAILABILITY" });
  }
  if (query.cudaVersions !== undefined && query.minCudaVersion !== undefined) {
    out.push({ path: "minCudaVersion", message: "cannot be combined with cudaVersions" });
  }
  return out;
}

/** 400 rules of the CPU catalogue query. */
export function cpuCatalogQueryViolations(query: CpuCatalogQuery): RuleViolation[] {
  const included = (query.include?.length ?? 0) > 0;
  if (!included) return withoutInclude(query, ["product", "vcpuCount"]);
  if (!query.product || query.product.length === 0) {
    return [{ path: "product", message: "is required with include=AVAILABILITY" }];
  }
  return [];
}
