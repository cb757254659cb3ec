import type { Compliance, DataCenterRegion, GpuManufacturer } from "@/lib/schemas/catalog";
import type { VolumeType } from "@/lib/schemas/common";
import type { Cloud } from "@/lib/schemas/pods";
import {
  CPU_FLAVORS,
  cpuAvailabilityIn,
  cpuDataCenterIds,
  DATA_CENTERS,
  GPU_TYPES,
  gpuAvailabilityIn,
  gpuDataCenterIds,
  toGpuType,
  type CpuFlavorEntry,
  type DataCenterEntry,
  type GpuTypeEntry,
} from "../../catalog";

/**
 * What pods, clusters, volumes and the catalogue routes read of the catalogue data: one adapter, so
 * the data's own layout (lib/platform/catalog) stays its owner's business.
 */
export interface DataCenterInfo {
  id: string;
  name: string;
  region: DataCenterRegion;
  /** ISO 3166-1 alpha-2, for the `countryCodes` filter. */
  countryCode: string;
  globalNetwork: boolean;
  /** First = the primary tier (the default of a volume created without `type`). */
  networkVolumeTypes: VolumeType[];
  compliance: Compliance[];
  /** Which hardware the site hosts: SECURE (service-owned) and/or COMMUNITY. */
  clouds: Cloud[];
}

export interface GpuInfo {
  id: string;
  name: string;
  pool: string | null;
  manufacturer: GpuManufacturer;
  memory: number;
  secure: boolean;
  community: boolean;
  price: { secure: number; community: number; serverless?: number };
  maxCount: { secure: number; community: number };
  /** Data centers with machines of this type (sold-out sites included). */
  dataCenterIds: string[];
  /** CUDA versions those machines report (`major.minor`); empty for AMD. */
  cudaVersions: string[];
}

export interface CpuInfo {
  id: string;
  name: string;
  group: string;
  vcpu: { min: number; max: number };
  ramGbPerVcpu: number;
  price: { securePerVcpu: number; serverlessPerVcpu: number };
  dataCenterIds: string[];
}

const toDc = (d: DataCenterEntry): DataCenterInfo => ({
  id: d.id,
  name: d.name,
  region: d.region,
  countryCode: d.countryCode,
  globalNetwork: d.globalNetwork,
  networkVolumeTypes: [...d.networkVolumeTypes],
  compliance: [...d.compliance],
  clouds: [...d.clouds],
});

const toGpu = (g: GpuTypeEntry): GpuInfo => {
  const t = toGpuType(g);
  return {
    id: t.id,
    name: t.name,
    pool: t.pool,
    manufacturer: t.manufacturer,
    memory: t.memory,
    secure: t.secure,
    community: t.community,
    price: t.price,
    maxCount: t.maxCount,
    dataCenterIds: gpuDataCenterIds(g.id),
    cudaVersions: [...g.cudaVersions],
  };
};

const toCpu = (c: CpuFlavorEntry): CpuInfo => ({
  id: c.id,
  name: c.name,
  group: c.group,
  vcpu: { ...c.vcpu },
  ramGbPerVcpu: c.ramGbPerVcpu,
  price: { ...c.price },
  dataCenterIds: cpuDataCenterIds(c.id),
});

// The data is constant for the process: build the views once.
const DCS = DATA_CENTERS.map(toDc);
const DC_BY_ID = new Map(DCS.map((d) => [d.id, d]));
const GPUS = GPU_TYPES.map(toGpu);
const GPU_BY_ID = new Map(GPUS.map((g) => [g.id, g]));
const CPUS = CPU_FLAVORS.map(toCpu);
const CPU_BY_ID = new Map(CPUS.map((c) => [c.id, c]));

export const allDataCenters = (): DataCenterInfo[] => DCS;
export const dataCenterById = (id: string): DataCenterInfo | undefined => DC_BY_ID.get(id);
export const allGpuTypes = (): GpuInfo[] => GPUS;
export const gpuTypeById = (id: string): GpuInfo | undefined => GPU_BY_ID.get(id);
export const gpuTypesInPool = (pool: string): GpuInfo[] => GPUS.filter((g) => g.pool === pool);
export const allCpuFlavors = (): CpuInfo[] => CPUS;
export const cpuFlavorById = (id: string): CpuInfo | undefined => CPU_BY_ID.get(id);

/** Baseline stock before overrides (the catalogue data); NONE where there are no machines. */
export const baselineGpuLevel = gpuAvailabilityIn;
export const baselineCpuLevel = cpuAvailabilityIn;
