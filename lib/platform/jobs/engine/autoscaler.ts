import { ENDPOINT_DEFAULTS } from "@/lib/schemas/endpoints";
import { allDataCenters, gpuTypesInPool } from "../../management/catalog/catalog-view";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { WorkersTable } from "../../store/schema-jobs";
import { HOSTED_PLACEMENT, isHostedEndpointId } from "../../models/hosted-endpoint";
import { builtinImageFor } from "../../workers/builtin-images";
import type { JobEngine } from "./engine";
import type { Placement } from "../workers/worker-pool";

const LEADER_LEASE_MS = 5000;
const DEBOUNCE_MS = 15;
const MIN_SWEEP_INTERVAL_MS = 100;

/**
 * Keeps each endpoint's built-in workers between `workers.min` and `workers.max`:
 * - REQUEST_COUNT: ceil((queued + running) / requestCount) workers (load balancers: in-flight requests);
 * - QUEUE_DELAY: one more worker whenever the oldest queued job waited longer than `queueDelay` s
 *   (a first worker at once when there is none), at most one per `queueDelay`;
 * - idle workers stop after `idleTimeout` (QUEUE+REQUEST_COUNT has none: they stop when not needed);
 * - low-priority jobs never count; workers are placed on a listed pool with capacity in an allowed
 *   data center (a volume's), or wait THROTTLED until one has capacity.
 * One instance scales (a lease in the store); its decisions are rows, so another takes over.
 * Endpoints whose image is not built in are served by the user's processes: nothing to scale.
 */
export class Autoscaler {
  private readonly dirty = new Set<string>();
  private pending: Promise<void> | null = null;
  private lastSweep = 0;
  private readonly checks = new Map<string, number>();
  private leader = false;
  /** Load-balancer requests waiting or in flight on this instance, per endpoint. */
  private readonly lbDemand = new Map<string, number>();

  private readonly locks = new Map<string, Promise<void>>();

  constructor(private readonly e: JobEngine) {
    // One process on the embedded store: it is always the one that scales.
    this.leader = e.dialect === "sqlite";
    e.signals.onAnyScale((id) => this.markDirty(id));
  }

  isLeader(): boolean {
    return this.leader;
  }

  markDirty(endpointId: string): void {
    if (!endpointId || !this.leader) return;
    this.dirty.add(endpointId);
    // Tracked, so a settle() after a request waits for the scaling decision it caused. One sweep
    // at a time: marks made while it runs are swept by its next round, so a flood of submissions
    // never starts sweeps faster than they finish.
    this.pending ??= this.e.scheduler.track(this.sweep()).finally(() => {
      this.pending = null;
    });
  }

  private async sweep(): Promise<void> {
    while (this.dirty.size > 0) {
      // A short real-time debounce turns a burst of submissions into one evaluation, and under
      // load the rounds are spaced (a decision is delayed a little, never lost). On a manual clock
      // no platform time passes while it would wait, so spacing in wall time would only slow
      // every advance (settle waits for the sweep): the next turn of the event loop is enough.
      const delay =
        this.e.clock.mode === "manual"
          ? 0
          : Math.max(DEBOUNCE_MS, MIN_SWEEP_INTERVAL_MS - (performance.now() - this.lastSweep));
      await new Promise<void>((r) => setTimeout(r, delay));
      this.lastSweep = performance.now();
      const ids = [...this.dirty];
      this.dirty.clear();
      for (const id of ids) await this.evaluate(id);
    }
  }

  addLbDemand(endpointId: string, delta: number): void {
    const n = Math.max(0, (this.lbDemand.get(endpointId) ?? 0) + delta);
    if (n === 0) this.lbDemand.delete(endpointId);
    else this.lbDemand.set(endpointId, n);
    this.e.signals.emit("scale", endpointId);
  }

  /** Timer source: the next scale check an endpoint asked for (idle timeouts, queue delays). */
  async nextDue(): Promise<number | null> {
    let due: number | null = null;
    for (const t of this.checks.values()) if (due === null || t < due) due = t;
    return due;
  }

  async fire(now: number): Promise<void> {
    for (const [id, t] of [...this.checks]) {
      if (t <= now) {
        this.checks.delete(id);
        await this.evaluate(id);
      }
    }
  }

  /** Poll: keep or take the lease, then sweep every endpoint that has jobs, workers or a minimum. */
  async poll(): Promise<void> {
    this.leader = await this.holdLease();
    if (!this.leader) return;
    const ids = new Set<string>(await this.e.repo.activeEndpointIds());
    const workers = await this.e.db
      .selectFrom("workers")
      .select("endpoint_id")
      .distinct()
      .execute();
    for (const w of workers) ids.add(w.endpoint_id);
    for (const r of await this.e.endpoints.all()) if (r.workers.min > 0) ids.add(r.id);
    for (const id of this.lbDemand.keys()) ids.add(id);
    for (const id of ids) await this.evaluate(id);
  }

  private async holdLease(): Promise<boolean> {
    if (this.e.dialect === "sqlite") return true;
    const wall = Date.now();
    const me = this.e.instanceId;
    await this.e.db
      .insertInto("leases")
      .values({ name: "scaler", owner: me, until: wall + LEADER_LEASE_MS })
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet({ owner: me, until: wall + LEADER_LEASE_MS })
          .where((eb) => eb.or([eb("leases.owner", "=", me), eb("leases.until", "<", wall)])),
      )
      .execute();
    const row = await this.e.db
      .selectFrom("leases")
      .select("owner")
      .where("name", "=", "scaler")
      .executeTakeFirst();
    return row?.owner === me;
  }

  /** Where a new worker of the endpoint can run now, or null (THROTTLED). */
  async place(endpoint: EndpointRecord): Promise<Placement | null> {
    // Hosted models run on the platform's own capacity, not the user's GPU stock.
    if (isHostedEndpointId(endpoint.id)) return { ...HOSTED_PLACEMENT };
    const snapshot = await this.e.availability.snapshot();
    const dcs =
      endpoint.dataCenterIds.length > 0
        ? endpoint.dataCenterIds
        : allDataCenters().map((d) => d.id);
    for (const pool of endpoint.gpu?.pools ?? []) {
      for (const dc of dcs) {
        for (const gpu of gpuTypesInPool(pool)) {
          if (gpu.dataCenterIds.includes(dc) && snapshot.gpu(gpu.id, dc) !== "NONE") {
            return { pool, gpuTypeId: gpu.id, dataCenterId: dc };
          }
        }
      }
    }
    return null;
  }

  private idleGraceMs(endpoint: EndpointRecord): number {
    if (endpoint.type === "QUEUE" && endpoint.scaling.type === "REQUEST_COUNT") return 0;
    return (endpoint.workers.idleTimeout ?? ENDPOINT_DEFAULTS.workers.idleTimeout) * 1000;
  }

  /** Evaluations of one endpoint run one after the other (a burst of signals must not double-start). */
  evaluate(endpointId: string): Promise<void> {
    const prev = this.locks.get(endpointId) ?? Promise.resolve();
    const run = prev
      .then(() => this.evaluateNow(endpointId))
      .catch((err: unknown) => {
        this.e.log.error({ err, endpointId }, "scaling failed");
      });
    this.locks.set(endpointId, run);
    void run.finally(() => {
      if (this.locks.get(endpointId) === run) this.locks.delete(endpointId);
    });
    return run;
  }

  private async evaluateNow(endpointId: string): Promise<void> {
    const { e } = this;
    if (!this.leader) return;
    const endpoint = await e.endpoints.get(endpointId);
    const rows = (await e.workers.rows(endpointId)).filter((r) => r.kind === "builtin");
    if (!endpoint || !builtinImageFor(endpoint.image)) {
      // Endpoint deleted, or its image changed to one the user runs: built-in workers go.
      for (const r of rows)
        await e.workers.remove(r.id, endpoint ? "image is not built in" : "endpoint deleted");
      this.checks.delete(endpointId);
      return;
    }
    const now = e.clock.now();
    const busy = await e.repo.busyByWorker(endpointId);
    const { min, max } = endpoint.workers;
    const perWorker = endpoint.scaling.type === "REQUEST_COUNT" ? endpoint.scaling.requestCount : 1;
    const stats = await e.repo.queueStats(endpointId, (max + 1) * perWorker + rows.length);
    const isIdle = (r: WorkersTable) =>
      r.status === "READY" && !(busy.get(r.id) ?? 0) && !e.workers.runner(r.id)?.busy;
    let active = rows.filter((r) => r.status !== "UNHEALTHY");
    const wake: number[] = [];

    // A release rolls out as workers cycle: an idle worker on an old version is replaced.
    for (const r of active.filter(
      (w) => Number(w.version) < endpoint.version && (isIdle(w) || w.status !== "READY"),
    )) {
      await e.workers.remove(r.id, "rolled to a new release");
    }
    active = active.filter(
      (w) => !(Number(w.version) < endpoint.version && (isIdle(w) || w.status !== "READY")),
    );

    let target: number;
    if (endpoint.type === "LOAD_BALANCER") {
      const per = endpoint.scaling.type === "REQUEST_COUNT" ? endpoint.scaling.requestCount : 1;
      target = Math.ceil((this.lbDemand.get(endpointId) ?? 0) / per);
    } else if (endpoint.scaling.type === "REQUEST_COUNT") {
      target = Math.ceil((stats.eligible + stats.inProgress) / endpoint.scaling.requestCount);
    } else {
      const delayMs = endpoint.scaling.queueDelay * 1000;
      target = active.length;
      if (stats.eligible > 0 && stats.oldest !== null) {
        const newest = active.reduce((m, r) => Math.max(m, Number(r.created_at)), 0);
        const waited = now - stats.oldest;
        // Workers still booting will take queued jobs: only jobs beyond them call for another worker.
        const booting = active.filter(
          (r) => r.status === "INITIALIZING" || r.status === "THROTTLED",
        ).length;
        const uncovered = stats.eligible > booting && !active.some(isIdle);
        if (active.length === 0) target = 1;
        else if (uncovered && waited > delayMs && now - newest >= delayMs)
          target = active.length + 1;
        else if (uncovered) wake.push(Math.max(stats.oldest + delayMs + 1, newest + delayMs));
      }
    }
    target = Math.min(max, Math.max(min, target));

    // Scale up, and start THROTTLED workers that found capacity.
    for (let n = active.length; n < target; n++) {
      const row = await e.workers.startBuiltin(endpoint, await this.place(endpoint));
      if (row) active.push(row);
    }
    for (const r of active.filter((w) => w.status === "THROTTLED")) {
      const placement = await this.place(endpoint);
      if (!placement) break;
      await e.workers.placeThrottled(r, placement);
    }

    // Scale down: above max anything not busy goes; above the target idle workers go after their grace.
    const grace = this.idleGraceMs(endpoint);
    const order = (r: WorkersTable) =>
      r.status === "THROTTLED" ? 0 : r.status === "INITIALIZING" ? 1 : 2;
    const idleSince = (r: WorkersTable) => e.workers.idleSince(r) ?? Number(r.ready_at ?? now);
    const candidates = [...active].sort(
      (a, b) => order(a) - order(b) || idleSince(a) - idleSince(b),
    );
    let count = active.length;
    for (const r of candidates) {
      if (count <= max) break;
      if (r.status === "READY" && !isIdle(r)) continue;
      await e.workers.remove(r.id, "above workers.max");
      count--;
    }
    const floor =
      endpoint.scaling.type === "QUEUE_DELAY" && endpoint.type === "QUEUE" ? min : target;
    for (const r of candidates) {
      if (count <= floor) break;
      if (r.status === "THROTTLED") {
        // Queued jobs still need it: removing it would start another THROTTLED one at once.
        if (endpoint.type === "QUEUE" && stats.eligible > 0) continue;
        await e.workers.remove(r.id, "not needed");
        count--;
        continue;
      }
      if (!isIdle(r)) continue;
      if (now - idleSince(r) >= grace) {
        await e.workers.remove(r.id, "idle timeout");
        count--;
      } else {
        wake.push(idleSince(r) + grace);
      }
    }
    const next = wake.length > 0 ? Math.min(...wake) : null;
    if (next === null) this.checks.delete(endpointId);
    else {
      this.checks.set(endpointId, next);
      e.scheduler.hint("scaler", next);
    }
  }
}
