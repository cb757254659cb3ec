import type { AvailabilityLevel, GpuType } from "@/lib/schemas/catalog";
import type { CatalogTemplateSource, Template } from "@/lib/schemas/templates";
import { CPU_AVAILABILITY, GPU_AVAILABILITY } from "./baseline-availability";
import { CPU_FLAVORS, type CpuFlavorEntry } from "./cpus";
import { DATA_CENTERS, type DataCenterEntry } from "./datacenters";
import { GPU_TYPES, type GpuTypeEntry, SERVERLESS_POOLS, type ServerlessPool } from "./gpus";
import { PUBLIC_TEMPLATES } from "./public-templates";

// Lookups over the catalogue data. Pure and synchronous: the data is constant for the process, so
// the maps are built once at import.

export {
  CPU_AVAILABILITY,
  GPU_AVAILABILITY,
  type CpuAvailabilityRow,
  type GpuAvailabilityRow,
} from "./baseline-availability";
export { CPU_FLAVORS, type CpuFlavorEntry } from "./cpus";
export { DATA_CENTERS, type DataCenterEntry, regionOf } from "./datacenters";
export { GPU_TYPES, type GpuTypeEntry, SERVERLESS_POOLS, type ServerlessPool } from "./gpus";
export { PUBLIC_TEMPLATES, type PublicTemplateEntry } from "./public-templates";

const byId = <T extends { id: string }>(items: readonly T[]) =>
  new Map(items.map((item) => [item.id, item]));
const gpuTypes = byId(GPU_TYPES);
const pools = byId(SERVERLESS_POOLS);
const dataCenters = byId(DATA_CENTERS);
const cpuFlavors = byId(CPU_FLAVORS);
const templates = new Map(PUBLIC_TEMPLATES.map((entry) => [entry.template.id, entry.template]));

/** `gpu:dc` → level, and resource → data centers with machines of it (sold-out sites included). */
const gpuLevels = new Map(
  GPU_AVAILABILITY.map((r) => [`${r.gpuTypeId}\u0000${r.dataCenterId}`, r.availability]),
);
const cpuLevels = new Map(
  CPU_AVAILABILITY.map((r) => [`${r.cpuFlavorId}\u0000${r.dataCenterId}`, r.availability]),
);
const dcOrder = new Map(DATA_CENTERS.map((d, i) => [d.id, i]));
const sitesOf = (rows: readonly { id: string; dataCenterId: string }[]) => {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.dataCenterId]);
  for (const sites of out.values())
    sites.sort((a, b) => (dcOrder.get(a) ?? 0) - (dcOrder.get(b) ?? 0));
  return out;
};
const gpuSites = sitesOf(
  GPU_AVAILABILITY.map((r) => ({ id: r.gpuTypeId, dataCenterId: r.dataCenterId })),
);
const cpuSites = sitesOf(
  CPU_AVAILABILITY.map((r) => ({ id: r.cpuFlavorId, dataCenterId: r.dataCenterId })),
);

export const findGpuType = (id: string): GpuTypeEntry | undefined => gpuTypes.get(id);
export const findPool = (id: string): ServerlessPool | undefined => pools.get(id);
export const findDataCenter = (id: string): DataCenterEntry | undefined => dataCenters.get(id);
export const findCpuFlavor = (id: string): CpuFlavorEntry | undefined => cpuFlavors.get(id);
export const findPublicTemplate = (id: string): Template | undefined => templates.get(id);

export const poolIds = (): string[] => SERVERLESS_POOLS.map((p) => p.id);
export const dataCenterIds = (): string[] => DATA_CENTERS.map((d) => d.id);
export const gpuTypesInPool = (pool: string): GpuTypeEntry[] =>
  GPU_TYPES.filter((g) => g.pool === pool);

/** Public templates of one catalogue slice, or all of them. */
export const publicTemplates = (source?: CatalogTemplateSource): Template[] =>
  PUBLIC_TEMPLATES.filter((entry) => source === undefined || entry.source === source).map(
    (entry) => entry.template,
  );

/** Orders `major.minor` numerically (12.10 after 12.9), not as text. */
export function compareCudaVersions(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split(".").map(Number);
  const [bMajor = 0, bMinor = 0] = b.split(".").map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

/** CUDA versions the hosts of one GPU type report; empty for AMD and unknown ids. */
export const cudaVersionsFor = (gpuTypeId: string): readonly string[] =>
  gpuTypes.get(gpuTypeId)?.cudaVersions ?? [];

/** CUDA versions any GPU type of the given pools reports, ascending: what `allowedCudaVersions` can match. */
export function cudaVersionsForPools(poolIdsToCheck: readonly string[]): string[] {
  const versions = new Set(
    poolIdsToCheck.flatMap((pool) => gpuTypesInPool(pool).flatMap((g) => [...g.cudaVersions])),
  );
  return [...versions].sort(compareCudaVersions);
}

/** Serverless USD per GPU-hour of a pool, to the cent (the catalogue's `price.serverless`). */
export function serverlessPricePerHour(poolId: string): number | undefined {
  const pool = pools.get(poolId);
  return pool === undefined ? undefined : Math.round(pool.pricePerSecond * 3600 * 100) / 100;
}

/** The catalogue's GPU type without the `include=AVAILABILITY` members. */
export function toGpuType(entry: GpuTypeEntry): GpuType {
  const serverless = entry.pool === null ? undefined : serverlessPricePerHour(entry.pool);
  return {
    id: entry.id,
    name: entry.name,
    pool: entry.pool,
    manufacturer: entry.manufacturer,
    memory: entry.memory,
    secure: entry.secure,
    community: entry.community,
    price: { ...entry.price, ...(serverless === undefined ? {} : { serverless }) },
    maxCount: { ...entry.maxCount },
  };
}

/** Baseline stock of a GPU type in a data center; NONE where it has no machines. */
export const gpuAvailabilityIn = (gpuTypeId: string, dataCenterId: string): AvailabilityLevel =>
  gpuLevels.get(`${gpuTypeId}\u0000${dataCenterId}`) ?? "NONE";

/** Baseline stock of a CPU flavor in a data center; NONE where it has no machines. */
export const cpuAvailabilityIn = (cpuFlavorId: string, dataCenterId: string): AvailabilityLevel =>
  cpuLevels.get(`${cpuFlavorId}\u0000${dataCenterId}`) ?? "NONE";

/** Data centers with machines of a GPU type (including sold-out ones), in catalogue order. */
export const gpuDataCenterIds = (gpuTypeId: string): string[] => [
  ...(gpuSites.get(gpuTypeId) ?? []),
];

/** Data centers with machines of a CPU flavor (including sold-out ones), in catalogue order. */
export const cpuDataCenterIds = (cpuFlavorId: string): string[] => [
  ...(cpuSites.get(cpuFlavorId) ?? []),
];
