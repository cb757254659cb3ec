import { sql } from "kysely";
import type { Worker } from "@/lib/schemas/endpoints";
import { problem } from "../../http/problem";
import { workerLogKey } from "../../logs/log-hub";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { WorkerDirectory } from "../../management/endpoints/worker-directory";
import type { WorkersTable } from "../../store/schema-jobs";
import { WriteBatch } from "../../store/write-batch";
import { builtinImageFor } from "../../workers/builtin-images";
import { BuiltinRunner } from "./builtin-runner";
import { MAX_JOB_LOSSES, type JobEngine } from "../engine/engine";
import { accrueWorkers, chargeWorker, unbilledWorkers } from "./worker-billing";
import { listWorkers, summarizeWorkers, type WorkerCounts } from "./worker-views";

export interface Placement {
  pool: string;
  gpuTypeId: string;
  dataCenterId: string;
}

/** Instance liveness lease (wall clock): built-in workers of an instance whose lease ran out are lost. */
const INSTANCE_LEASE_MS = 10_000;
/** External workers' last contact is written at most this often (wall ms) to keep job-take cheap. */
const TOUCH_EVERY_MS = 1000;
/** `polled_at` moved to `now`, unless the worker never used the stop channel (then it stays null). */
const keptFresh = (now: number) =>
  sql<number | null>`case when workers.polled_at is null then null else cast(${now} as bigint) end`;

/** How long a worker that closed its long-polls has to come back before it counts as gone (wall ms). */
const DEPARTURE_GRACE_MS = 3000;

/**
 * Workers of every endpoint: built-in ones this instance runs (cold start, jobs, recycling, loss
 * when the instance dies) and external ones the user runs (registered on first contact, lost when
 * their heartbeat stops). Also the `WorkerDirectory` behind `GET /v2/serverless/{id}/workers`.
 */
export class WorkerPool implements WorkerDirectory {
  private readonly runners = new Map<string, BuiltinRunner>();
  /** Worker id → endpoint and wall time of its last recorded contact (and whether it was a poll). */
  private readonly touched = new Map<
    string,
    { endpointId: string; at: number; clock: number; polled: boolean; stop: boolean }
  >();
  /** Worker id → wall time of its last poll or post on this instance (not its pings). */
  private readonly polled = new Map<string, number>();
  /** Worker id → wall time it closed a held long-poll, while its grace runs. */
  private readonly departures = new Map<string, number>();
  /** External workers holding a long-poll on this instance: alive whatever the clock says. */
  private readonly connected = new Map<string, number>();

  /** PostgreSQL: the idle marks of one turn of the event loop in one statement. */
  private readonly idleMarks = new WriteBatch<{ id: string; at: number }>(
    (marks) => {
      // A worker marked twice in one batch: its latest mark (one row may be updated only once).
      const latest = new Map<string, number>();
      for (const m of marks) latest.set(m.id, Math.max(m.at, latest.get(m.id) ?? m.at));
      return sql`UPDATE workers SET idle_since = m.at, last_seen_at = m.at
          FROM unnest(${[...latest.keys()]}::text[], ${[...latest.values()]}::bigint[]) AS m(id, at)
          WHERE workers.id = m.id`
        .execute(this.e.db)
        .then(() => undefined);
    },
    (m) =>
      this.e.db
        .updateTable("workers")
        .set({ idle_since: m.at, last_seen_at: m.at })
        .where("id", "=", m.id)
        .execute(),
  );

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
      ready_at: placement ? now + this.coldStartMs(endpoint) : null,
      idle_since: null,
      last_seen_at: now,
      polled_at: null,
      billed_until: now,
    };
    const runner = new BuiltinRunner(this.e, row.id, endpoint, image);
    // Known before its row is: the heartbeat removes a row of this instance that has no runner as
    // orphaned, and on PostgreSQL it could read the row between the insert and the code after it.
    this.runners.set(row.id, runner);
    try {
      await this.e.db.insertInto("workers").values(row).execute();
    } catch (err) {
      this.runners.delete(row.id);
      throw err;
    }
    this.e.hooks.emit({
      endpointId: endpoint.id,
      jobId: null,
      type: placement ? "coldstart.begun" : "worker.throttled",
      workerId: row.id,
      detail: placement ? `${placement.gpuTypeId} in ${placement.dataCenterId}` : "no capacity",
    });
    this.e.logs.append(
      workerLogKey(row.id),
      "system",
      placement
        ? `Worker created for endpoint ${endpoint.id} on ${placement.gpuTypeId} in ${placement.dataCenterId}: cold start of ${endpoint.image} begun.`
        : `Worker created for endpoint ${endpoint.id}: THROTTLED, no capacity in its GPU pools.`,
      now,
    );
    if (placement) runner.boot(row.ready_at!);
    return row;
  }

  /** A THROTTLED worker found capacity: it starts its cold start now. */
  async placeThrottled(worker: WorkersTable, placement: Placement): Promise<void> {
    const runner = this.runners.get(worker.id);
    if (!runner) return;
    const now = this.e.clock.now();
    const readyAt = now + this.coldStartMs(runner.endpoint);
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
    if (Number(res.numUpdatedRows) === 1) {
      this.e.hooks.emit({
        endpointId: worker.endpoint_id,
        jobId: null,
        type: "coldstart.begun",
        workerId: worker.id,
        detail: `${placement.gpuTypeId} in ${placement.dataCenterId}`,
      });
      this.e.logs.append(
        workerLogKey(worker.id),
        "system",
        `Capacity found on ${placement.gpuTypeId} in ${placement.dataCenterId}: cold start begun.`,
        now,
      );
      runner.boot(readyAt);
    }
  }

  /** Cold start length of a new built-in worker: the endpoint's FlashBoot setting, unless intercepted. */
  private coldStartMs(endpoint: EndpointRecord): number {
    const configured = this.e.config.coldStartMs[endpoint.flashboot];
    const { intercept } = this.e.hooks;
    return intercept.active ? intercept.coldStartMs(endpoint, configured) : configured;
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
      else await this.idleMarks.write({ id: workerId, at: now });
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
    // A later contact of an external worker registers it again (not skipped as a recent touch).
    this.touched.delete(workerId);
    this.polled.delete(workerId);
    const now = this.e.clock.now();
    const row = await this.e.db
      .deleteFrom("workers")
      .where("id", "=", workerId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    this.e.logs.append(workerLogKey(workerId), "system", `Worker stopped: ${reason}.`, now);
    this.e.logs.end(workerLogKey(workerId));
    this.e.log.debug({ worker: workerId, endpoint: row.endpoint_id, reason }, "worker removed");
    this.e.hooks.emit({
      endpointId: row.endpoint_id,
      jobId: null,
      type: "worker.removed",
      workerId,
      detail: reason,
    });
    await chargeWorker(this.e, row, now);
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
    for (const row of requeued) {
      this.e.hooks.emit({
        endpointId: row.endpoint_id,
        jobId: row.id,
        type: "requeued",
        workerId,
        detail: "worker lost",
      });
      this.e.signals.emit("job", row.id);
    }
    for (const id of endpoints) {
      this.e.signals.emit("queue", id);
      this.e.signals.emit("scale", id);
    }
  }

  // ---------------------------------------------------------------- external workers

  /**
   * First contact registers an external worker; later ones refresh its heartbeat (throttled).
   * `via` says what the contact was: a heartbeat only proves that the worker's ping process lives,
   * while job-take, job-stop and result posts prove that its job loop does.
   */
  async touchExternal(
    endpoint: EndpointRecord,
    workerId: string,
    via: "ping" | "take" | "stop" | "post",
    status: "READY" | "UNHEALTHY" = "READY",
  ): Promise<void> {
    const wall = Date.now();
    if (via !== "ping") this.polled.set(workerId, wall);
    const now = this.e.clock.now();
    const last = this.touched.get(workerId);
    // Recent on both clocks: a manual platform clock moved forward must not hide a contact.
    const recent =
      status === "READY" &&
      last?.endpointId === endpoint.id &&
      wall - last.at < TOUCH_EVERY_MS &&
      now - last.clock < TOUCH_EVERY_MS;
    // A poll right after a ping still writes (it refreshes polled_at); so does a first job-stop.
    const covered = via === "ping" || (last?.polled === true && (via !== "stop" || last.stop));
    if (recent && covered) return;
    if (this.runners.has(workerId)) return;
    // polled_at: set by the stop channel, then kept fresh by every poll or post; pings leave it.
    const polledAt =
      via === "stop"
        ? now
        : via === "ping"
          ? sql<number | null>`workers.polled_at`
          : keptFresh(now);
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
        polled_at: via === "stop" ? now : null,
        billed_until: now,
      })
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet({ last_seen_at: now, status, polled_at: polledAt })
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
    const previous = last?.endpointId === endpoint.id ? last : undefined;
    this.touched.set(workerId, {
      endpointId: endpoint.id,
      at: wall,
      clock: now,
      polled: via !== "ping",
      stop: via === "stop" || previous?.stop === true,
    });
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

  /**
   * A worker closed a long-poll it held (job-take or job-stop) before the platform answered. A
   * living worker never does (its timeouts are far longer than the holds), so this is a worker
   * shutting down or killed. If it holds no other long-poll here and neither polls nor posts again
   * within a short grace, it is gone: its jobs go back to the queue now, not after the worker-lost
   * time (its orphaned ping process may even keep the heartbeat going).
   */
  clientLeft(workerId: string): void {
    const wall = Date.now();
    const at = this.e.clock.now();
    this.departures.set(workerId, wall);
    const timer = setTimeout(() => {
      if (this.departures.get(workerId) !== wall) return; // a newer departure decides
      this.departures.delete(workerId);
      void this.confirmDeparture(workerId, wall, at).catch((err: unknown) =>
        this.e.log.warn({ err, worker: workerId }, "could not check a departed worker"),
      );
    }, DEPARTURE_GRACE_MS);
    timer.unref();
  }

  private async confirmDeparture(workerId: string, wall: number, at: number): Promise<void> {
    if (this.connected.has(workerId)) return;
    if ((this.polled.get(workerId) ?? 0) > wall) return;
    const row = await this.e.db
      .selectFrom("workers")
      .select(["kind", "polled_at"])
      .where("id", "=", workerId)
      .executeTakeFirst();
    if (!row || row.kind !== "external") return;
    // Another instance heard from it since (several instances share the store).
    if (row.polled_at !== null && Number(row.polled_at) > at) return;
    this.polled.delete(workerId);
    await this.remove(workerId, "its job loop closed its connections (shut down or killed)");
  }

  // ---------------------------------------------------------------- stop channel

  /** Tells a worker to stop a job: a built-in one at once, an external one through job-stop. */
  async signalStop(workerId: string, jobId: string, reason: string): Promise<void> {
    this.e.logs.append(workerLogKey(workerId), "system", `Job ${jobId} stop requested: ${reason}.`);
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

  /** `WorkerDirectory`: live workers as the management API lists them. */
  async list(endpointId: string): Promise<Worker[]> {
    return listWorkers(this.e, endpointId);
  }

  async summary(endpointId: string): Promise<WorkerCounts> {
    return summarizeWorkers(this.e, endpointId);
  }

  // ---------------------------------------------------------------- liveness, billing, shutdown

  /** Timer source: external workers silent for `workerLostMs` are lost; their jobs are recovered. */
  async nextLossDue(): Promise<number | null> {
    // polled_at is never later than last_seen_at: the earlier of the two decides.
    const row = await this.e.db
      .selectFrom("workers")
      .select((eb) => eb.fn.min(eb.fn.coalesce("polled_at", "last_seen_at")).as("seen"))
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
        .set({ last_seen_at: now, polled_at: keptFresh(now) })
        .where("id", "in", holding)
        .execute();
    }
    const cutoff = now - this.e.config.workerLostMs;
    // Silent, or only pinging: a worker that used the job-stop channel polls it while it lives, so
    // one that stopped polling and posting (its main process died, its ping process lives on) is lost.
    const lost = await this.e.db
      .selectFrom("workers")
      .select("id")
      .where("kind", "=", "external")
      .where((eb) => eb.or([eb("last_seen_at", "<=", cutoff), eb("polled_at", "<=", cutoff)]))
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
    this.e.signals.setPeers(owners.size > 1);
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

  /** Billing accrual source: charges running built-in workers up to `now` (of one account). */
  accrue(now: number, accountId?: string): Promise<void> {
    return accrueWorkers(this.e, now, accountId);
  }

  /** What the endpoint's workers cost since they were last charged (charging nothing). */
  unbilled(now: number, accountId: string, endpointId: string): Promise<number> {
    return unbilledWorkers(this.e, now, accountId, endpointId);
  }

  /** Shutdown: this instance's built-in workers stop and their jobs go back to the queue for others. */
  async shutdown(): Promise<void> {
    for (const id of [...this.runners.keys()]) await this.remove(id, "platform shutdown");
    // Give up this instance's leases at once, so another instance (or the restart) takes over now.
    await this.e.db.deleteFrom("leases").where("owner", "=", this.e.instanceId).execute();
  }
}
