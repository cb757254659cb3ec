import type { Release, ReleaseDiffEntry, RolloutSummary, Worker } from "@/lib/schemas/endpoints";
import type { EndpointReleasesTable } from "../../store/schema";
import type { EndpointRecord } from "./endpoint-record";

/** The fields whose change makes a new release (workers roll onto it); the rest apply promptly. */
export type ContainerState = Pick<
  EndpointRecord,
  "image" | "args" | "disk" | "ports" | "env" | "registry" | "gpu"
>;

export function containerState(r: ContainerState): ContainerState {
  return {
    image: r.image,
    args: r.args,
    disk: r.disk,
    ports: r.ports,
    env: r.env,
    registry: r.registry,
    gpu: r.gpu,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Field-level diff, `env` per key (`env.MODEL`) and `gpu` per member, so a release says exactly
 * what changed. `prev` null (the first release) lists every set field with `old: null`.
 */
export function containerDiff(
  prev: ContainerState | null,
  next: ContainerState,
): ReleaseDiffEntry[] {
  const out: ReleaseDiffEntry[] = [];
  const push = (field: string, old: unknown, now: unknown) => {
    if (!same(old ?? null, now ?? null)) out.push({ field, old: old ?? null, new: now ?? null });
  };
  push("image", prev?.image, next.image);
  push("args", prev?.args, next.args);
  push("disk", prev?.disk, next.disk);
  push("ports", prev?.ports, next.ports);
  const keys = [...new Set([...Object.keys(prev?.env ?? {}), ...Object.keys(next.env)])].sort();
  for (const k of keys) push(`env.${k}`, prev?.env[k], next.env[k]);
  push("registry", prev?.registry, next.registry);
  push("gpu.pools", prev?.gpu?.pools, next.gpu?.pools);
  push("gpu.count", prev?.gpu?.count, next.gpu?.count);
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The one mapper from a release row; `workerCount` counts live workers running that version. */
export function toRelease(row: EndpointReleasesTable, workers: readonly Worker[]): Release {
  const version = Number(row.version);
  return {
    id: row.id,
    version,
    source: "MANUAL",
    buildId: null,
    createdByUserId: row.created_by,
    workerCount: workers.filter((w) => w.version === version).length,
    createdAt: iso(Number(row.created_at)),
    diff: JSON.parse(row.diff) as ReleaseDiffEntry[],
  };
}

export function rollout(endpointVersion: number, workers: readonly Worker[]): RolloutSummary {
  const total = workers.length;
  const onLatest = workers.filter((w) => w.version === endpointVersion).length;
  return {
    inProgress: onLatest < total,
    workersOnLatest: onLatest,
    workersTotal: total,
    percentOnLatest: total === 0 ? 0 : Math.floor((onLatest * 100) / total),
  };
}
