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
import type { EndpointMetricsTable, EndpointSamplesTable } from "../store/schema-devtools";

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
 * - Workers by state and queue depth are sampled every SAMPLE_MS of wall time, stored as sums
 *   per slot with their number, so a bucket answers the mean of its samples (a read adds one
 *   sample of now to its last bucket, without storing it).
 * - A read groups one endpoint's 60 slots of the window's resolution in SQL through the primary
 *   key (a few rows per slot and bin, whatever the number of jobs), and turns each bucket's bins
 *   into p50/p95/p99 by nearest rank: the bin's midpoint clamped to the bin's own min and max, so
 *   the error is at most PERCENTILE_ERROR (and none when a bin holds one value). Percentiles of
 *   final slots (FINAL_AFTER_MS past their end) are kept in memory, dropped when this instance
 *   writes into the slot again, when the clock moves back, or on a state reset.
 */

/** One rollup resolution per window: its bucket width (15 s, 1 min, 6 min, 24 min, 168 min). */
const RESOLUTIONS = Object.values(METRICS_WINDOW_MS).map((w) => w / METRICS_BUCKETS);
/** A resolution's slots are kept twice its window, so a whole window is always there. */
const KEEP_MS = (res: number) => 2 * res * METRICS_BUCKETS;
export const SAMPLE_MS = 5_000;
const FLUSH_MS = 1_000;
/**
 * A slot this long past its end is final: every instance has flushed what ended in it (each
 * flushes every FLUSH_MS), so its percentiles are kept in memory instead of ranked again by
 * every read (a 24 h read ranks the newest slot or two instead of 60).
 */
const FINAL_AFTER_MS = 10 * FLUSH_MS;
/** Endpoint × resolution pairs whose final slots' percentiles are kept (least recently read go). */
const PERCENTILE_CACHE_PAIRS = 512;
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
type Percentiles = { p50: number; p95: number; p99: number };
/** A slot's delay and execution percentiles (null: no job in the slot). */
type SlotPercentiles = { d: Percentiles | null; e: Percentiles | null };
const cacheKey = (endpointId: string, res: number) => `${endpointId}\u0001${res}`;

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
  /** Sampling rounds under way (`forget` waits for their writes). */
  private readonly sampling = new Set<Promise<void>>();
  private coldStarts = new Map<string, number>();
  /** Endpoints with events since the last sample, and those whose last sample was not all zero. */
  private recent = new Set<string>();
  private nonZero = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;
  private sampleTimer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private pruning: Promise<void> | null = null;
  private lastPrune = 0;
  private closed = false;
  /** Percentiles of final slots per endpoint × resolution (see FINAL_AFTER_MS). */
  private percentileCache = new Map<string, Map<number, SlotPercentiles>>();
  /** Bumped by every write, so a read that raced one does not keep what it ranked. */
  private writes = 0;
  private lastReadAt = -Infinity;
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
      } catch (err) {
        if (!this.closed) this.log.warn({ err }, "metrics: could not write rollups");
      }
    });
    // Dropping expired slots is not what a read waits for: it runs beside the writes.
    this.pruning ??= this.prune()
      .catch((err: unknown) => {
        if (!this.closed) this.log.warn({ err }, "metrics: could not drop expired rollups");
      })
      .finally(() => {
        this.pruning = null;
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
    this.writes++;
    for (const r of rows) this.percentileCache.get(cacheKey(r.endpoint_id, r.res))?.delete(r.slot);
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
    const run = this.sampleActiveNow();
    this.sampling.add(run);
    try {
      await run;
    } finally {
      this.sampling.delete(run);
    }
  }

  private async sampleActiveNow(): Promise<void> {
    if (!this.sources || this.closed) return;
    const ids = new Set([
      ...(await this.sources.activeEndpoints()),
      ...this.recent,
      ...this.nonZero,
    ]);
    this.recent.clear();
    for (const id of ids) await this.sampleOne(id);
  }

  /** Takes one sample of an endpoint at the platform clock's now and stores it. */
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

  /**
   * The delay and execution bins holding each slot's p50/p95/p99 rank, found in SQL by a running
   * count per slot and kind (in primary-key order), so a read returns a few rows per slot whatever
   * the traffic.
   */
  private async rankPercentiles(where: RawBuilder<boolean>) {
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
        from endpoint_metrics where ${where} and kind in ('d', 'e')
      ) h where ${holds(50)} or ${holds(95)} or ${holds(99)}`.execute(this.db);
    return ranked.rows;
  }

  /**
   * Outcome and cold-start counts of the window, and each bucket's delay/execution percentiles:
   * final slots from memory, the rest (normally the newest one or two) ranked in SQL.
   */
  private async readRollups(
    endpointId: string,
    res: number,
    now: number,
    from: number,
    to: number,
    bucketMs: number,
  ) {
    const inWindow = sql<boolean>`endpoint_id = ${endpointId} and res = ${res} and slot >= ${from} and slot < ${to}`;
    const counts = this.db
      .selectFrom("endpoint_metrics")
      .select(["slot", "kind", "bin", "count", "sum", "max"])
      .where(inWindow)
      .where("kind", "in", ["o", "c"])
      .execute();
    // Final slots answer from memory; the rest (normally the newest one or two) are ranked.
    if (now < this.lastReadAt) this.percentileCache.clear(); // the clock moved back
    this.lastReadAt = now;
    const key = cacheKey(endpointId, res);
    const cached = this.percentileCache.get(key) ?? new Map<number, SlotPercentiles>();
    this.percentileCache.delete(key); // re-inserted below: least recently read first
    for (const slot of cached.keys()) if (slot < from) cached.delete(slot);
    let rankFrom = from;
    while (rankFrom < to && cached.has(rankFrom)) rankFrom += bucketMs;
    const writesBefore = this.writes;
    const ranked = this.rankPercentiles(
      sql<boolean>`endpoint_id = ${endpointId} and res = ${res} and slot >= ${rankFrom} and slot < ${to}`,
    );
    const [countRows, rankedRows] = await Promise.all([counts, ranked]);
    const fresh = new Map<number, SlotPercentiles>();
    for (const r of rankedRows) {
      const slot = Number(r.slot);
      const total = Number(r.total);
      const cumN = Number(r.cum);
      const value = round(Math.min(Number(r.hi), Math.max(Number(r.lo), binValue(Number(r.bin)))));
      const at = fresh.get(slot) ?? { d: null, e: null };
      fresh.set(slot, at);
      const field = r.kind === "d" ? "d" : "e";
      const p = (at[field] ??= { p50: 0, p95: 0, p99: 0 });
      for (const [q, k] of [
        [50, "p50"],
        [95, "p95"],
        [99, "p99"],
      ] as const) {
        const rank = Math.ceil((q * total) / 100);
        if (cumN >= rank && cumN - Number(r.n) < rank) p[k] = value;
      }
    }
    if (this.writes === writesBefore)
      for (let slot = rankFrom; slot + bucketMs <= now - FINAL_AFTER_MS; slot += bucketMs)
        cached.set(slot, fresh.get(slot) ?? { d: null, e: null });
    this.percentileCache.set(key, cached);
    if (this.percentileCache.size > PERCENTILE_CACHE_PAIRS)
      this.percentileCache.delete(this.percentileCache.keys().next().value!);
    return { counts: countRows, cached, fresh };
  }

  /**
   * The endpoint's metrics over `window`, in METRICS_BUCKETS buckets ending with the one holding now.
   * A read writes nothing (on PostgreSQL a commit waits for the WAL flush: the read's cost would
   * be those waits). Its three independent chains run side by side, each on its own pooled
   * connection: buffered rollups then counts and percentiles; the stored samples beside a sample
   * taken now (counted in the last bucket, not stored: the sampler stores one every SAMPLE_MS);
   * the recorded spend beside `unbilled(now)`, the endpoint's worker time not charged yet, which
   * the next accrual records in the bucket holding now.
   */
  async read(
    endpointId: string,
    accountId: string,
    window: MetricsWindow,
    unbilled: (now: number) => Promise<number> = () => Promise.resolve(0),
  ): Promise<EndpointMetrics> {
    const now = this.clock.now();
    const { bucketMs, res } = windowGeometry(window);
    const to = (Math.floor(now / bucketMs) + 1) * bucketMs;
    const from = to - METRICS_BUCKETS * bucketMs;
    // res = bucketMs: one slot per bucket, each (slot, kind, bin) one row, so nothing to group.
    const inWindow = sql<boolean>`endpoint_id = ${endpointId} and res = ${res} and slot >= ${from} and slot < ${to}`;
    const spendBucket = this.bucketOf("at", from, bucketMs);
    const [{ counts, cached, fresh }, stored, live, spend, pending] = await Promise.all([
      this.flush().then(() => this.readRollups(endpointId, res, now, from, to, bucketMs)),
      this.db.selectFrom("endpoint_samples").selectAll().where(inWindow).execute(),
      this.sources?.sample(endpointId).catch((err: unknown) => {
        this.log.warn({ err }, "metrics: sampling at read failed");
        return null;
      }) ?? null,
      this.db
        .selectFrom("usage_records")
        .select([spendBucket.as("b"), sql<number>`sum(total)`.as("total")])
        .where("account_id", "=", accountId)
        .where("at", ">=", from)
        .where("at", "<", to)
        .where("product", "=", "serverless")
        .where("resource_id", "=", endpointId)
        .groupBy(sql`b`)
        .execute(),
      unbilled(now),
    ]);
    const slotNow = Math.floor(now / res) * res;
    const samples = live
      ? withLiveSample(stored, live, { endpoint_id: endpointId, res, slot: slotNow })
      : stored;

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
    for (let i = 0; i < METRICS_BUCKETS; i++) {
      const slot = from + i * bucketMs;
      const p = fresh.get(slot) ?? cached.get(slot);
      if (!p) continue;
      buckets[i]!.delayMs = p.d;
      buckets[i]!.executionMs = p.e;
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
    const spendOf = new Map(spend.map((s) => [Number(s.b), Number(s.total)]));
    const nowIndex = Math.floor((now - from) / bucketMs);
    spendOf.set(nowIndex, (spendOf.get(nowIndex) ?? 0) + pending);
    for (const [i, total] of spendOf) {
      const b = buckets[i];
      if (b) b.spend = Math.max(0, Math.round(total * 1e8) / 1e8);
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

  /**
   * Stops sampling these endpoints until they show activity again and drops their gathered
   * increments (an account's state reset or import deletes them): otherwise the sampler or the
   * next flush writes rows for an endpoint that is gone, and an import of the same endpoint meets
   * them. Resolves once the writes and sampling rounds already on their way have landed, so the
   * caller's delete comes after them.
   */
  async forget(endpointIds: readonly string[]): Promise<void> {
    const gone = new Set(endpointIds);
    const drop = () => {
      for (const id of gone) {
        this.recent.delete(id);
        this.nonZero.delete(id);
      }
      for (const [key, p] of this.pending)
        if (gone.has(p.row.endpoint_id)) this.pending.delete(key);
      this.percentileCache.clear();
    };
    drop();
    await Promise.allSettled([this.writing, ...this.sampling]);
    // A sampling round that was under way may have marked them active again.
    drop();
  }

  /** Forgets what is buffered (state reset of an account). */
  discard(): void {
    this.pending = new Map();
    this.percentileCache.clear();
  }

  async close(): Promise<void> {
    if (this.sampleTimer) clearInterval(this.sampleTimer);
    this.sampleTimer = null;
    await this.flush();
    await this.pruning;
    this.closed = true;
  }
}

const round = (v: number) => Math.round(v * 10) / 10;

/** The stored samples of a window with one more, taken now, added to the slot holding now. */
function withLiveSample(
  stored: EndpointSamplesTable[],
  live: EndpointSample,
  key: Pick<EndpointSamplesTable, "endpoint_id" | "res" | "slot">,
): EndpointSamplesTable[] {
  const held = stored.find((r) => Number(r.slot) === key.slot);
  const sum = (a: number | undefined, b: number) => Number(a ?? 0) + b;
  const row: EndpointSamplesTable = {
    ...key,
    n: sum(held?.n, 1),
    running: sum(held?.running, live.running),
    idle: sum(held?.idle, live.idle),
    initializing: sum(held?.initializing, live.initializing),
    throttled: sum(held?.throttled, live.throttled),
    unhealthy: sum(held?.unhealthy, live.unhealthy),
    in_queue: sum(held?.in_queue, live.inQueue),
    in_progress: sum(held?.in_progress, live.inProgress),
  };
  return [...stored.filter((r) => r !== held), row];
}
