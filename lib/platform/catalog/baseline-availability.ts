import type { AvailabilityLevel } from "@/lib/schemas/catalog";

// Baseline stock per (GPU type or CPU flavor, data center): where machines of a type exist, and how
// much is free before any fault injection. A pair without a row has no such machines. NONE rows are
// machines that exist but are sold out, so "no capacity" paths are reachable without setup:
//  - NVIDIA B300 and Tesla V100-SXM2-16GB are sold out everywhere;
//  - HOPPER_141 (H200) and BLACKWELL_180 (B200) each have one LOW site and are sold out elsewhere;
//  - RTX 4090 is sold out in EU-RO-1 and L4 in AP-JP-1 (placement must try the next site).
// Types only appear in sites hosting a cloud they are offered on (checked by the catalogue test).

export interface GpuAvailabilityRow {
  gpuTypeId: string;
  dataCenterId: string;
  availability: AvailabilityLevel;
}

export interface CpuAvailabilityRow {
  cpuFlavorId: string;
  dataCenterId: string;
  availability: AvailabilityLevel;
}

type Sites = Readonly<Record<string, AvailabilityLevel>>;

// One line per GPU type keeps the table reviewable.
// prettier-ignore
const GPU_SITES: Readonly<Record<string, Sites>> = {
  "AMD Instinct MI300X OAM": { "US-TX-3": "MEDIUM", "EU-RO-1": "LOW" },
  "NVIDIA A100 80GB PCIe": { "US-KS-2": "MEDIUM", "CA-MTL-1": "HIGH", "EU-CZ-1": "LOW", "US-TX-1": "MEDIUM" },
  "NVIDIA A100-SXM4-80GB": { "US-KS-2": "HIGH", "US-GA-2": "MEDIUM", "EU-RO-1": "MEDIUM", "EUR-IS-2": "LOW", "US-GA-1": "LOW" },
  "NVIDIA A30": { "US-NC-1": "MEDIUM", "US-KS-3": "LOW" },
  "NVIDIA A40": { "US-KS-2": "MEDIUM", "EUR-IS-1": "HIGH", "CA-MTL-1": "MEDIUM", "EU-SE-1": "LOW" },
  "NVIDIA B200": { "US-CA-2": "LOW", "US-GA-2": "NONE" },
  "NVIDIA B300 SXM6 AC": { "US-TX-3": "NONE", "US-CA-2": "NONE" },
  "NVIDIA GeForce RTX 3070": { "US-NC-1": "HIGH", "US-DE-1": "MEDIUM" },
  "NVIDIA GeForce RTX 3080": { "US-NC-1": "MEDIUM", "EUR-IS-3": "LOW" },
  "NVIDIA GeForce RTX 3080 Ti": { "US-DE-1": "MEDIUM", "US-KS-3": "LOW" },
  "NVIDIA GeForce RTX 3090": { "US-TX-1": "HIGH", "EU-CZ-1": "MEDIUM", "US-IL-1": "MEDIUM", "US-NC-1": "HIGH", "EU-RO-1": "LOW" },
  "NVIDIA GeForce RTX 3090 Ti": { "US-DE-1": "LOW", "EUR-IS-3": "MEDIUM" },
  "NVIDIA GeForce RTX 4070 Ti": { "US-NC-1": "MEDIUM", "CA-MTL-2": "LOW" },
  "NVIDIA GeForce RTX 4080": { "US-KS-3": "MEDIUM", "EU-FR-1": "LOW" },
  "NVIDIA GeForce RTX 4080 SUPER": { "CA-MTL-2": "MEDIUM", "US-GA-1": "MEDIUM", "US-NC-1": "HIGH" },
  "NVIDIA GeForce RTX 4090": { "US-KS-2": "HIGH", "US-TX-3": "MEDIUM", "EU-RO-1": "NONE", "EU-CZ-1": "HIGH", "EUR-IS-1": "MEDIUM", "US-NC-1": "HIGH", "US-DE-1": "MEDIUM", "OC-AU-1": "LOW" },
  "NVIDIA GeForce RTX 5080": { "EU-FR-1": "LOW" },
  "NVIDIA GeForce RTX 5090": { "US-TX-3": "HIGH", "EU-RO-1": "MEDIUM", "US-GA-1": "MEDIUM", "CA-MTL-2": "LOW" },
  "NVIDIA H100 80GB HBM3": { "US-KS-2": "MEDIUM", "US-TX-3": "HIGH", "EU-SE-1": "MEDIUM", "US-CA-2": "LOW", "EU-FR-1": "LOW", "AP-JP-1": "LOW" },
  "NVIDIA H100 NVL": { "US-GA-2": "MEDIUM", "EUR-NO-1": "LOW" },
  "NVIDIA H100 PCIe": { "US-IL-1": "MEDIUM", "EU-CZ-1": "LOW", "US-TX-4": "HIGH" },
  "NVIDIA H200": { "US-KS-2": "LOW", "US-TX-3": "NONE", "EU-SE-1": "NONE" },
  "NVIDIA H200 NVL": { "EUR-NO-1": "MEDIUM" },
  "NVIDIA L4": { "US-TX-3": "HIGH", "EU-RO-1": "MEDIUM", "AP-JP-1": "NONE", "US-WA-1": "HIGH", "US-TX-1": "MEDIUM" },
  "NVIDIA L40": { "CA-MTL-3": "MEDIUM", "EU-NL-1": "HIGH", "US-GA-1": "LOW" },
  "NVIDIA L40S": { "US-KS-2": "HIGH", "US-GA-2": "HIGH", "EU-RO-1": "MEDIUM", "EUR-IS-1": "MEDIUM", "EU-FR-1": "LOW" },
  "NVIDIA RTX 2000 Ada Generation": { "US-IL-1": "HIGH", "EUR-IS-2": "MEDIUM", "US-TX-1": "MEDIUM" },
  "NVIDIA RTX 4000 Ada Generation": { "US-WA-1": "HIGH", "CA-MTL-1": "MEDIUM", "EU-CZ-1": "MEDIUM" },
  "NVIDIA RTX 4000 SFF Ada Generation": { "US-TX-4": "MEDIUM", "CA-MTL-2": "LOW" },
  "NVIDIA RTX 5000 Ada Generation": { "EU-NL-1": "MEDIUM", "US-TX-1": "LOW" },
  "NVIDIA RTX 6000 Ada Generation": { "US-CA-2": "HIGH", "CA-MTL-3": "MEDIUM", "EU-SE-1": "MEDIUM", "US-GA-1": "LOW" },
  "NVIDIA RTX A2000": { "EUR-IS-3": "HIGH" },
  "NVIDIA RTX A4000": { "US-IL-1": "HIGH", "EUR-IS-2": "HIGH", "US-DE-1": "MEDIUM", "CA-MTL-2": "MEDIUM" },
  "NVIDIA RTX A4500": { "US-WA-1": "MEDIUM", "EU-CZ-1": "MEDIUM" },
  "NVIDIA RTX A5000": { "US-KS-2": "MEDIUM", "EUR-IS-1": "HIGH", "US-TX-1": "HIGH", "OC-AU-1": "MEDIUM" },
  "NVIDIA RTX A6000": { "CA-MTL-1": "HIGH", "EU-RO-1": "MEDIUM", "US-TX-4": "MEDIUM", "EU-FR-1": "MEDIUM" },
  "NVIDIA RTX PRO 4500 Blackwell": { "US-TX-4": "LOW" },
  "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition": { "US-CA-2": "MEDIUM" },
  "NVIDIA RTX PRO 6000 Blackwell Server Edition MIG 1g.24gb": { "EUR-NO-1": "HIGH" },
  "NVIDIA RTX PRO 6000 Blackwell Server Edition MIG 2g.48gb": { "EUR-NO-1": "MEDIUM" },
  "NVIDIA RTX PRO 6000 Blackwell Server Edition": { "US-KS-2": "MEDIUM", "EU-RO-1": "LOW", "CA-MTL-3": "MEDIUM" },
  "NVIDIA RTX PRO 6000 Blackwell Workstation Edition": { "US-GA-1": "MEDIUM", "EU-SE-1": "LOW" },
  "Tesla V100-PCIE-16GB": { "US-KS-3": "MEDIUM" },
  "Tesla V100-SXM2-16GB": { "US-DE-1": "NONE" },
  "Tesla V100-SXM2-32GB": { "OC-AU-1": "LOW", "EU-CZ-1": "MEDIUM" },
};

// CPU pods run on Secure Cloud only: Gen 3 in the older sites, Gen 5 in the newer ones; memory-
// optimized flavors are scarce (cpu5m sold out in EU-SE-1).
const CPU_SITES: Readonly<Record<string, Sites>> = {
  cpu3c: { "US-IL-1": "HIGH", "EU-RO-1": "HIGH", "CA-MTL-1": "MEDIUM", "US-TX-1": "MEDIUM" },
  cpu3g: { "US-IL-1": "HIGH", "EU-RO-1": "MEDIUM", "CA-MTL-1": "MEDIUM", "US-TX-1": "LOW" },
  cpu3m: { "US-IL-1": "LOW" },
  cpu5c: {
    "US-KS-2": "HIGH",
    "US-TX-3": "HIGH",
    "EU-SE-1": "MEDIUM",
    "US-CA-2": "MEDIUM",
    "EUR-NO-1": "LOW",
  },
  cpu5g: { "US-KS-2": "HIGH", "US-TX-3": "MEDIUM", "EU-SE-1": "MEDIUM", "US-CA-2": "LOW" },
  cpu5m: { "US-KS-2": "MEDIUM", "EU-SE-1": "NONE" },
};

export const GPU_AVAILABILITY: readonly GpuAvailabilityRow[] = Object.entries(GPU_SITES).flatMap(
  ([gpuTypeId, sites]) =>
    Object.entries(sites).map(([dataCenterId, availability]) => ({
      gpuTypeId,
      dataCenterId,
      availability,
    })),
);

export const CPU_AVAILABILITY: readonly CpuAvailabilityRow[] = Object.entries(CPU_SITES).flatMap(
  ([cpuFlavorId, sites]) =>
    Object.entries(sites).map(([dataCenterId, availability]) => ({
      cpuFlavorId,
      dataCenterId,
      availability,
    })),
);
