import { sql, type Kysely, type RawBuilder } from "kysely";
import {
  METRICS_BUCKETS,
  METRICS_WINDOW_MS,
  type EndpointMetrics,
  type MetricsBucket,
  type MetricsWindow,
} from "@/lib/schemas/metrics";
import type { Clock } from "../clock";
import type { EngineEvent } from "../jobs/engine/hooks";
import type { Logger } from "../logger";
import type { Database } from "../store/schema";
import type { EndpointMetricsTable } from "../store/schema-devtools";

/**
 * Endpoint metrics of the local platform, aggregated where they happen instead of from the jobs
 * table (which keeps a job 30 min after it ends, so it cannot answer a 24 h window, and whose size
 * would make every read grow with the jobs retained):
 *
 * - Ended jobs and cold starts are counted into slots of each window's bucket width (15 s, 1 min,
 *   6 min, 24 min, 168 min; each kept twice its window): per outcome a count, per delay and execution time a
 *   log-scale histogram bin (exact below 64 ms, then bins 5 % wide) with its count, sum, min and
 *   max. Increments gather in memory and are upserted (added) once a second, so several
 *   instances on one PostgreSQL add up, and the `/run` hot path pays a map update.
 * - Workers by state and queue depth are sampled every SAMPLE_MS of wall time and at every read,
 *   stored as sums per slot with their number, so a bucket answers the mean of its samples.
 * - A read groups one endpoint's 60 slots of the window's resolution in SQL through the primary
 *   key (a few rows per slot and bin, whatever the number of jobs), and turns each bucket's bins
 *   into p50/p95/p99 by nearest rank: the bin's midpoint clamped to the bin's own min and max, so
 *   the error is at most PERCENTILE_ERROR (and none when a bin holds one value).
 */

/** One rollup resolution per window: its bucket width (15 s, 1 min, 6 min, 24 min, 168 min). */
const RESOLUTIONS = Object.values(METRICS_WINDOW_MS).map((w) => w / METRICS_BUCKETS);
/** A resolution's slots are kept twice its window, so a whole window is always there. */
const KEEP_MS = (res: number) => 2 * res * METRICS_BUCKETS;
export const SAMPLE_MS = 5_000;
const FLUSH_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;

const EXACT_BELOW = 64;
const RATIO = 1.05;
export const PERCENTILE_ERROR = Math.round((Math.sqrt(RATIO) - 1) * 10_000) / 10_000;

const OUTCOMES = ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] as const;
const OUTCOME_OF_EVENT: Partial<Record<EngineEvent["type"], number>> = {
  completed: 0,
  failed: 1,
  cancelled: 2,
  timed_out: 3,
};
type Kind = "o" | "d" | "e" | "c";

/** Histogram bin of a duration (ms). */
export function binOf(ms: number): number {
  const v = Math.max(0, Math.round(ms));
  if (v < EXACT_BELOW) return v;
  return EXACT_BELOW + Math.floor(Math.log(v / EXACT_BELOW) / Math.log(RATIO) + 1e-9);
}

/** The value a bin stands for: exact below 64 ms, else the geometric middle of the bin. */
export function binValue(bin: number): number {
  if (bin < EXACT_BELOW) return bin;
  return EXACT_BELOW * RATIO ** (bin - EXACT_BELOW + 0.5);
}

/** Bucket width of a window (ms); the rollup of that resolution serves it, a slot per bucket. */
export function windowGeometry(window: MetricsWindow): { bucketMs: number; res: number } {
  const bucketMs = METRICS_WINDOW_MS[window] / METRICS_BUCKETS;
  return { bucketMs, res: bucketMs };
}

interface Pending {
  row: EndpointMetricsTable;
}

/** Workers by state and jobs waiting/running of one endpoint right now. */
export interface EndpointSample {
  running: number;
  idle: number;
  initializing: number;
  throttled: number;
  unhealthy: number;
  inQueue: number;
  inProgress: number;
}

export interface MetricsSources {
  /** The endpoints worth sampling now (those with workers, or with jobs lately). */
  activeEndpoints(): Promise<string[]>;
  sample(endpointId: string): Promise<EndpointSample>;
}

export class EndpointMetricsService {
  private pending = new Map<string, Pending>();
  private coldStarts = new Map<string, number>();
  /** Endpoints with events since the last sample, and those whose last sample was not all zero. */
  private recent = new Set<string>();
  private nonZero = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;
  private sampleTimer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private lastPrune = 0;
  private closed = false;
  sources: MetricsSources | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: "sqlite" | "postgres",
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Starts sampling every SAMPLE_MS of wall time (the job engine calls it once it exists). */
  start(sources: MetricsSources): void {
    this.sources = sources;
    this.sampleTimer = setInterval(() => {
      void this.sampleActive().catch((err: unknown) => {
        if (!this.closed) this.log.warn({ err }, "metrics: sampling failed");
      });
    }, SAMPLE_MS);
    this.sampleTimer.unref();
  }

  /** The engine's events: ended jobs and cold starts. */
  observe(ev: EngineEvent): void {
    if (this.closed) return;
    this.recent.add(ev.endpointId);
    const now = this.clock.now();
    if (ev.type === "coldstart.begun" && ev.workerId) {
      this.coldStarts.set(ev.workerId, now);
      return;
    }
    if (ev.type === "coldstart.ended" && ev.workerId) {
      const began = this.coldStarts.get(ev.workerId);
      this.coldStarts.delete(ev.workerId);
      if (began !== undefined) this.add(ev.endpointId, now, "c", 0, now - began);
      return;
    }
    if (ev.type === "worker.removed" && ev.workerId) {
      this.coldStarts.delete(ev.workerId);
      return;
    }
    const outcome = OUTCOME_OF_EVENT[ev.type];
    if (outcome === undefined || ev.jobId === null) return;
    const t = ev.timing;
    this.recordJob({
      endpointId: ev.endpointId,
      at: t?.completedAt ?? now,
      outcome: OUTCOMES[outcome]!,
      delayMs: t && t.startedAt !== null ? Math.max(0, t.startedAt - t.queuedAt) : null,
      executionMs:
        t && t.startedAt !== null && t.completedAt !== null
          ? Math.max(0, t.completedAt - t.startedAt)
          : null,
    });
  }

  /** One ended job (also used by the benchmark to fill the rollups fast). */
  recordJob(job: {
    endpointId: string;
    at: number;
    outcome: (typeof OUTCOMES)[number];
    delayMs: number | null;
    executionMs: number | null;
  }): void {
    this.add(job.endpointId, job.at, "o", OUTCOMES.indexOf(job.outcome), 0);
    if (job.delayMs !== null)
      this.add(job.endpointId, job.at, "d", binOf(job.delayMs), job.delayMs);
    if (job.executionMs !== null)
      this.add(job.endpointId, job.at, "e", binOf(job.executionMs), job.executionMs);
  }

  private add(endpointId: string, at: number, kind: Kind, bin: number, value: number): void {
    const now = this.clock.now();
    for (const res of RESOLUTIONS) {
      if (at < now - KEEP_MS(res)) continue;
      const slot = Math.floor(at / res) * res;
      const key = `${endpointId}\u0001${res}\u0001${slot}\u0001${kind}\u0001${bin}`;
      const p = this.pending.get(key);
      if (p) {
        p.row.count += 1;
        p.row.sum += value;
        if (value < p.row.min) p.row.min = value;
        if (value > p.row.max) p.row.max = value;
      } else {
        this.pending.set(key, {
          row: {
            endpoint_id: endpointId,
            res,
            slot,
            kind,
            bin,
            count: 1,
            sum: value,
            min: value,
            max: value,
          },
        });
      }
    }
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** Writes the gathered increments; resolves once everything recorded before the call is stored. */
  flush(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
    const rows = [...this.pending.values()].map((p) => p.row);
    this.pending = new Map();
    this.writing = this.writing.then(async () => {
      try {
        for (let i = 0; i < rows.length; i += 200) await this.upsert(rows.slice(i, i + 200));
        await this.prune();
      } catch (err) {
        if (!this.closed) this.log.warn({ err }, "metrics: could not write rollups");
      }
    });
    return this.writing;
  }

  private least = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
    this.dialect === "postgres" ? sql<number>`least(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
  private greatest = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
    this.dialect === "postgres" ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;

  private async upsert(rows: EndpointMetricsTable[]): Promise<void> {
    if (rows.length === 0) return;
    const mine = (c: string) => sql.ref(`endpoint_metrics.${c}`);
    const theirs = (c: string) => sql.ref(`excluded.${c}`);
    await this.db
      .insertInto("endpoint_metrics")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["endpoint_id", "res", "slot", "kind", "bin"]).doUpdateSet({
          count: sql<number>`${mine("count")} + ${theirs("count")}`,
          sum: sql<number>`${mine("sum")} + ${theirs("sum")}`,
          min: this.least(sql`${mine("min")}`, sql`${theirs("min")}`),
          max: this.greatest(sql`${mine("max")}`, sql`${theirs("max")}`),
        }),
      )
      .execute();
  }

  private async prune(): Promise<void> {
    const wall = Date.now();
    if (wall - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = wall;
    const now = this.clock.now();
    for (const res of RESOLUTIONS) {
      const before = now - KEEP_MS(res);
      await this.db
        .deleteFrom("endpoint_metrics")
        .where("res", "=", res)
        .where("slot", "<", before)
        .execute();
      await this.db
        .deleteFrom("endpoint_samples")
        .where("res", "=", res)
        .where("slot", "<", before)
        .execute();
    }
  }

  /** Samples every active endpoint now. */
  async sampleActive(): Promise<void> {
    if (!this.sources || this.closed) return;
    const ids = new Set([
      ...(await this.sources.activeEndpoints()),
      ...this.recent,
      ...this.nonZero,
    ]);
    this.recent.clear();
    for (const id of ids) await this.sampleOne(id);
  }

  /** Takes one sample of an endpoint at the platform clock's now. */
  async sampleOne(endpointId: string): Promise<void> {
    if (!this.sources || this.closed) return;
    const s = await this.sources.sample(endpointId);
    const total =
      s.running + s.idle + s.initializing + s.throttled + s.unhealthy + s.inQueue + s.inProgress;
    if (total > 0) this.nonZero.add(endpointId);
    else this.nonZero.delete(endpointId);
    const now = this.clock.now();
    const rows = RESOLUTIONS.map((res) => ({
      endpoint_id: endpointId,
      res,
      slot: Math.floor(now / res) * res,
      n: 1,
      running: s.running,
      idle: s.idle,
      initializing: s.initializing,
      throttled: s.throttled,
      unhealthy: s.unhealthy,
      in_queue: s.inQueue,
      in_progress: s.inProgress,
    }));
    const add = (c: string) =>
      sql<number>`${sql.ref(`endpoint_samples.${c}`)} + ${sql.ref(`excluded.${c}`)}`;
    await this.db
      .insertInto("endpoint_samples")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["endpoint_id", "res", "slot"]).doUpdateSet({
          n: add("n"),
          running: add("running"),
          idle: add("idle"),
          initializing: add("initializing"),
          throttled: add("throttled"),
          unhealthy: add("unhealthy"),
          in_queue: add("in_queue"),
          in_progress: add("in_progress"),
        }),
      )
      .execute();
  }

  /** `floor((column - from) / width)` as an integer on both stores. */
  private bucketOf(column: string, from: number, width: number) {
    return this.dialect === "postgres"
      ? sql<number>`((${sql.ref(column)} - ${from}::bigint) / ${width}::bigint)`
      : sql<number>`cast((${sql.ref(column)} - ${from}) / ${width} as integer)`;
  }

  /** The endpoint's metrics over `window`, in METRICS_BUCKETS buckets ending with the one holding now. */
  async read(
    endpointId: string,
    accountId: string,
    window: MetricsWindow,
  ): Promise<EndpointMetrics> {
    await this.flush();
    await this.sampleOne(endpointId).catch((err: unknown) =>
      this.log.warn({ err }, "metrics: sampling at read failed"),
    );
    const now = this.clock.now();
    const { bucketMs, res } = windowGeometry(window);
    const to = (Math.floor(now / bucketMs) + 1) * bucketMs;
    const from = to - METRICS_BUCKETS * bucketMs;

    // res = bucketMs: one slot per bucket, each (slot, kind, bin) one row, so nothing to group.
    const inWindow = sql<boolean>`endpoint_id = ${endpointId} and res = ${res} and slot >= ${from} and slot < ${to}`;
    const counts = await this.db
      .selectFrom("endpoint_metrics")
      .select(["slot", "kind", "bin", "count", "sum", "max"])
      .where(inWindow)
      .where("kind", "in", ["o", "c"])
      .execute();
    // The bins holding each percentile's rank, found in SQL by a running count per slot and kind
    // (in primary-key order), so a read returns a few rows per bucket whatever the traffic.
    const cum = sql`cast(sum(${sql.ref("count")}) over (partition by slot, kind order by bin rows between unbounded preceding and current row) as bigint)`;
    const total = sql`cast(sum(${sql.ref("count")}) over (partition by slot, kind) as bigint)`;
    const holds = (p: number) =>
      sql`(cum >= (${sql.lit(p)} * total + 99) / 100 and cum - n < (${sql.lit(p)} * total + 99) / 100)`;
    const ranked = await sql<{
      slot: number;
      kind: string;
      bin: number;
      n: number;
      lo: number;
      hi: number;
      cum: number;
      total: number;
    }>`select slot, kind, bin, n, lo, hi, cum, total from (
        select slot, kind, bin, ${sql.ref("count")} as n, ${sql.ref("min")} as lo, ${sql.ref("max")} as hi,
          ${cum} as cum, ${total} as total
        from endpoint_metrics where ${inWindow} and kind in ('d', 'e')
      ) h where ${holds(50)} or ${holds(95)} or ${holds(99)}`.execute(this.db);
    const samples = await this.db
      .selectFrom("endpoint_samples")
      .selectAll()
      .where(inWindow)
      .execute();
    const spendBucket = this.bucketOf("at", from, bucketMs);
    const spend = await this.db
      .selectFrom("usage_records")
      .select([spendBucket.as("b"), sql<number>`sum(total)`.as("total")])
      .where("account_id", "=", accountId)
      .where("at", ">=", from)
      .where("at", "<", to)
      .where("product", "=", "serverless")
      .where("resource_id", "=", endpointId)
      .groupBy(sql`b`)
      .execute();

    const buckets: MetricsBucket[] = Array.from({ length: METRICS_BUCKETS }, (_, i) => ({
      start: new Date(from + i * bucketMs).toISOString(),
      requests: { completed: 0, failed: 0, cancelled: 0, timedOut: 0 },
      delayMs: null,
      executionMs: null,
      coldStarts: { count: 0, meanMs: null, maxMs: null },
      workers: null,
      queue: null,
      spend: 0,
    }));
    const indexOf = (slot: number) => Math.round((Number(slot) - from) / bucketMs);
    const outcomeKeys = ["completed", "failed", "cancelled", "timedOut"] as const;
    for (const r of counts) {
      const b = buckets[indexOf(r.slot)];
      if (!b) continue;
      const n = Number(r.count);
      if (r.kind === "o") {
        const k = outcomeKeys[Number(r.bin)];
        if (k) b.requests[k] += n;
      } else {
        b.coldStarts = { count: n, meanMs: round(Number(r.sum) / n), maxMs: round(Number(r.max)) };
      }
    }
    for (const r of ranked.rows) {
      const b = buckets[indexOf(r.slot)];
      if (!b) continue;
      const total = Number(r.total);
      const cumN = Number(r.cum);
      const value = round(Math.min(Number(r.hi), Math.max(Number(r.lo), binValue(Number(r.bin)))));
      const field = r.kind === "d" ? "delayMs" : "executionMs";
      const p = (b[field] ??= { p50: 0, p95: 0, p99: 0 });
      for (const [q, key] of [
        [50, "p50"],
        [95, "p95"],
        [99, "p99"],
      ] as const) {
        const rank = Math.ceil((q * total) / 100);
        if (cumN >= rank && cumN - Number(r.n) < rank) p[key] = value;
      }
    }
    for (const s of samples) {
      const b = buckets[indexOf(s.slot)];
      const n = Number(s.n);
      if (!b || n === 0) continue;
      const mean = (v: number) => Math.round((Number(v) / n) * 100) / 100;
      b.workers = {
        running: mean(s.running),
        idle: mean(s.idle),
        initializing: mean(s.initializing),
        throttled: mean(s.throttled),
        unhealthy: mean(s.unhealthy),
      };
      b.queue = { inQueue: mean(s.in_queue), inProgress: mean(s.in_progress) };
    }
    for (const s of spend) {
      const b = buckets[Number(s.b)];
      if (b) b.spend = Math.max(0, Math.round(Number(s.total) * 1e8) / 1e8);
    }
    return {
      endpointId,
      window,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      now: new Date(now).toISOString(),
      bucketSeconds: bucketMs / 1000,
      percentileRelativeError: PERCENTILE_ERROR,
      sampleSeconds: SAMPLE_MS / 1000,
      buckets,
    };
  }

  /** Forgets what is buffered (state reset of an account). */
  discard(): void {
    this.pending = new Map();
  }

  async close(): Promise<void> {
    if (this.sampleTimer) clearInterval(this.sampleTimer);
    this.sampleTimer = null;
    await this.flush();
    this.closed = true;
  }
}

const round = (v: number) => Math.round(v * 10) / 10;
