import type { Kysely } from "kysely";
import type { Cluster, ClusterType, CreateClusterInput } from "@/lib/schemas/clusters";
import { mountViolations, type Pod, type PodClusterRole, type PodStatus } from "@/lib/schemas/pods";
import type { AvailabilityService } from "../../catalog/availability.service";
import type { Clock } from "../../clock";
import { getOwnedRowOrThrow } from "../../http/owned-rows";
import { problems } from "../../http/problem";
import { throwIfViolations, violation } from "../../http/rule-violations";
import type { Ids } from "../../ids";
import type { Database } from "../../store/schema";
import type { ClustersTable, PodsTable } from "../../store/schema-compute";
import { DEFAULT_CONTAINER_DISK_GB } from "../templates/templates.service";
import { mountVolume, randomHex, simulatedIp } from "../pods/pod-create";
import { hourlyRate, placePod, resolveCompute } from "../pods/pod-placement";
import { publishPorts, toPod, type PodDoc } from "../pods/pod-record";
import { clusterPodRows, insertPods } from "../pods/pods.repository";
import type { PodsService } from "../pods/pods.service";

/** What `clusters.data` holds. */
interface ClusterDoc {
  type: ClusterType;
  compute: { gpuTypeId: string; gpuCountPerPod: number; podCount: number };
  dataCenterId: string;
  network: { cidr: string; vxlanId: number; vxlanPort: number };
}

const OVERLAY_CIDR = "10.65.0.0/16";
export const CLUSTER_VOLUME_PATH = "/workspace";

function roleOf(type: ClusterType, rank: number): PodClusterRole | undefined {
  if (type === "SLURM") return rank === 0 ? "SLURM_CONTROLLER" : "SLURM_COMPUTE";
  if (type === "RAY") return rank === 0 ? "RAY_HEAD" : "RAY_WORKER";
  return undefined;
}

/** The one mapper: cluster row plus its live member rows. */
export function toCluster(row: ClustersTable, members: PodsTable[]): Cluster {
  const doc = JSON.parse(row.data) as ClusterDoc;
  const byStatus: Partial<Record<PodStatus, number>> = {};
  for (const m of members)
    byStatus[m.status as PodStatus] = (byStatus[m.status as PodStatus] ?? 0) + 1;
  const primary = members.find((m) => (JSON.parse(m.data) as PodDoc).cluster?.rank === 0);
  let primaryOut: Cluster["primary"];
  if (primary) {
    const p = JSON.parse(primary.data) as PodDoc;
    const sshPort = p.portMap["22/tcp"];
    primaryOut = {
      podId: primary.id,
      status: primary.status as PodStatus,
      ...(primary.status === "RUNNING" && sshPort !== undefined
        ? { sshEndpoint: `${p.publicIp}:${sshPort}` }
        : {}),
    };
  }
  return {
    id: row.id,
    name: row.name,
    type: doc.type,
    compute: { ...doc.compute },
    dataCenterId: doc.dataCenterId,
    pods: { total: members.length, byStatus },
    network: { ...doc.network },
    ...(primaryOut ? { primary: primaryOut } : {}),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * Instant clusters: `podCount` identical GPU pods in one data center on a private overlay network.
 * Members are ordinary pod rows with `cluster_id` set, so the pod lifecycle, charges and balance
 * rule apply to them unchanged; the pod endpoints refuse to modify them (409).
 */
export class ClustersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly availability: AvailabilityService,
    private readonly pods: PodsService,
  ) {}

  async getRowOrThrow(accountId: string, id: string): Promise<ClustersTable> {
    return getOwnedRowOrThrow(this.db, "clusters", "cluster", accountId, id);
  }

  async list(accountId: string): Promise<Cluster[]> {
    await this.pods.catchUp(accountId);
    const rows = await this.db
      .selectFrom("clusters")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const out: Cluster[] = [];
    for (const r of rows) out.push(toCluster(r, await clusterPodRows(this.db, r.id)));
    return out;
  }

  async get(accountId: string, id: string): Promise<Cluster> {
    await this.pods.catchUp(accountId);
    const row = await this.getRowOrThrow(accountId, id);
    return toCluster(row, await clusterPodRows(this.db, id));
  }

  async members(accountId: string, id: string): Promise<Pod[]> {
    const now = await this.pods.catchUp(accountId);
    await this.getRowOrThrow(accountId, id);
    return (await clusterPodRows(this.db, id)).map((r) => toPod(r, now));
  }

  async create(accountId: string, body: CreateClusterInput): Promise<Cluster> {
    await this.pods.catchUp(accountId);
    await this.pods.requireCredit(accountId);
    if (body.image === undefined) throw problems.validation(["image: enter a container image"]);
    throwIfViolations(mountViolations(body.mounts));
    // Seed, network volume attachment rule 4: the volume mounts at /workspace on every node. The
    // reference body still requires `path`, so any other value is refused rather than ignored.
    body.mounts?.network?.forEach((m, i) => {
      if (m.path !== CLUSTER_VOLUME_PATH)
        throw violation(
          `mounts.network[${i}].path`,
          `a cluster's network volume mounts at ${CLUSTER_VOLUME_PATH} on every node; got "${m.path}"`,
        );
    });
    let mounts = body.mounts ?? {};
    if (mounts.network && mounts.network.length === 0) mounts = {};
    const volume = await mountVolume(this.db, accountId, mounts, "SECURE");
    const compute = resolveCompute(
      { gpu: { id: body.compute.gpuTypeId, count: body.compute.gpuCountPerPod } },
      "SECURE",
      "compute",
    );
    if (compute.kind !== "gpu") throw violation("compute.gpuTypeId", "clusters need a GPU type");
    const placement = placePod(
      {
        compute,
        cloud: "SECURE",
        dataCenterIds: body.dataCenterIds ?? [],
        ...(volume ? { volume } : {}),
        globalNetworking: false,
        paths: { gpu: "compute", dataCenterIds: "dataCenterIds" },
      },
      await this.availability.snapshot(),
    );
    const now = this.clock.now();
    const clusterId = this.ids.next("cluster");
    const doc: ClusterDoc = {
      type: body.type,
      compute: { ...body.compute },
      dataCenterId: placement.dataCenterId,
      network: {
        cidr: OVERLAY_CIDR,
        vxlanId: 1 + Math.floor(Math.random() * 16_000_000),
        vxlanPort: 4789,
      },
    };
    const row: ClustersTable = {
      id: clusterId,
      account_id: accountId,
      name: body.name,
      data: JSON.stringify(doc),
      created_at: now,
      updated_at: now,
    };
    const env: Record<string, string> = { ...body.env };
    if (body.startJupyter && env.JUPYTER_PASSWORD === undefined)
      env.JUPYTER_PASSWORD = randomHex(10);
    const ports = body.ports ?? [];
    const members: PodsTable[] = [];
    for (let rank = 0; rank < body.compute.podCount; rank++) {
      const role = roleOf(body.type, rank);
      const podDoc: PodDoc = {
        image: body.image,
        args: body.args ?? "",
        disk: body.disk ?? DEFAULT_CONTAINER_DISK_GB,
        ports,
        env: { ...env, NODE_RANK: String(rank), NUM_NODES: String(body.compute.podCount) },
        registry: null,
        mounts,
        cloud: "SECURE",
        gpu: { id: compute.gpu.id, count: compute.count },
        costPerHour: hourlyRate(compute, "SECURE"),
        globalNetworking: { requested: false, active: false },
        sshToken: randomHex(4),
        publicIp: simulatedIp(),
        portMap: publishPorts(ports, {}, Math.random),
        cluster: { id: clusterId, rank, ...(role ? { role } : {}), ip: `10.65.0.${rank + 2}` },
      };
      const plan = {
        doc: podDoc,
        placement,
        templateId: null,
        networkVolumeId: volume?.id ?? null,
      };
      members.push(this.pods.newRow(accountId, `${body.name}-node-${rank}`, plan, now, clusterId));
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("clusters").values(row).execute();
      await insertPods(trx, members);
    });
    return toCluster(row, members);
  }

  /** Rename only: compute, type and container settings are fixed at creation. */
  async rename(accountId: string, id: string, name: string): Promise<Cluster> {
    await this.getRowOrThrow(accountId, id);
    await this.db
      .updateTable("clusters")
      .set({ name, updated_at: this.clock.now() })
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .execute();
    return this.get(accountId, id);
  }

  /** Terminates every member (their charges settle) and removes the cluster. */
  async delete(accountId: string, id: string): Promise<void> {
    const now = await this.pods.catchUp(accountId);
    await this.getRowOrThrow(accountId, id);
    for (const member of await clusterPodRows(this.db, id)) {
      let current: PodsTable | undefined = member;
      for (let attempt = 0; current && current.status !== "TERMINATED" && attempt < 3; attempt++) {
        if (await this.pods.engine.apply(current, "terminate", now)) break;
        current = await this.db
          .selectFrom("pods")
          .selectAll()
          .where("id", "=", member.id)
          .executeTakeFirst();
      }
    }
    await this.db
      .deleteFrom("clusters")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .execute();
  }
}
