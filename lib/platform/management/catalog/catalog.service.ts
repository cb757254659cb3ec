import type {
  CpuCatalogQuery,
  CpuType,
  DataCenter,
  DataCenterCatalogQuery,
  GpuCatalogQuery,
  GpuType,
  Product,
} from "@/lib/schemas/catalog";
import {
  bestLevel,
  type AvailabilitySnapshot,
  type Level,
} from "../../catalog/availability.service";
import { compareCuda } from "../pods/pod-placement";
import {
  allCpuFlavors,
  allDataCenters,
  allGpuTypes,
  dataCenterById,
  type CpuInfo,
  type DataCenterInfo,
  type GpuInfo,
} from "./catalog-view";

/**
 * Catalogue answers built from the data and the availability snapshot. Availability answers the
 * question "could placement put this here now", so it folds in the product, count, cloud and CUDA
 * constraints the caller asked about.
 */

function gpuBase(g: GpuInfo): GpuType {
  return {
    id: g.id,
    name: g.name,
    pool: g.pool,
    manufacturer: g.manufacturer,
    memory: g.memory,
    secure: g.secure,
    community: g.community,
    price: {
      secure: g.price.secure,
      community: g.price.community,
      ...(g.price.serverless !== undefined ? { serverless: g.price.serverless } : {}),
    },
    maxCount: { secure: g.maxCount.secure, community: g.maxCount.community },
  };
}

function matchingCuda(g: GpuInfo, q: GpuCatalogQuery): string[] {
  return g.cudaVersions.filter((v) => {
    if (q.cudaVersions) return q.cudaVersions.includes(v);
    if (q.minCudaVersion) {
      const floor = q.minCudaVersion.includes(".") ? q.minCudaVersion : `${q.minCudaVersion}.0`;
      return compareCuda(v, floor) >= 0;
    }
    return true;
  });
}

function dcInCountries(dc: string, countries: string[] | undefined): boolean {
  return !countries || countries.includes(dataCenterById(dc)?.countryCode ?? "");
}

/** A GPU type with availability for the query; null when a country filter leaves it nowhere. */
export function gpuWithAvailability(
  g: GpuInfo,
  q: GpuCatalogQuery,
  stock: AvailabilitySnapshot,
): GpuType & { inCountries: boolean } {
  const base = gpuBase(g);
  const cloud = q.cloud ?? "SECURE";
  const count = q.count ?? 1;
  const products: Product[] = q.product ?? ["POD"];
  // Sites with machines of the type that host the asked cloud, within the asked countries.
  const dcs = g.dataCenterIds.filter(
    (dc) =>
      dcInCountries(dc, q.countryCodes) && (dataCenterById(dc)?.clouds.includes(cloud) ?? false),
  );
  const cuda = matchingCuda(g, q);
  const cudaConstrained = q.cudaVersions !== undefined || q.minCudaVersion !== undefined;
  const fits =
    (cloud === "SECURE" ? g.secure : g.community) &&
    count <= (cloud === "SECURE" ? g.maxCount.secure : g.maxCount.community) &&
    (!cudaConstrained || cuda.length > 0);
  const levelIn = (dc: string): Level => {
    if (!fits) return "NONE";
    // Serverless stock exists only for GPUs in a pool; pods and clusters use the machines directly.
    const perProduct = products.map((p) =>
      p === "SERVERLESS" && g.pool === null ? "NONE" : stock.gpu(g.id, dc),
    );
    return bestLevel(perProduct);
  };
  const perDc = dcs.map((dc) => ({
    id: dc,
    name: dataCenterById(dc)?.name ?? dc,
    availability: levelIn(dc),
  }));
  const availability = bestLevel(perDc.map((d) => d.availability));
  return {
    ...base,
    availability,
    ...(availability !== "NONE" ? { dataCenters: perDc } : {}),
    ...(g.cudaVersions.length > 0
      ? {
          cudaVersions: [...cuda]
            .sort(compareCuda)
            .map((version) => ({ version, available: availability !== "NONE" })),
        }
      : {}),
    inCountries: g.dataCenterIds.some((dc) => dcInCountries(dc, q.countryCodes)),
  };
}

export function listGpus(q: GpuCatalogQuery, stock: AvailabilitySnapshot): GpuType[] {
  const included = (q.include?.length ?? 0) > 0;
  if (!included) return allGpuTypes().map(gpuBase);
  return allGpuTypes()
    .map((g) => gpuWithAvailability(g, q, stock))
    .filter((g) => !q.countryCodes || g.inCountries)
    .map(({ inCountries: _drop, ...g }) => g);
}

export function oneGpu(g: GpuInfo, q: GpuCatalogQuery, stock: AvailabilitySnapshot): GpuType {
  if ((q.include?.length ?? 0) === 0) return gpuBase(g);
  const { inCountries: _drop, ...withStock } = gpuWithAvailability(g, q, stock);
  return withStock;
}

function cpuBase(c: CpuInfo): CpuType {
  return {
    id: c.id,
    name: c.name,
    group: c.group,
    vcpu: { min: c.vcpu.min, max: c.vcpu.max },
    ramGbPerVcpu: c.ramGbPerVcpu,
    price: { securePerVcpu: c.price.securePerVcpu, serverlessPerVcpu: c.price.serverlessPerVcpu },
  };
}

export function cpuType(c: CpuInfo, q: CpuCatalogQuery, stock: AvailabilitySnapshot): CpuType {
  const base = cpuBase(c);
  if ((q.include?.length ?? 0) === 0) return base;
  const fits =
    q.vcpuCount === undefined || (q.vcpuCount >= c.vcpu.min && q.vcpuCount <= c.vcpu.max);
  const perDc = c.dataCenterIds.map((dc) => ({
    id: dc,
    name: dataCenterById(dc)?.name ?? dc,
    availability: fits ? stock.cpu(c.id, dc) : ("NONE" as Level),
  }));
  const availability = bestLevel(perDc.map((d) => d.availability));
  return { ...base, availability, ...(availability !== "NONE" ? { dataCenters: perDc } : {}) };
}

export function listCpus(q: CpuCatalogQuery, stock: AvailabilitySnapshot): CpuType[] {
  return allCpuFlavors().map((c) => cpuType(c, q, stock));
}

export function dataCenter(
  dc: DataCenterInfo,
  include: string[] | undefined,
  stock: AvailabilitySnapshot,
): DataCenter {
  const out: DataCenter = {
    id: dc.id,
    name: dc.name,
    region: dc.region,
    globalNetwork: dc.globalNetwork,
    networkVolumeTypes: [...dc.networkVolumeTypes],
    compliance: [...dc.compliance],
  };
  if (include?.includes("GPU_AVAILABILITY")) {
    const gpus = allGpuTypes()
      .filter((g) => g.dataCenterIds.includes(dc.id))
      .map((g) => ({ id: g.id, name: g.name, availability: stock.gpu(g.id, dc.id) }));
    if (gpus.length > 0) out.gpuAvailability = gpus;
  }
  if (include?.includes("CPU_AVAILABILITY")) {
    const cpus = allCpuFlavors()
      .filter((c) => c.dataCenterIds.includes(dc.id))
      .map((c) => ({ id: c.id, name: c.name, availability: stock.cpu(c.id, dc.id) }));
    if (cpus.length > 0) out.cpuAvailability = cpus;
  }
  return out;
}

/** OR within `regions`, AND within `networkVolumeTypes` and `compliance`, AND across filters. */
export function listDataCenters(
  q: DataCenterCatalogQuery,
  stock: AvailabilitySnapshot,
): DataCenter[] {
  return allDataCenters()
    .filter((dc) => !q.regions || q.regions.length === 0 || q.regions.includes(dc.region))
    .filter(
      (dc) =>
        !q.networkVolumeTypes ||
        q.networkVolumeTypes.every((t) => dc.networkVolumeTypes.includes(t)),
    )
    .filter((dc) => !q.compliance || q.compliance.every((c) => dc.compliance.includes(c)))
    .filter((dc) => q.globalNetwork === undefined || dc.globalNetwork === q.globalNetwork)
    .map((dc) => dataCenter(dc, q.include, stock));
}
