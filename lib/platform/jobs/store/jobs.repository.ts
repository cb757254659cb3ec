import { sql, type Kysely, type RawBuilder } from "kysely";
import type pg from "pg";
import { JOB_RETENTION_MS } from "@/lib/schemas/jobs";
import type { Database } from "../../store/schema";
import type { JobsTable } from "../../store/schema-jobs";
import { JobCache } from "./job-cache";
import { JOB_COLUMNS, STATUS_COLUMNS, type JobStatusRow } from "./job-mapper";
import { JobsReads } from "./jobs-reads.repository";
import type { SqliteJobStatements } from "./sqlite-fast-path";
import { CoalescedReads } from "../../store/coalesced-reads";
import { WriteBatch } from "../../store/write-batch";

/**
 * Storage of jobs. Every state change is ONE conditional statement (`… WHERE status = … RETURNING *`)
 * so that concurrent requests and several instances on one PostgreSQL cannot both apply a
 * transition: whoever gets the row back owns the transition and its side effects.
 */
/** How long a terminal row written here may be handed to a local waiter without a read (wall ms). */
const JUST_FINISHED_MS = 1000;

/** PostgreSQL: one job row, every column (the prepared statement of a lone insert). */
const INSERT_JOB = `INSERT INTO jobs (${JOB_COLUMNS.join(", ")}) VALUES (${JOB_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`;

interface Finish {
  id: string;
  workerId: string;
  status: "COMPLETED" | "FAILED";
  output: string | null;
  error: string | null;
  streamed: boolean;
  now: number;
}

export class JobsRepository extends JobsReads {
  /** PostgreSQL: terminal rows just written here, handed once to a waiter here (takeJustFinished). */
  private readonly justFinished = new Map<string, { row: JobsTable; until: number }>();
  /** PostgreSQL: whether the endpoint's last claim saw more queued jobs (a hint). */
  private readonly moreQueued = new Map<string, boolean>();
  private seqCounter = 0;
  /** Embedded store only: see `JobCache`. */
  private readonly cache: JobCache | null;
  /** PostgreSQL: `/status` reads that arrive together, as one statement. */
  private statusReads?: CoalescedReads<string, JobStatusRow>;
  /** PostgreSQL: workers' results of one turn of the event loop in one statement. */
  private readonly finishes = new WriteBatch<Finish, JobsTable | undefined>(
    (list) => this.finishAll(list),
    (f) => this.finishOne(f),
  );
  /**
   * PostgreSQL: the inserts of one turn of the event loop in one statement. A lone insert (a job
   * handed straight to a waiting worker, on the path of its dispatch) is a prepared statement:
   * parsed and planned once per connection, with no query built per job (0.1–0.2 ms less a job).
   */
  private readonly inserts = new WriteBatch<JobsTable>(
    (rows) => this.db.insertInto("jobs").values(rows).execute(),
    (row) =>
      this.pool
        ? this.pool.query({
            name: "hangar_job_insert",
            text: INSERT_JOB,
            values: JOB_COLUMNS.map((c) => row[c]),
          })
        : this.db.insertInto("jobs").values(row).execute(),
  );

  constructor(
    db: Kysely<Database>,
    dialect: "sqlite" | "postgres",
    /** Embedded store: prepared statements and group commit for the hot path. */
    private readonly fast: SqliteJobStatements | null = null,
    /** PostgreSQL: the pool, for the reads worth a prepared statement (`/status`). */
    private readonly pool?: pg.Pool,
  ) {
    super(db, dialect);
    this.cache = dialect === "sqlite" ? new JobCache() : null;
  }

  private remember<T extends JobsTable | undefined>(row: T): T {
    if (row) this.cache?.set(row);
    return row;
  }

  private rememberAll(rows: JobsTable[]): JobsTable[] {
    for (const r of rows) this.remember(r);
    return rows;
  }

  private forget(id: string): void {
    this.cache?.delete(id);
  }

  /** State reset/import (devtools): the store changed underneath, drop every cached row. */
  forgetAll(): void {
    this.cache?.clear();
  }

  /** FIFO position for a job entering the queue at `at`. */
  nextSeq(at: number): number {
    this.seqCounter = (this.seqCounter + 1) % 1000;
    return at * 1000 + this.seqCounter;
  }

  async insert(row: JobsTable): Promise<void> {
    if (this.fast) {
      // Cached at once (readers see it before the commit) and again at its place in the commit.
      const copy = { ...row };
      this.remember(copy);
      await this.fast
        .insert(copy, (r) => this.remember(r))
        .catch((err: unknown) => {
          this.forget(row.id);
          throw err;
        });
      return;
    }
    await this.inserts.write(row);
  }

  /**
   * Embedded store: whether an endpoint has queued jobs, known synchronously (false: a claim would
   * find nothing). Null on PostgreSQL, where only a claim can tell.
   */
  maybeQueued(endpointId: string): boolean | null {
    return this.fast ? this.fast.hasQueued(endpointId) : null;
  }

  /**
   * After a claim: whether more queued jobs of the endpoint are waiting (a hint, as the claim saw
   * them). The embedded store knows synchronously; on PostgreSQL the claim itself reports it, so
   * the dispatcher does not spend a round trip per waiter to find the queue empty.
   */
  queuedAfterClaim(endpointId: string): boolean | null {
    if (this.fast) return this.fast.hasQueued(endpointId);
    return this.moreQueued.get(endpointId) ?? null;
  }

  async get(id: string): Promise<JobsTable | undefined> {
    const hit = this.cache?.get(id);
    if (hit) return hit;
    if (this.fast) return this.remember(this.fast.get(id));
    if (this.pool) {
      // Named: each connection parses and plans it once (the busiest read: every /status).
      const res = await this.pool.query<JobsTable>({
        name: "hangar_job_by_id",
        text: "SELECT * FROM jobs WHERE id = $1",
        values: [id],
      });
      return res.rows[0];
    }
    return this.remember(
      await this.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst(),
    );
  }

  /**
   * The job as `/status` reads it: the columns of its answer and of the access check. On
   * PostgreSQL only those travel and are parsed (the driver's per-field work was ~7% of a
   * `/status`, and `input` — up to 10 MB — is never answered); the embedded store answers the
   * cached or stored row.
   */
  async getForStatus(id: string): Promise<JobStatusRow | undefined> {
    if (!this.pool || this.cache) return this.get(id);
    const pool = this.pool;
    this.statusReads ??= new CoalescedReads<string, JobStatusRow>(
      async (one) =>
        (
          await pool.query<JobStatusRow>({
            name: "hangar_job_status_by_id",
            text: `SELECT ${STATUS_COLUMNS.join(", ")} FROM jobs WHERE id = $1`,
            values: [one],
          })
        ).rows[0],
      async (ids) =>
        (
          await pool.query<JobStatusRow>({
            name: "hangar_job_status_by_ids",
            text: `SELECT ${STATUS_COLUMNS.join(", ")} FROM jobs WHERE id = ANY($1::text[])`,
            values: [ids],
          })
        ).rows,
      (row) => row.id,
    );
    return this.statusReads.read(id);
  }

  /**
   * Atomically hands up to `n` queued jobs of an endpoint to a worker, oldest first. On PostgreSQL
   * `FOR UPDATE SKIP LOCKED` lets instances claim side by side without ever sharing a row; SQLite
   * runs in one process and executes the statement atomically.
   */
  async claim(
    endpointId: string,
    workerId: string,
    n: number,
    now: number,
    endpointTimeout: number,
  ): Promise<JobsTable[]> {
    const limit = Math.max(1, Math.floor(n));
    const timeoutAt = sql<number>`CAST(${now} AS bigint) + COALESCE(execution_timeout, CAST(${endpointTimeout} AS bigint))`;
    let rows: JobsTable[];
    if (this.fast) {
      return (
        await this.fast.claim(endpointId, workerId, limit, now, endpointTimeout, (r) =>
          this.remember(r),
        )
      ).sort((a, b) => Number(a.seq) - Number(b.seq));
    } else if (this.dialect === "postgres") {
      const [mine] = await this.claimEach(
        endpointId,
        [{ workerId, batch: limit }],
        now,
        endpointTimeout,
      );
      return mine!;
    } else {
      const res = await sql<JobsTable>`
        UPDATE jobs SET status = 'IN_PROGRESS', worker_id = ${workerId}, started_at = ${now}, timeout_at = ${timeoutAt}
        WHERE id IN (
          SELECT id FROM jobs WHERE endpoint_id = ${endpointId} AND status = 'IN_QUEUE' ORDER BY seq LIMIT ${limit}
        )
        RETURNING *`.execute(this.db);
      rows = res.rows;
    }
    return this.rememberAll(rows).sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /**
   * One claim for several waiting workers (`batch` jobs each at most, oldest jobs to the first
   * taker); answers each taker's jobs, in the takers' order. On PostgreSQL one statement claims for
   * all of them — a round trip and a commit instead of one per waiter.
   */
  async claimEach(
    endpointId: string,
    takers: { workerId: string; batch: number }[],
    now: number,
    endpointTimeout: number,
  ): Promise<JobsTable[][]> {
    const ids = takers.map((t) => t.workerId);
    if (this.dialect !== "postgres" || new Set(ids).size !== ids.length)
      return Promise.all(
        takers.map((t) => this.claim(endpointId, t.workerId, t.batch, now, endpointTimeout)),
      );
    const slots = takers.flatMap((t) =>
      Array<string>(Math.max(1, Math.floor(t.batch))).fill(t.workerId),
    );
    const timeoutAt = sql<number>`CAST(${now} AS bigint) + COALESCE(execution_timeout, CAST(${endpointTimeout} AS bigint))`;
    const res = await sql<JobsTable & { hangar_more: boolean }>`
      WITH slots AS (
        SELECT w, n FROM unnest(${slots}::text[]) WITH ORDINALITY AS s(w, n)
      ), locked AS (
        SELECT id, seq FROM jobs
        WHERE endpoint_id = ${endpointId} AND status = 'IN_QUEUE'
        ORDER BY seq LIMIT ${slots.length}
        FOR UPDATE SKIP LOCKED
      ), picked AS (
        SELECT id, row_number() OVER (ORDER BY seq) AS n FROM locked
      ), claimed AS (
        UPDATE jobs SET status = 'IN_PROGRESS', worker_id = slots.w, started_at = ${now}, timeout_at = ${timeoutAt}
        FROM picked JOIN slots ON slots.n = picked.n
        WHERE jobs.id = picked.id AND jobs.status = 'IN_QUEUE'
        RETURNING jobs.*
      )
      SELECT claimed.*, EXISTS (
        SELECT 1 FROM jobs q
        WHERE q.endpoint_id = ${endpointId} AND q.status = 'IN_QUEUE'
          AND q.id NOT IN (SELECT id FROM locked)
      ) AS hangar_more
      FROM claimed`.execute(this.db);
    this.moreQueued.set(endpointId, res.rows[0]?.hangar_more ?? false);
    const byWorker = new Map<string, JobsTable[]>(ids.map((id) => [id, []]));
    for (const { hangar_more: _, ...row } of res.rows) byWorker.get(row.worker_id!)?.push(row);
    return ids.map((id) => byWorker.get(id)!.sort((a, b) => Number(a.seq) - Number(b.seq)));
  }

  /** Undo a claim whose worker went away before receiving the job: back to its old queue position. */
  async unclaim(id: string, workerId: string): Promise<boolean> {
    this.forget(id);
    const res = await this.db
      .updateTable("jobs")
      .set({ status: "IN_QUEUE", worker_id: null, started_at: null, timeout_at: null })
      .where("id", "=", id)
      .where("worker_id", "=", workerId)
      .where("status", "=", "IN_PROGRESS")
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** `delete_at` once terminal: the earlier of the ttl and the retention (`/status?ttl=` may shorten it). */
  private deleteAtOnFinish(now: number | RawBuilder<unknown>): RawBuilder<number> {
    // Literals, not parameters: PostgreSQL would type an untyped CASE parameter as text.
    const retention = sql`(CASE WHEN sync = 1 THEN ${sql.lit(JOB_RETENTION_MS.sync)} ELSE ${sql.lit(JOB_RETENTION_MS.async)} END)`;
    const keep = sql`(CASE WHEN result_ttl IS NOT NULL AND result_ttl < ${retention} THEN result_ttl ELSE ${retention} END)`;
    const until = sql`(CAST(${now} AS bigint) + ${keep})`;
    return sql<number>`(CASE WHEN expires_at < ${until} THEN expires_at ELSE ${until} END)`;
  }

  /** The columns of any cancellation (cancel, purge, endpoint deleted): no timeout, retention starts. */
  private cancelled(now: number) {
    return {
      status: "CANCELLED",
      completed_at: now,
      timeout_at: null,
      delete_at: this.deleteAtOnFinish(now),
    } as const;
  }

  /** A running job's worker reports its end (COMPLETED or FAILED). Undefined: not that worker's running job any more. */
  async finish(
    id: string,
    workerId: string,
    patch: {
      status: "COMPLETED" | "FAILED";
      output: string | null;
      error: string | null;
      streamed: boolean;
    },
    now: number,
  ): Promise<JobsTable | undefined> {
    if (this.fast)
      return this.fast.finish({ id, worker: workerId, ...patch, now }, (r) => this.remember(r));
    const row = await this.finishes.write({ id, workerId, ...patch, now });
    if (row) this.keepFinished(row);
    return row;
  }

  private finishOne(f: Finish): Promise<JobsTable | undefined> {
    return this.db
      .updateTable("jobs")
      .set({
        status: f.status,
        output: f.output,
        error: f.error,
        completed_at: f.now,
        timeout_at: null,
        delete_at: this.deleteAtOnFinish(f.now),
        ...(f.streamed ? { streamed: 1 } : {}),
      })
      .where("id", "=", f.id)
      .where("worker_id", "=", f.workerId)
      .where("status", "=", "IN_PROGRESS")
      .returningAll()
      .executeTakeFirst();
  }

  /** PostgreSQL: the results of one turn of the event loop, each still conditional, in one statement. */
  private async finishAll(list: Finish[]): Promise<(JobsTable | undefined)[]> {
    // The same job twice: each report must see the other's outcome, so one statement each.
    if (new Set(list.map((f) => f.id)).size !== list.length) throw new Error("duplicate job");
    const col = <K extends keyof Finish>(k: K) => list.map((f) => f[k]);
    const res = await sql<JobsTable>`
      UPDATE jobs SET status = v.status, output = v.output, error = v.error, completed_at = v.now,
        timeout_at = NULL, delete_at = ${this.deleteAtOnFinish(sql`v.now`)},
        streamed = CASE WHEN v.streamed THEN 1 ELSE jobs.streamed END
      FROM unnest(${col("id")}::text[], ${col("workerId")}::text[], ${col("status")}::text[],
        ${col("output")}::text[], ${col("error")}::text[], ${col("streamed")}::boolean[],
        ${col("now")}::bigint[]) AS v(id, worker_id, status, output, error, streamed, now)
      WHERE jobs.id = v.id AND jobs.worker_id = v.worker_id AND jobs.status = 'IN_PROGRESS'
      RETURNING jobs.*`.execute(this.db);
    const byId = new Map(res.rows.map((r) => [r.id, r]));
    return list.map((f) => byId.get(f.id));
  }

  /**
   * A terminal row this instance wrote a moment ago (PostgreSQL), for a waiter on this instance that
   * its signal just woke: the row is what the store holds, so the waiter needs no read. Taken once.
   */
  takeJustFinished(id: string): JobsTable | undefined {
    const hit = this.justFinished.get(id);
    if (!hit) return undefined;
    this.justFinished.delete(id);
    return hit.until >= Date.now() ? hit.row : undefined;
  }

  /**
   * Most finished jobs have no local waiter to take them (`/run` traffic), so expired entries go
   * when new ones come: insertion order is expiry order, and only the expired front is dropped.
   */
  private keepFinished(row: JobsTable): void {
    const now = Date.now();
    for (const [id, v] of this.justFinished) {
      if (v.until >= now) break;
      this.justFinished.delete(id);
    }
    this.justFinished.set(row.id, { row, until: now + JUST_FINISHED_MS });
  }

  async progress(
    id: string,
    workerId: string,
    output: string | null,
  ): Promise<JobsTable | undefined> {
    return this.db
      .updateTable("jobs")
      .set({ output })
      .where("id", "=", id)
      .where("worker_id", "=", workerId)
      .where("status", "=", "IN_PROGRESS")
      .returningAll()
      .executeTakeFirst()
      .then((r) => this.remember(r));
  }

  /** Appends one stream chunk of a running job; false when the job is not that worker's running job. */
  async appendChunk(id: string, workerId: string, output: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("jobs")
        .set((eb) => ({ stream_seq: eb("stream_seq", "+", 1), streamed: 1 }))
        .where("id", "=", id)
        .where("worker_id", "=", workerId)
        .where("status", "=", "IN_PROGRESS")
        .returningAll()
        .executeTakeFirst();
      if (!row) return false;
      await trx
        .insertInto("job_chunks")
        .values({ job_id: id, seq: Number(row.stream_seq), output })
        .execute();
      this.remember(row);
      return true;
    });
  }

  /** Takes the undelivered chunks: deleting them is the claim, so concurrent readers never get one twice. */
  async takeChunks(id: string): Promise<{ seq: number; output: string }[]> {
    const rows = await this.db
      .deleteFrom("job_chunks")
      .where("job_id", "=", id)
      .returning(["seq", "output"])
      .execute();
    return rows
      .map((r) => ({ seq: Number(r.seq), output: r.output }))
      .sort((a, b) => a.seq - b.seq);
  }

  /** Marks the final output of a never-streamed COMPLETED job as delivered by `/stream` (once). */
  async takeFinalOutput(id: string): Promise<boolean> {
    this.forget(id);
    const res = await this.db
      .updateTable("jobs")
      .set({ stream_final_sent: 1 })
      .where("id", "=", id)
      .where("status", "=", "COMPLETED")
      .where("streamed", "=", 0)
      .where("stream_final_sent", "=", 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** `/cancel`: a queued or running job becomes CANCELLED (the row is returned with its worker). */
  async cancel(id: string, now: number): Promise<JobsTable | undefined> {
    return this.db
      .updateTable("jobs")
      .set(this.cancelled(now))
      .where("id", "=", id)
      .where("status", "in", ["IN_QUEUE", "IN_PROGRESS"])
      .returningAll()
      .executeTakeFirst()
      .then((r) => this.remember(r));
  }

  /** `/purge-queue`: every queued job of the endpoint becomes CANCELLED; running ones are untouched. */
  async purge(endpointId: string, now: number): Promise<JobsTable[]> {
    return this.db
      .updateTable("jobs")
      .set(this.cancelled(now))
      .where("endpoint_id", "=", endpointId)
      .where("status", "=", "IN_QUEUE")
      .returningAll()
      .execute()
      .then((r) => this.rememberAll(r));
  }

  /** `/retry`: a FAILED or TIMED_OUT job goes back to the queue with the same id and input. */
  async retry(id: string, now: number): Promise<JobsTable | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("jobs")
        .set((eb) => ({
          status: "IN_QUEUE",
          queued_at: now,
          seq: this.nextSeq(now),
          started_at: null,
          completed_at: null,
          worker_id: null,
          timeout_at: null,
          output: null,
          error: null,
          result_ttl: null,
          retries: eb("retries", "+", 1),
          expires_at: sql<number>`CAST(${now} AS bigint) + ttl`,
          delete_at: sql<number>`CAST(${now} AS bigint) + ttl`,
          stream_seq: 0,
          streamed: 0,
          stream_final_sent: 0,
        }))
        .where("id", "=", id)
        .where("status", "in", ["FAILED", "TIMED_OUT"])
        .returningAll()
        .executeTakeFirst();
      if (row) await trx.deleteFrom("job_chunks").where("job_id", "=", id).execute();
      return this.remember(row);
    });
  }

  /** `/status?ttl=`: a shorter retention for the result (applied now if terminal, else at the end). */
  async shortenRetention(id: string, ttl: number, now: number): Promise<JobsTable | undefined> {
    const until = now + ttl;
    this.forget(id);
    await this.db.updateTable("jobs").set({ result_ttl: ttl }).where("id", "=", id).execute();
    return this.db
      .updateTable("jobs")
      .set({
        delete_at: sql<number>`CASE WHEN delete_at < CAST(${until} AS bigint) THEN delete_at ELSE CAST(${until} AS bigint) END`,
      })
      .where("id", "=", id)
      .where("status", "in", ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"])
      .returningAll()
      .executeTakeFirst()
      .then((r) => this.remember(r));
  }

  /** Execution timeouts due: running jobs past `timeout_at` become TIMED_OUT. */
  async timeOut(now: number, limit = 500): Promise<JobsTable[]> {
    return this.db
      .updateTable("jobs")
      .set({
        status: "TIMED_OUT",
        completed_at: now,
        timeout_at: null,
        error: JSON.stringify("job exceeded its execution timeout"),
        delete_at: this.deleteAtOnFinish(now),
      })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("jobs")
          .select("id")
          .where("status", "=", "IN_PROGRESS")
          .where("timeout_at", "<=", now)
          .limit(limit),
      )
      .where("status", "=", "IN_PROGRESS")
      .returningAll()
      .execute()
      .then((r) => this.rememberAll(r));
  }

  /** ttl and retention due: up to `limit` rows are deleted (status then answers 404). */
  async expire(
    now: number,
    limit: number,
  ): Promise<Pick<JobsTable, "id" | "endpoint_id" | "status" | "worker_id">[]> {
    const rows = await this.db
      .deleteFrom("jobs")
      .where("id", "in", (eb) =>
        eb.selectFrom("jobs").select("id").where("delete_at", "<=", now).limit(limit),
      )
      .where("delete_at", "<=", now)
      .returning(["id", "endpoint_id", "status", "worker_id", "stream_seq"])
      .execute();
    for (const r of rows) this.forget(r.id);
    // Only a job that streamed has chunks (each chunk counts in stream_seq; a retry drops both).
    const streamed = rows.filter((r) => Number(r.stream_seq) > 0).map((r) => r.id);
    if (streamed.length > 0)
      await this.db.deleteFrom("job_chunks").where("job_id", "in", streamed).execute();
    return rows;
  }

  /**
   * A worker lost jobs (dead heartbeat, dropped result, shutdown). They go back to the front of the
   * queue; one lost `maxLosses` times fails instead of looping forever.
   */
  async recoverLost(
    workerId: string,
    now: number,
    maxLosses: number,
    onlyIds?: string[],
  ): Promise<{ requeued: JobsTable[]; failed: JobsTable[] }> {
    if (onlyIds && onlyIds.length === 0) return { requeued: [], failed: [] };
    let failQ = this.db
      .updateTable("jobs")
      .set((eb) => ({
        status: "FAILED",
        completed_at: now,
        timeout_at: null,
        losses: eb("losses", "+", 1),
        error: JSON.stringify(`job lost ${maxLosses} times: its worker stopped responding`),
        delete_at: this.deleteAtOnFinish(now),
      }))
      .where("worker_id", "=", workerId)
      .where("status", "=", "IN_PROGRESS")
      .where("losses", ">=", maxLosses - 1);
    if (onlyIds) failQ = failQ.where("id", "in", onlyIds);
    const failed = this.rememberAll(await failQ.returningAll().execute());
    let requeueQ = this.db
      .updateTable("jobs")
      .set((eb) => ({
        status: "IN_QUEUE",
        worker_id: null,
        started_at: null,
        timeout_at: null,
        output: null,
        losses: eb("losses", "+", 1),
        retries: eb("retries", "+", 1),
      }))
      .where("worker_id", "=", workerId)
      .where("status", "=", "IN_PROGRESS");
    if (onlyIds) requeueQ = requeueQ.where("id", "in", onlyIds);
    const requeued = this.rememberAll(await requeueQ.returningAll().execute());
    return { requeued, failed };
  }

  /** Endpoint deleted: its queued and running jobs are cancelled. */
  async cancelAllOf(endpointId: string, now: number): Promise<JobsTable[]> {
    return this.db
      .updateTable("jobs")
      .set(this.cancelled(now))
      .where("endpoint_id", "=", endpointId)
      .where("status", "in", ["IN_QUEUE", "IN_PROGRESS"])
      .returningAll()
      .execute()
      .then((r) => this.rememberAll(r));
  }
}
