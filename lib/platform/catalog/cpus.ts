import type { CpuType } from "@/lib/schemas/catalog";

// CPU flavors (platform-notes §6.3). The letter is the profile — c compute-optimized (2 GB/vCPU),
// g general purpose (4), m memory-optimized (8) — and the digit the generation. Prices are USD per
// vCPU-hour and ours (the reference gives only example values: 0.04 secure, 0.03 serverless).

export interface CpuFlavorEntry extends Omit<CpuType, "availability" | "dataCenters"> {
  /** The older API allowed CPU serverless only on these flavors (cpu3c, cpu3g, cpu5c, cpu5g). */
  serverless: boolean;
}

const PROFILES = {
  c: { name: "Compute-Optimized", ramGbPerVcpu: 2 },
  g: { name: "General Purpose", ramGbPerVcpu: 4 },
  m: { name: "Memory-Optimized", ramGbPerVcpu: 8 },
} as const;

function flavor(
  generation: 3 | 5,
  profile: keyof typeof PROFILES,
  maxVcpu: number,
  securePerVcpu: number,
  serverlessPerVcpu: number,
): CpuFlavorEntry {
  const { name, ramGbPerVcpu } = PROFILES[profile];
  return {
    id: `cpu${generation}${profile}`,
    name,
    group: `Gen ${generation}`,
    vcpu: { min: 2, max: maxVcpu },
    ramGbPerVcpu,
    price: { securePerVcpu, serverlessPerVcpu },
    serverless: profile !== "m",
  };
}

export const CPU_FLAVORS: readonly CpuFlavorEntry[] = [
  flavor(3, "c", 16, 0.03, 0.025),
  flavor(3, "g", 16, 0.035, 0.03),
  flavor(3, "m", 16, 0.045, 0.04),
  flavor(5, "c", 32, 0.04, 0.03),
  flavor(5, "g", 32, 0.05, 0.04),
  flavor(5, "m", 32, 0.065, 0.055),
];
