import type Database from "better-sqlite3";
import { JOB_RETENTION_MS } from "@/lib/schemas/jobs";
import type { JobsTable } from "../../store/schema-jobs";
import { JOB_COLUMNS } from "./job-mapper";

/** A commit of at least this many writes means we are under load… */
const BUSY_BATCH = 4;

interface Pending {
  run: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for the embedded store: writes issued in the same turn of the event loop run in one
 * transaction, so a burst of `/run`s pays for one commit instead of one each (a commit costs far
 * more than a statement). Each write still resolves only once its transaction committed. A
 * Kysely transaction open on the same connection (it awaits between statements) is waited out,
 * so our writes never join — or roll back with — someone else's transaction.
 */
export class SqliteBatch {
  private queue: Pending[] = [];
  private scheduled = false;
  private lastBatch = 0;

  constructor(private readonly db: Database.Database) {}

  write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // …then wait one more turn of the event loop so more writes share the next commit; when
        // idle, commit on the next turn (a timer would add a millisecond to every request).
        if (this.lastBatch >= BUSY_BATCH) setImmediate(() => setImmediate(() => this.flush()));
        else setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    if (this.db.inTransaction) {
      setTimeout(() => this.flush(), 1);
      return;
    }
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    this.lastBatch = batch.length;
    if (batch.length === 0) return;
    const results: ({ ok: true; v: unknown } | { ok: false; e: unknown })[] = [];
    try {
      this.db.transaction(() => {
        for (const item of batch) {
          // A failed statement changes nothing in SQLite and does not abort the transaction.
          try {
            results.push({ ok: true, v: item.run() });
          } catch (e) {
            results.push({ ok: false, e });
          }
        }
      })();
    } catch (err) {
      for (const item of batch) item.reject(err);
      return;
    }
    batch.forEach((item, i) => {
      const r = results[i]!;
      if (r.ok) item.resolve(r.v);
      else item.reject(r.e);
    });
  }
}

const RETENTION = `(CASE WHEN sync = 1 THEN ${JOB_RETENTION_MS.sync} ELSE ${JOB_RETENTION_MS.async} END)`;
const KEEP = `(CASE WHEN result_ttl IS NOT NULL AND result_ttl < ${RETENTION} THEN result_ttl ELSE ${RETENTION} END)`;

/**
 * Prepared statements of the job engine's hot path on SQLite (submit, claim, finish, worker idle):
 * the same statements as the Kysely ones in the repository, compiled once.
 */
export class SqliteJobStatements {
  readonly batch: SqliteBatch;
  private readonly insertStmt: Database.Statement;
  private readonly getStmt: Database.Statement;
  private readonly claimStmt: Database.Statement;
  private readonly peekStmt: Database.Statement;
  private readonly finishStmt: Database.Statement;
  private readonly idleStmt: Database.Statement;

  constructor(db: Database.Database) {
    this.batch = new SqliteBatch(db);
    this.insertStmt = db.prepare(
      `INSERT INTO jobs (${JOB_COLUMNS.join(", ")}) VALUES (${JOB_COLUMNS.map((c) => `@${c}`).join(", ")})`,
    );
    this.getStmt = db.prepare("SELECT * FROM jobs WHERE id = ?");
    this.claimStmt = db.prepare(`
      UPDATE jobs SET status = 'IN_PROGRESS', worker_id = @worker, started_at = @now,
        timeout_at = @now + COALESCE(execution_timeout, @timeout)
      WHERE id IN (SELECT id FROM jobs WHERE endpoint_id = @endpoint AND status = 'IN_QUEUE' ORDER BY seq LIMIT @n)
      RETURNING *`);
    // An UPDATE that matches nothing still opens a write; peeking first is far cheaper.
    this.peekStmt = db.prepare(
      "SELECT 1 FROM jobs WHERE endpoint_id = ? AND status = 'IN_QUEUE' LIMIT 1",
    );
    this.finishStmt = db.prepare(`
      UPDATE jobs SET status = @status, output = @output, error = @error, completed_at = @now, timeout_at = NULL,
        delete_at = CASE WHEN expires_at < (@now + ${KEEP}) THEN expires_at ELSE (@now + ${KEEP}) END,
        streamed = CASE WHEN @streamed = 1 THEN 1 ELSE streamed END
      WHERE id = @id AND worker_id = @worker AND status = 'IN_PROGRESS'
      RETURNING *`);
    this.idleStmt = db.prepare(
      "UPDATE workers SET idle_since = @now, last_seen_at = @now WHERE id = @id",
    );
  }

  insert(row: JobsTable, onRow: (row: JobsTable) => void): Promise<unknown> {
    const write = this.batch.write(() => {
      const r = this.insertStmt.run(row);
      onRow(row);
      return r;
    });
    // A job stored already taken by its worker (directWaiter) is not queued.
    if (row.status !== "IN_QUEUE") return write;
    const ep = row.endpoint_id;
    this.pendingInserts.set(ep, (this.pendingInserts.get(ep) ?? 0) + 1);
    return write.finally(() => {
      const n = (this.pendingInserts.get(ep) ?? 1) - 1;
      if (n <= 0) this.pendingInserts.delete(ep);
      else this.pendingInserts.set(ep, n);
    });
  }

  /** Queued inserts waiting for the next commit, per endpoint: they count as queued jobs already. */
  private readonly pendingInserts = new Map<string, number>();

  /** Queued jobs of an endpoint exist, committed or about to be (known synchronously). */
  hasQueued(endpoint: string): boolean {
    return (
      (this.pendingInserts.get(endpoint) ?? 0) > 0 || this.peekStmt.get(endpoint) !== undefined
    );
  }

  get(id: string): JobsTable | undefined {
    return this.getStmt.get(id) as JobsTable | undefined;
  }

  /**
   * `onRow` sees each written row inside the commit, in statement order: a cache updated there can
   * never be overwritten by an older version whose promise happened to settle later.
   */
  claim(
    endpoint: string,
    worker: string,
    n: number,
    now: number,
    timeout: number,
    onRow: (row: JobsTable) => void,
  ): Promise<JobsTable[]> {
    // Inside the batch, so a queued (not yet committed) insert of the same turn is seen.
    return this.batch.write(() => {
      if (this.peekStmt.get(endpoint) === undefined) return [];
      const rows = this.claimStmt.all({ endpoint, worker, n, now, timeout }) as JobsTable[];
      rows.forEach(onRow);
      return rows;
    });
  }

  finish(
    p: {
      id: string;
      worker: string;
      status: string;
      output: string | null;
      error: string | null;
      streamed: boolean;
      now: number;
    },
    onRow: (row: JobsTable) => void,
  ): Promise<JobsTable | undefined> {
    return this.batch.write(() => {
      const row = this.finishStmt.get({ ...p, streamed: p.streamed ? 1 : 0 }) as
        JobsTable | undefined;
      if (row) onRow(row);
      return row;
    });
  }

  markIdle(id: string, now: number): Promise<unknown> {
    return this.batch.write(() => this.idleStmt.run({ id, now }));
  }
}
