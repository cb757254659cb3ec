import type { CpuType } from "@/lib/schemas/catalog";

// CPU flavors (platform-notes §6.3). The letter is the profile — c compute-optimized (2 GB/vCPU),
// g general purpose (4), m memory-optimized (8) — and the digit the generation. Prices are USD per
// vCPU-hour and ours (the reference gives only example values: 0.04 secure, 0.03 serverless).

export interface CpuFlavorEntry extends Omit<CpuType, "availability" | "dataCenters"> {
  /** The older API allowed CPU serverless only on these flavors (cpu3c, cpu3g, cpu5c, cpu5g). */
  serverless: boolean;
}

export const CPU_FLAVORS: readonly CpuFlavorEntry[] = [
  {
    id: "cpu3c",
    name: "Compute-Optimized",
    group: "Gen 3",
    vcpu: { min: 2, max: 16 },
    ramGbPerVcpu: 2,
    price: { securePerVcpu: 0.03, serverlessPerVcpu: 0.025 },
    serverless: true,
  },
  {
    id: "cpu3g",
    name: "General Purpose",
    group: "Gen 3",
    vcpu: { min: 2, max: 16 },
    ramGbPerVcpu: 4,
    price: { securePerVcpu: 0.035, serverlessPerVcpu: 0.03 },
    serverless: true,
  },
  {
    id: "cpu3m",
    name: "Memory-Optimized",
    group: "Gen 3",
    vcpu: { min: 2, max: 16 },
    ramGbPerVcpu: 8,
    price: { securePerVcpu: 0.045, serverlessPerVcpu: 0.04 },
    serverless: false,
  },
  {
    id: "cpu5c",
    name: "Compute-Optimized",
    group: "Gen 5",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 2,
    price: { securePerVcpu: 0.04, serverlessPerVcpu: 0.03 },
    serverless: true,
  },
  {
    id: "cpu5g",
    name: "General Purpose",
    group: "Gen 5",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 4,
    price: { securePerVcpu: 0.05, serverlessPerVcpu: 0.04 },
    serverless: true,
  },
  {
    id: "cpu5m",
    name: "Memory-Optimized",
    group: "Gen 5",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 8,
    price: { securePerVcpu: 0.065, serverlessPerVcpu: 0.055 },
    serverless: false,
  },
];
