import type { Mounts } from "@/lib/schemas/common";
import type { Cloud, Pod, PodClusterRole, PodRuntime, PodStatus } from "@/lib/schemas/pods";
import type { PodsTable } from "../../store/schema-compute";
import { actionsFor, isComputeBilled } from "./pod-lifecycle";

/** What `pods.data` holds (JSON); lifecycle, placement and billing marks are columns. */
export interface PodDoc {
  image: string;
  args: string;
  disk: number;
  ports: string[];
  env: Record<string, string>;
  registry: string | null;
  mounts: Mounts;
  cloud: Cloud;
  gpu?: { id: string; count: number };
  cpu?: { id: string; vcpuCount: number; memory: number };
  /** USD per hour while compute is billed: catalogue price × count for the pod's cloud. */
  costPerHour: number;
  /** `requested` is what PATCH asked; `active` changes only at the next start or restart (seed rule 4). */
  globalNetworking: { requested: boolean; active: boolean; ip?: string };
  /** Second half of the SSH proxy user name (`<podId>-<token>`). */
  sshToken: string;
  /** Simulated public address (TEST-NET-3) and published ports (`22/tcp` → 34446). */
  publicIp: string;
  portMap: Record<string, number>;
  cluster?: { id: string; rank: number; role?: PodClusterRole; ip: string };
}

export const SSH_PROXY_HOST = "ssh.hangar.local";

export function parseDoc(row: Pick<PodsTable, "data">): PodDoc {
  return JSON.parse(row.data) as PodDoc;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Deterministic 0..1 from a string: simulated utilisation varies per pod and per minute, not per request. */
function noise(seed: string): number {
  let h = 0x811c9dc5;
  for (const ch of seed) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 1000) / 1000;
}

function runtimeOf(row: PodsTable, doc: PodDoc, now: number): PodRuntime {
  const startedAt = Number(row.started_at ?? now);
  const minute = Math.floor(now / 60_000);
  const util = (what: string, lo: number, hi: number) =>
    Math.round(lo + (hi - lo) * noise(`${row.id}|${what}|${minute}`));
  return {
    uptime: Math.max(0, Math.floor((now - startedAt) / 1000)),
    gpus: Array.from({ length: doc.gpu?.count ?? 0 }, (_, i) => ({
      util: util(`gpu${i}`, 20, 99),
      memoryUtil: util(`mem${i}`, 10, 95),
    })),
    cpu: { util: util("cpu", 5, 80) },
    memory: { util: util("memory", 10, 85) },
    ports: doc.ports.map((spec) => {
      const [port, type] = spec.split("/") as [string, string];
      const published = type !== "http" ? doc.portMap[spec] : undefined;
      return {
        private: Number(port),
        public: published ?? null,
        type,
        ip: published !== undefined ? doc.publicIp : null,
      };
    }),
  };
}

/** The one mapper from a stored row to the API Pod. `now` (platform clock) drives uptime. */
export function toPod(row: PodsTable, now: number): Pod {
  const doc = parseDoc(row);
  const status = row.status as PodStatus;
  const running = status === "RUNNING";
  const sshUser = `${row.id}-${doc.sshToken}`;
  const directPort = doc.portMap["22/tcp"];
  const gn = doc.globalNetworking;
  return {
    id: row.id,
    name: row.name,
    image: doc.image,
    args: doc.args,
    disk: doc.disk,
    ports: doc.ports,
    env: doc.env,
    registry: doc.registry,
    status,
    actions: actionsFor(status),
    mounts: doc.mounts,
    cloud: doc.cloud,
    dataCenterId: row.data_center_id,
    cudaVersion: row.cuda_version,
    ssh: {
      proxy:
        status === "TERMINATED"
          ? null
          : {
              host: SSH_PROXY_HOST,
              port: 22,
              username: sshUser,
              command: `ssh ${sshUser}@${SSH_PROXY_HOST}`,
            },
      direct:
        running && doc.ports.includes("22/tcp") && directPort !== undefined
          ? {
              host: doc.publicIp,
              port: directPort,
              username: "root",
              command: `ssh root@${doc.publicIp} -p ${directPort}`,
            }
          : null,
    },
    template: row.template_id,
    cost: isComputeBilled(status) ? doc.costPerHour : 0,
    locked: row.locked === 1,
    globalNetworking: gn.active
      ? { enabled: true, ...(gn.ip ? { ip: gn.ip } : {}), internalDns: `${row.id}.runpod.internal` }
      : { enabled: false },
    runtime: running ? runtimeOf(row, doc, now) : null,
    createdAt: iso(Number(row.created_at)),
    startedAt: row.started_at === null ? null : iso(Number(row.started_at)),
    ...(doc.gpu ? { gpu: { id: doc.gpu.id, count: doc.gpu.count } } : {}),
    ...(doc.cpu
      ? { cpu: { id: doc.cpu.id, vcpuCount: doc.cpu.vcpuCount, memory: doc.cpu.memory } }
      : {}),
    ...(doc.cluster
      ? {
          cluster: {
            id: doc.cluster.id,
            rank: doc.cluster.rank,
            ...(doc.cluster.role ? { role: doc.cluster.role } : {}),
            ip: doc.cluster.ip,
          },
        }
      : {}),
  };
}

/** Public ports for each non-HTTP port spec (HTTP goes through the proxy and has none). */
export function publishPorts(
  ports: string[],
  previous: Record<string, number>,
  random: () => number,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const spec of ports) {
    if (spec.endsWith("/http")) continue;
    out[spec] = previous[spec] ?? 10_000 + Math.floor(random() * 50_000);
  }
  return out;
}
