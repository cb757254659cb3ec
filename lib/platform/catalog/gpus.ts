import type { GpuType } from "@/lib/schemas/catalog";

// GPU catalogue data (platform-notes §6.1, §6.2). Pure data: lookups are in ./index.

/** A serverless GPU pool: the unit endpoints select in `gpu.pools`. */
export interface ServerlessPool {
  id: string;
  /** VRAM class of the pool, GB. */
  memory: number;
  /** USD per GPU-second (docs' serverless price table). */
  pricePerSecond: number;
  /** True where the docs give no price and the one here is ours. */
  priceInvented: boolean;
}

export const SERVERLESS_POOLS: readonly ServerlessPool[] = [
  { id: "AMPERE_16", memory: 16, pricePerSecond: 0.00016, priceInvented: false },
  { id: "AMPERE_24", memory: 24, pricePerSecond: 0.00019, priceInvented: false },
  { id: "ADA_24", memory: 24, pricePerSecond: 0.00031, priceInvented: false },
  // The docs list ADA_32_PRO without a price; placed between ADA_24 and ADA_48_PRO.
  { id: "ADA_32_PRO", memory: 32, pricePerSecond: 0.00044, priceInvented: true },
  { id: "AMPERE_48", memory: 48, pricePerSecond: 0.00034, priceInvented: false },
  { id: "ADA_48_PRO", memory: 48, pricePerSecond: 0.00053, priceInvented: false },
  { id: "AMPERE_80", memory: 80, pricePerSecond: 0.00076, priceInvented: false },
  { id: "ADA_80_PRO", memory: 80, pricePerSecond: 0.00116, priceInvented: false },
  { id: "BLACKWELL_96", memory: 96, pricePerSecond: 0.00111, priceInvented: false },
  { id: "HOPPER_141", memory: 141, pricePerSecond: 0.00155, priceInvented: false },
  { id: "BLACKWELL_180", memory: 180, pricePerSecond: 0.0024, priceInvented: false },
];

// CUDA versions hosts report, by hardware generation. There was no CUDA 12.7 release. CUDA 13 drops
// Volta; Blackwell needs 12.8 or later; older community hosts run older drivers, which is what makes
// `allowedCudaVersions` narrow placement in practice.
const CUDA_CURRENT = [
  "11.8",
  "12.0",
  "12.1",
  "12.2",
  "12.3",
  "12.4",
  "12.5",
  "12.6",
  "12.8",
  "12.9",
  "13.0",
];
const CUDA_LEGACY_HOSTS = ["11.8", "12.0", "12.1", "12.2", "12.3", "12.4", "12.5", "12.6"];
const CUDA_VOLTA = ["11.8", "12.0", "12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.8", "12.9"];
const CUDA_BLACKWELL = ["12.8", "12.9", "13.0"];
/** ROCm hosts report no CUDA version. */
const CUDA_NONE: string[] = [];

/**
 * A GPU type as stored: the response shape without the `include=AVAILABILITY` members and without the
 * serverless price (derived from the pool), plus the CUDA versions its hosts report.
 *
 * Pod prices are USD per GPU-hour. A cloud that does not offer the type has flag false, price 0 and
 * maxCount 0 (the response requires the numbers). Documented data points (platform-notes §6.2): RTX
 * 4090 0.44/0.31 and maxCount 8/4 (reference example); secure A4000 0.34, A5000 0.44, 3090 0.44,
 * A6000 0.79, A40 0.79, L40 1.14, RTX 6000 Ada 1.14, A100 PCIe 1.79, A100 SXM 1.84; community 3070
 * 0.20, A30 0.34, H100 SXM 4.49. The rest are ours, ordered by pool tier.
 */
export interface GpuTypeEntry extends Omit<
  GpuType,
  "price" | "availability" | "dataCenters" | "cudaVersions"
> {
  price: { secure: number; community: number };
  cudaVersions: readonly string[];
}

type Row = [
  id: string,
  name: string,
  memory: number,
  pool: string | null,
  secure: number | null,
  community: number | null,
  maxSecure: number,
  maxCommunity: number,
  cuda: readonly string[],
];

// One line per type keeps 45 entries reviewable; `null` price = not offered on that cloud.
// prettier-ignore
const ROWS: readonly Row[] = [
  ["AMD Instinct MI300X OAM", "MI300X", 192, null, 2.49, null, 8, 0, CUDA_NONE],
  ["NVIDIA A100 80GB PCIe", "A100 PCIe", 80, "AMPERE_80", 1.79, 1.19, 8, 4, CUDA_CURRENT],
  ["NVIDIA A100-SXM4-80GB", "A100 SXM", 80, "AMPERE_80", 1.84, 1.39, 8, 8, CUDA_CURRENT],
  ["NVIDIA A30", "A30", 24, null, null, 0.34, 0, 4, CUDA_CURRENT],
  ["NVIDIA A40", "A40", 48, "AMPERE_48", 0.79, null, 8, 0, CUDA_CURRENT],
  ["NVIDIA B200", "B200", 180, "BLACKWELL_180", 7.99, null, 8, 0, CUDA_BLACKWELL],
  ["NVIDIA B300 SXM6 AC", "B300", 288, null, 9.49, null, 8, 0, CUDA_BLACKWELL],
  ["NVIDIA GeForce RTX 3070", "RTX 3070", 8, null, null, 0.2, 0, 8, CUDA_LEGACY_HOSTS],
  ["NVIDIA GeForce RTX 3080", "RTX 3080", 10, null, null, 0.22, 0, 8, CUDA_LEGACY_HOSTS],
  ["NVIDIA GeForce RTX 3080 Ti", "RTX 3080 Ti", 12, null, null, 0.24, 0, 8, CUDA_LEGACY_HOSTS],
  ["NVIDIA GeForce RTX 3090", "RTX 3090", 24, "AMPERE_24", 0.44, 0.22, 8, 8, CUDA_CURRENT],
  ["NVIDIA GeForce RTX 3090 Ti", "RTX 3090 Ti", 24, null, null, 0.27, 0, 4, CUDA_LEGACY_HOSTS],
  ["NVIDIA GeForce RTX 4070 Ti", "RTX 4070 Ti", 12, null, null, 0.19, 0, 8, CUDA_CURRENT],
  ["NVIDIA GeForce RTX 4080", "RTX 4080", 16, null, null, 0.27, 0, 8, CUDA_CURRENT],
  ["NVIDIA GeForce RTX 4080 SUPER", "RTX 4080 SUPER", 16, null, 0.39, 0.28, 4, 8, CUDA_CURRENT],
  ["NVIDIA GeForce RTX 4090", "RTX 4090", 24, "ADA_24", 0.44, 0.31, 8, 4, CUDA_CURRENT],
  ["NVIDIA GeForce RTX 5080", "RTX 5080", 16, null, null, 0.35, 0, 4, CUDA_BLACKWELL],
  ["NVIDIA GeForce RTX 5090", "RTX 5090", 32, "ADA_32_PRO", 0.89, 0.69, 8, 4, CUDA_BLACKWELL],
  ["NVIDIA H100 80GB HBM3", "H100 SXM", 80, "ADA_80_PRO", 4.69, 4.49, 8, 8, CUDA_CURRENT],
  ["NVIDIA H100 NVL", "H100 NVL", 94, null, 3.99, null, 8, 0, CUDA_CURRENT],
  ["NVIDIA H100 PCIe", "H100 PCIe", 80, null, 3.79, 3.29, 8, 4, CUDA_CURRENT],
  ["NVIDIA H200", "H200 SXM", 141, "HOPPER_141", 4.99, null, 8, 0, CUDA_CURRENT],
  ["NVIDIA H200 NVL", "NVIDIA H200 NVL", 143, null, 5.29, null, 8, 0, CUDA_CURRENT],
  ["NVIDIA L4", "L4", 24, "ADA_24", 0.39, 0.27, 8, 8, CUDA_CURRENT],
  ["NVIDIA L40", "L40", 48, "ADA_48_PRO", 1.14, 0.89, 8, 4, CUDA_CURRENT],
  ["NVIDIA L40S", "L40S", 48, "ADA_48_PRO", 1.19, 0.94, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX 2000 Ada Generation", "RTX 2000 Ada", 16, "AMPERE_16", 0.28, 0.19, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX 4000 Ada Generation", "RTX 4000 Ada", 20, "AMPERE_16", 0.38, 0.26, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX 4000 SFF Ada Generation", "RTX 4000 Ada SFF", 20, null, 0.36, 0.25, 4, 4, CUDA_CURRENT],
  ["NVIDIA RTX 5000 Ada Generation", "RTX 5000 Ada", 32, null, 0.89, 0.69, 8, 4, CUDA_CURRENT],
  ["NVIDIA RTX 6000 Ada Generation", "RTX 6000 Ada", 48, "ADA_48_PRO", 1.14, 0.79, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX A2000", "RTX A2000", 6, null, null, 0.12, 0, 8, CUDA_LEGACY_HOSTS],
  ["NVIDIA RTX A4000", "RTX A4000", 16, "AMPERE_16", 0.34, 0.17, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX A4500", "RTX A4500", 20, "AMPERE_24", 0.39, 0.19, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX A5000", "RTX A5000", 24, "AMPERE_24", 0.44, 0.22, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX A6000", "RTX A6000", 48, "AMPERE_48", 0.79, 0.49, 8, 8, CUDA_CURRENT],
  ["NVIDIA RTX PRO 4500 Blackwell", "RTX PRO 4500", 32, null, 0.79, null, 8, 0, CUDA_BLACKWELL],
  ["NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "RTX PRO 6000 MaxQ", 96, "BLACKWELL_96", 1.79, null, 8, 0, CUDA_BLACKWELL],
  ["NVIDIA RTX PRO 6000 Blackwell Server Edition MIG 1g.24gb", "PRO 6000 MIG 24GB", 24, null, 0.49, null, 4, 0, CUDA_BLACKWELL],
  ["NVIDIA RTX PRO 6000 Blackwell Server Edition MIG 2g.48gb", "PRO 6000 MIG 48GB", 48, null, 0.94, null, 2, 0, CUDA_BLACKWELL],
  ["NVIDIA RTX PRO 6000 Blackwell Server Edition", "RTX PRO 6000", 96, "BLACKWELL_96", 1.89, null, 8, 0, CUDA_BLACKWELL],
  ["NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "RTX PRO 6000 WK", 96, "BLACKWELL_96", 1.84, 1.59, 8, 4, CUDA_BLACKWELL],
  ["Tesla V100-PCIE-16GB", "Tesla V100", 16, null, null, 0.14, 0, 8, CUDA_VOLTA],
  ["Tesla V100-SXM2-16GB", "V100 SXM2", 16, null, null, 0.17, 0, 8, CUDA_VOLTA],
  ["Tesla V100-SXM2-32GB", "V100 SXM2 32 GB", 32, null, 0.39, 0.25, 8, 8, CUDA_VOLTA],
];

export const GPU_TYPES: readonly GpuTypeEntry[] = ROWS.map(
  ([id, name, memory, pool, secure, community, maxSecure, maxCommunity, cuda]): GpuTypeEntry => ({
    id,
    name,
    pool,
    manufacturer: id.startsWith("AMD ") ? "AMD" : "NVIDIA",
    memory,
    secure: secure !== null,
    community: community !== null,
    price: { secure: secure ?? 0, community: community ?? 0 },
    maxCount: {
      secure: secure === null ? 0 : maxSecure,
      community: community === null ? 0 : maxCommunity,
    },
    cudaVersions: cuda,
  }),
);
