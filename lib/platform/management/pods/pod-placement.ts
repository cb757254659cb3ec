import type { Cloud } from "@/lib/schemas/pods";
import type { RuleViolation } from "@/lib/schemas/common";
import { AvailabilitySnapshot, levelRank } from "../../catalog/availability.service";
import { ruleProblem, violation } from "../../http/rule-violations";
import {
  allDataCenters,
  cpuFlavorById,
  dataCenterById,
  gpuTypeById,
  type CpuInfo,
  type GpuInfo,
} from "../catalog/catalog-view";

export type Compute =
  { kind: "gpu"; gpu: GpuInfo; count: number } | { kind: "cpu"; cpu: CpuInfo; vcpuCount: number };

export interface PlacementRequest {
  compute: Compute;
  cloud: Cloud;
  /** Preference list from the body; empty lets the scheduler choose. */
  dataCenterIds: string[];
  /** A network volume pins the pod to its data center. */
  volume?: { id: string; dataCenterId: string };
  globalNetworking: boolean;
  cuda?: { allowed?: string[]; min?: string };
  /** Where body fields live, for error paths (`gpu` for pods, `compute` for clusters). */
  paths?: { gpu: string; dataCenterIds: string };
}

export interface Placement {
  dataCenterId: string;
  cudaVersion: string | null;
}

/** `12.11` > `12.2`: CUDA versions compare numerically per part. */
export function compareCuda(a: string, b: string): number {
  const [am = 0, an = 0] = a.split(".").map(Number);
  const [bm = 0, bn = 0] = b.split(".").map(Number);
  return am !== bm ? am - bm : an - bn;
}

/** Resolves and checks the compute of a create body (GPU type or CPU flavor, cloud, counts). */
export function resolveCompute(
  body: { gpu?: { id: string; count: number }; cpu?: { id: string; vcpuCount: number } },
  cloud: Cloud,
  gpuPath = "gpu",
): Compute {
  if (body.gpu) {
    const gpu = gpuTypeById(body.gpu.id);
    if (!gpu)
      throw violation(`${gpuPath}.id`, `unknown GPU type ${body.gpu.id}; see GET /v2/catalog/gpus`);
    const offered = cloud === "SECURE" ? gpu.secure : gpu.community;
    if (!offered) throw violation("cloud", `${gpu.id} is not offered on ${cloud} cloud`);
    const max = cloud === "SECURE" ? gpu.maxCount.secure : gpu.maxCount.community;
    if (body.gpu.count > max) {
      throw violation(`${gpuPath}.count`, `at most ${max} ${gpu.id} per pod on ${cloud} cloud`);
    }
    return { kind: "gpu", gpu, count: body.gpu.count };
  }
  const cpu = cpuFlavorById(body.cpu!.id);
  if (!cpu)
    throw violation("cpu.id", `unknown CPU flavor ${body.cpu!.id}; see GET /v2/catalog/cpus`);
  if (cloud !== "SECURE") throw violation("cloud", "CPU pods run on SECURE cloud only");
  const n = body.cpu!.vcpuCount;
  if (n < cpu.vcpu.min || n > cpu.vcpu.max) {
    throw violation(
      "cpu.vcpuCount",
      `must be between ${cpu.vcpu.min} and ${cpu.vcpu.max} for ${cpu.id}`,
    );
  }
  return { kind: "cpu", cpu, vcpuCount: n };
}

/** USD per hour while compute is billed: catalogue price × count (seed: cost by cloud). */
export function hourlyRate(compute: Compute, cloud: Cloud): number {
  if (compute.kind === "cpu") return round(compute.cpu.price.securePerVcpu * compute.vcpuCount);
  const each = cloud === "SECURE" ? compute.gpu.price.secure : compute.gpu.price.community;
  return round(each * compute.count);
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Picks a data center: the volume's if there is one, else the preferred ones (or all) that have
 * the hardware, global networking when asked, a matching CUDA version, and stock (availability not
 * NONE). Best stock wins, then preference order. Nothing fits → 400 "no capacity…", as the
 * reference says capacity failures are reported.
 */
export function placePod(req: PlacementRequest, stock: AvailabilitySnapshot): Placement {
  const dcPath = req.paths?.dataCenterIds ?? "dataCenterIds";
  const bad: RuleViolation[] = [];
  req.dataCenterIds.forEach((id, i) => {
    if (!dataCenterById(id))
      bad.push({ path: `${dcPath}[${i}]`, message: `unknown data center ${id}` });
  });
  if (bad.length > 0) throw ruleProblem(bad);

  let candidates =
    req.dataCenterIds.length > 0 ? [...req.dataCenterIds] : allDataCenters().map((d) => d.id);
  if (req.volume) {
    const dc = req.volume.dataCenterId;
    if (req.dataCenterIds.length > 0 && !req.dataCenterIds.includes(dc)) {
      throw violation(
        dcPath,
        `must include ${dc}: network volume ${req.volume.id} is there and the pod must run beside it`,
      );
    }
    candidates = [dc];
  }
  const c = req.compute;
  const label =
    c.kind === "gpu" ? `${c.count}× ${c.gpu.id}` : `${c.cpu.id} with ${c.vcpuCount} vCPUs`;
  const hardware = c.kind === "gpu" ? c.gpu.dataCenterIds : c.cpu.dataCenterIds;
  // Machines of the type, in a site that hosts the requested cloud.
  candidates = candidates.filter(
    (dc) => hardware.includes(dc) && dataCenterById(dc)!.clouds.includes(req.cloud),
  );
  if (candidates.length === 0) {
    const where = req.volume
      ? `${req.volume.dataCenterId} (the network volume's data center)`
      : "the requested data centers";
    throw violation(
      dcPath,
      `no capacity: ${label} is not offered on ${req.cloud} cloud in ${where}`,
    );
  }
  if (req.globalNetworking) {
    candidates = candidates.filter((dc) => dataCenterById(dc)!.globalNetwork);
    if (candidates.length === 0) {
      throw violation(
        "globalNetworking",
        "needs a data center with global networking (catalog field globalNetwork); none of the candidates has it",
      );
    }
  }
  let versions: string[] = [];
  if (c.kind === "gpu") {
    versions = c.gpu.cudaVersions.filter((v) => {
      if (req.cuda?.allowed && req.cuda.allowed.length > 0) return req.cuda.allowed.includes(v);
      if (req.cuda?.min) return compareCuda(v, req.cuda.min) >= 0;
      return true;
    });
    const constrained = (req.cuda?.allowed?.length ?? 0) > 0 || req.cuda?.min !== undefined;
    if (constrained && versions.length === 0) {
      throw violation(
        "gpu",
        `no capacity: no ${c.gpu.id} machine offers the requested CUDA version`,
      );
    }
  }
  const levels = candidates.map((dc) => ({
    dc,
    level: c.kind === "gpu" ? stock.gpu(c.gpu.id, dc) : stock.cpu(c.cpu.id, dc),
  }));
  const open = levels.filter((l) => l.level !== "NONE");
  if (open.length === 0) {
    throw violation(
      dcPath,
      `no capacity for ${label} on ${req.cloud} cloud in ${candidates.join(", ")}; check GET /v2/catalog/gpus?include=AVAILABILITY&product=POD`,
    );
  }
  open.sort((a, b) => levelRank(b.level) - levelRank(a.level));
  const chosen = open[0]!.dc;
  const cudaVersion = versions.length > 0 ? [...versions].sort(compareCuda).at(-1)! : null;
  return { dataCenterId: chosen, cudaVersion };
}

/** Whether a stopped pod can start again on its data center (a pool with no capacity cannot). */
export function canRestartIn(
  compute: { gpu?: { id: string }; cpu?: { id: string } },
  dataCenterId: string,
  stock: AvailabilitySnapshot,
): boolean {
  if (compute.gpu) return stock.gpu(compute.gpu.id, dataCenterId) !== "NONE";
  if (compute.cpu) return stock.cpu(compute.cpu.id, dataCenterId) !== "NONE";
  return true;
}
