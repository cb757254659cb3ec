import type { Worker, WorkerStatus } from "@/lib/schemas/endpoints";
import { problem } from "../http/problem";
import { serverlessPricePerHour } from "../catalog";
import type { EndpointRecord } from "../management/endpoints/endpoint-record";
import type { WorkerDirectory } from "../management/endpoints/worker-directory";
import type { WorkersTable } from "../store/schema-jobs";
import { builtinImageFor } from "../workers/builtin-images";
import { BuiltinRunner } from "./builtin-runner";
import { MAX_JOB_LOSSES, type JobEngine } from "./engine";

export interface Placement {
  pool: string;
  gpuTypeId: string;
  dataCenterId: string;
}

/** Instance liveness lease (wall clock): built-in workers of an instance whose lease ran out are lost. */
const INSTANCE_LEASE_MS = 10_000;
/** External workers' last contact is written at most this often (wall ms) to keep job-take cheap. */
const TOUCH_EVERY_MS = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Workers of every endpoint: built-in ones this instance runs (cold start, jobs, recycling, loss
 * when the instance dies) and external ones the user runs (registered on first contact, lost when
 * their heartbeat stops). Also the `WorkerDirectory` behind `GET /v2/serverless/{id}/workers`.
 */
export class WorkerPool implements WorkerDirectory {
  private readonly runners = new Map<string, BuiltinRunner>();
  /** Worker id → endpoint and wall time of its last recorded contact. */
  private readonly touched = new Map<string, { endpointId: string; at: number }>();
  /** External workers holding a long-poll on this instance: alive whatever the clock says. */
  private readonly connected = new Map<string, number>();

  constructor(private readonly e: JobEngine) {}

  // ---------------------------------------------------------------- built-in workers

  /** Starts a built-in worker (placed, or THROTTLED when no listed pool has capacity). */
  async startBuiltin(
    endpoint: EndpointRecord,
    placement: Placement | null,
  ): Promise<WorkersTable | null> {
    const image = builtinImageFor(endpoint.image);
    if (!image) return null;
    const now = this.e.clock.now();
    const row: WorkersTable = {
      id: this.e.ids.next("worker"),
      endpoint_id: endpoint.id,
      account_id: endpoint.accountId,
      kind: "builtin",
      image: endpoint.image,
      status: placement ? "INITIALIZING" : "THROTTLED",
      pool: placement?.pool ?? null,
      gpu_type_id: placement?.gpuTypeId ?? null,
      data_center_id: placement?.dataCenterId ?? null,
      gpu_count: endpoint.gpu?.count ?? 1,
      version: endpoint.version,
      owner_instance: this.e.instanceId,
      created_at: now,
      ready_at: placement ? now + this.e.config.coldStartMs[endpoint.flashboot] : null,
      idle_since: null,
      last_seen_at: now,
      billed_until: now,
    };
    await this.e.db.insertInto("workers").values(row).execute();
    const runner = new BuiltinRunner(this.e, row.id, endpoint, image);
    this.runners.set(row.id, runner);
    if (placement) runner.boot(row.ready_at!);
    return row;
  }

  /** A THROTTLED worker found capacity: it starts its cold start now. */
  async placeThrottled(worker: WorkersTable, placement: Placement): Promise<void> {
    const runner = this.runners.get(worker.id);
    if (!runner) return;
    const now = this.e.clock.now();
    const readyAt = now + this.e.config.coldStartMs[runner.endpoint.flashboot];
    const res = await this.e.db
      .updateTable("workers")
      .set({
        status: "INITIALIZING",
        pool: placement.pool,
        gpu_type_id: placement.gpuTypeId,
        data_center_id: placement.dataCenterId,
        ready_at: readyAt,
        billed_until: now,
      })
      .where("id", "=", worker.id)
      .where("status", "=", "THROTTLED")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) runner.boot(readyAt);
  }

  async markReady(workerId: string): Promise<boolean> {
    const now = this.e.clock.now();
    const res = await this.e.db
      .updateTable("workers")
      .set({ status: "READY", ready_at: now, idle_since: now, last_seen_at: now })
      .where("id", "=", workerId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async markIdle(workerId: string, endpointId: string): Promise<void> {
    const now = this.e.clock.now();
    const runner = this.runners.get(workerId);
    if (runner) runner.idleSince = now;
    // Embedded store: one process scales, and it reads a built-in worker's idle time from memory.
    if (!(runner && this.e.dialect === "sqlite")) {
      if (this.e.fast) await this.e.fast.markIdle(workerId, now);
      else
        await this.e.db
          .updateTable("workers")
          .set({ idle_since: now, last_seen_at: now })
          .where("id", "=", workerId)
          .execute();
    }
    this.e.signals.emit("scale", endpointId);
  }

  /** Since when a worker is idle: the local runner's own record first, the store's otherwise. */
  idleSince(row: WorkersTable): number | null {
    const local = this.runners.get(row.id)?.idleSince;
    return local ?? (row.idle_since === null ? null : Number(row.idle_since));
  }

  runner(workerId: string): BuiltinRunner | undefined {
    return this.runners.get(workerId);
  }

  /**
   * Removes a worker (scale-down, recycle, crash, loss): stops it, charges its time, and puts the
   * jobs it held back in the queue. Safe to call from several instances: the delete decides.
   */
  async remove(workerId: string, reason: string): Promise<boolean> {
    const runner = this.runners.get(workerId);
    runner?.stop();
    this.runners.delete(workerId);
    const now = this.e.clock.now();
    const row = await this.e.db
      .deleteFrom("workers")
      .where("id", "=", workerId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    this.e.log.debug({ worker: workerId, endpoint: row.endpoint_id, reason }, "worker removed");
    await this.charge(row, now);
    await this.e.db.deleteFrom("worker_signals").where("worker_id", "=", workerId).execute();
    await this.recoverJobs(workerId);
    this.e.signals.emit("scale", row.endpoint_id);
    return true;
  }

  /** Jobs a worker lost go back to the queue (or fail after repeated losses). */
  async recoverJobs(workerId: string, onlyIds?: string[]): Promise<void> {
    const { requeued, failed } = await this.e.repo.recoverLost(
      workerId,
      this.e.clock.now(),
      MAX_JOB_LOSSES,
      onlyIds,
    );
    for (const row of failed) this.e.jobs.afterTerminal(row);
    const endpoints = new Set(requeued.map((r) => r.endpoint_id));
    for (const row of requeued) this.e.signals.emit("job", row.id);
    for (const id of endpoints) {
      this.e.signals.emit("queue", id);
      this.e.signals.emit("scale", id);
    }
  }

  // ---------------------------------------------------------------- external workers

  /** First contact registers an external worker; later ones refresh its heartbeat (throttled). */
  async touchExternal(
    endpoint: EndpointRecord,
    workerId: string,
    status: "READY" | "UNHEALTHY" = "READY",
  ): Promise<void> {
    const wall = Date.now();
    const last = this.touched.get(workerId);
    if (status === "READY" && last?.endpointId === endpoint.id && wall - last.at < TOUCH_EVERY_MS)
      return;
    const now = this.e.clock.now();
    if (this.runners.has(workerId)) return;
    const res = await this.e.db
      .insertInto("workers")
      .values({
        id: workerId,
        endpoint_id: endpoint.id,
        account_id: endpoint.accountId,
        kind: "external",
        image: endpoint.image,
        status,
        pool: null,
        gpu_type_id: null,
        data_center_id: null,
        gpu_count: endpoint.gpu?.count ?? 1,
        version: endpoint.version,
        owner_instance: null,
        created_at: now,
        ready_at: now,
        idle_since: now,
        last_seen_at: now,
        billed_until: now,
      })
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet({ last_seen_at: now, status })
          .where("workers.endpoint_id", "=", endpoint.id)
          .where("workers.kind", "=", "external"),
      )
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw problem(
        400,
        `worker id ${workerId} is in use by another endpoint or a built-in worker`,
      );
    }
    if (this.touched.size > 10_000) this.touched.clear();
    this.touched.set(workerId, { endpointId: endpoint.id, at: wall });
  }

  /** An external worker holds a long-poll here: it counts as alive while it does. */
  hold(workerId: string): () => void {
    this.connected.set(workerId, (this.connected.get(workerId) ?? 0) + 1);
    return () => {
      const n = (this.connected.get(workerId) ?? 1) - 1;
      if (n <= 0) this.connected.delete(workerId);
      else this.connected.set(workerId, n);
    };
  }

  // ---------------------------------------------------------------- stop channel

  /** Tells a worker to stop a job: a built-in one at once, an external one through job-stop. */
  async signalStop(workerId: string, jobId: string, reason: string): Promise<void> {
    if (this.runners.get(workerId)?.stopJob(jobId)) return;
    await this.e.db
      .insertInto("worker_signals")
      .values({ worker_id: workerId, job_id: jobId, reason, created_at: this.e.clock.now() })
      .onConflict((oc) => oc.columns(["worker_id", "job_id"]).doNothing())
      .execute();
    this.e.signals.emit("stop", workerId);
  }

  /** Pending stop requests of a worker, each delivered once. */
  async takeStops(workerId: string): Promise<string[]> {
    const rows = await this.e.db
      .deleteFrom("worker_signals")
      .where("worker_id", "=", workerId)
      .returning("job_id")
      .execute();
    return rows.map((r) => r.job_id);
  }

  // ---------------------------------------------------------------- views

  async rows(endpointId: string): Promise<WorkersTable[]> {
    return this.e.db
      .selectFrom("workers")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  private apiStatus(row: WorkersTable, busy: number): WorkerStatus {
    if (row.status === "READY") return busy > 0 ? "RUNNING" : "IDLE";
    return row.status as WorkerStatus;
  }

  /** `WorkerDirectory`: live workers as the management API lists them. */
  async list(endpointId: string): Promise<Worker[]> {
    const [rows, busy, endpoint] = await Promise.all([
      this.rows(endpointId),
      this.e.repo.busyByWorker(endpointId),
      this.e.endpoints.get(endpointId),
    ]);
    const now = this.e.clock.now();
    return rows.map((r) => {
      const started = r.status === "READY" && r.ready_at !== null ? Number(r.ready_at) : null;
      return {
        id: r.id,
        status: this.apiStatus(r, busy.get(r.id) ?? 0),
        isStale: endpoint !== null && Number(r.version) < endpoint.version,
        version: Number(r.version),
        gpuCount: Number(r.gpu_count),
        image: r.image,
        uptimeSeconds: started === null ? null : Math.max(0, Math.floor((now - started) / 1000)),
        gpuTypeId: r.gpu_type_id,
        dataCenterId: r.data_center_id,
        startedAt: started === null ? null : iso(started),
      };
    });
  }

  async summary(
    endpointId: string,
  ): Promise<Record<"idle" | "running" | "initializing" | "throttled" | "unhealthy", number>> {
    const out = { idle: 0, running: 0, initializing: 0, throttled: 0, unhealthy: 0 };
    const [rows, busy] = await Promise.all([
      this.rows(endpointId),
      this.e.repo.busyByWorker(endpointId),
    ]);
    for (const r of rows) {
      const s = this.apiStatus(r, busy.get(r.id) ?? 0);
      out[s.toLowerCase() as keyof typeof out]++;
    }
    return out;
  }

  // ---------------------------------------------------------------- liveness, billing, shutdown

  /** Timer source: external workers silent for `workerLostMs` are lost; their jobs are recovered. */
  async nextLossDue(): Promise<number | null> {
    const row = await this.e.db
      .selectFrom("workers")
      .select((eb) => eb.fn.min("last_seen_at").as("seen"))
      .where("kind", "=", "external")
      .executeTakeFirst();
    return row?.seen === null || row?.seen === undefined
      ? null
      : Number(row.seen) + this.e.config.workerLostMs;
  }

  async fireLoss(now: number): Promise<void> {
    // Workers holding a long-poll here are alive even if the clock jumped past their last contact.
    const holding = [...this.connected.keys()];
    if (holding.length > 0) {
      await this.e.db
        .updateTable("workers")
        .set({ last_seen_at: now })
        .where("id", "in", holding)
        .execute();
    }
    const cutoff = now - this.e.config.workerLostMs;
    const lost = await this.e.db
      .selectFrom("workers")
      .select("id")
      .where("kind", "=", "external")
      .where("last_seen_at", "<=", cutoff)
      .execute();
    for (const { id } of lost) {
      this.touched.delete(id);
      await this.remove(id, "heartbeat lost");
    }
  }

  /** Keeps this instance's lease and removes built-in workers of instances that died. */
  async heartbeat(): Promise<void> {
    const wall = Date.now();
    const name = `instance:${this.e.instanceId}`;
    await this.e.db
      .insertInto("leases")
      .values({ name, owner: this.e.instanceId, until: wall + INSTANCE_LEASE_MS })
      .onConflict((oc) => oc.column("name").doUpdateSet({ until: wall + INSTANCE_LEASE_MS }))
      .execute();
    const alive = await this.e.db
      .selectFrom("leases")
      .select("owner")
      .where("name", "like", "instance:%")
      .where("until", ">", wall)
      .execute();
    // The embedded store has one process: any other owner is a previous run of it.
    const owners = new Set(this.e.dialect === "sqlite" ? [] : alive.map((r) => r.owner));
    owners.add(this.e.instanceId);
    const builtin = await this.e.db
      .selectFrom("workers")
      .select(["id", "owner_instance"])
      .where("kind", "=", "builtin")
      .execute();
    for (const w of builtin) {
      const orphan =
        w.owner_instance === this.e.instanceId
          ? !this.runners.has(w.id)
          : !owners.has(w.owner_instance ?? "");
      if (orphan) await this.remove(w.id, "its instance stopped");
    }
  }

  /** Worker time is charged by pool price (built-in workers; external ones run on the user's machine). */
  private async charge(row: WorkersTable, now: number): Promise<void> {
    const from = Number(row.billed_until);
    if (!this.e.usage || row.kind !== "builtin" || row.status === "THROTTLED" || now <= from)
      return;
    // Pool price per GPU-hour (platform-notes §6.1), times the worker's GPUs.
    const perHour = (row.pool ? serverlessPricePerHour(row.pool) : undefined) ?? 0;
    const gpu = (perHour / 3600) * Number(row.gpu_count) * ((now - from) / 1000);
    await this.e.usage.record({
      accountId: row.account_id,
      product: "serverless",
      resourceId: row.endpoint_id,
      amounts: { gpu, total: gpu },
      at: now,
    });
  }

  /** Billing accrual source: charges running built-in workers up to `now`. */
  async accrue(now: number, accountId?: string): Promise<void> {
    let q = this.e.db
      .selectFrom("workers")
      .selectAll()
      .where("kind", "=", "builtin")
      .where("status", "!=", "THROTTLED")
      .where("billed_until", "<", now);
    if (accountId) q = q.where("account_id", "=", accountId);
    for (const row of await q.execute()) {
      const res = await this.e.db
        .updateTable("workers")
        .set({ billed_until: now })
        .where("id", "=", row.id)
        .where("billed_until", "=", row.billed_until)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) await this.charge(row, now);
    }
  }

  /** Shutdown: this instance's built-in workers stop and their jobs go back to the queue for others. */
  async shutdown(): Promise<void> {
    for (const id of [...this.runners.keys()]) await this.remove(id, "platform shutdown");
    // Give up this instance's leases at once, so another instance (or the restart) takes over now.
    await this.e.db.deleteFrom("leases").where("owner", "=", this.e.instanceId).execute();
  }
}
