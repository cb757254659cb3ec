import type SqliteDatabase from "better-sqlite3";
import type { Kysely } from "kysely";
import type { JobEvent, JobEventType } from "@/lib/schemas/devtools";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { Database } from "../store/schema";
import type { JobEventsTable } from "../store/schema-devtools";

/** Events are written at most this long (wall ms) after they happen, in one batch. */
const FLUSH_MS = 50;
/** A batch this large is written at once. */
const FLUSH_ROWS = 400;
/** Events older than this (platform clock) are pruned: longer than any job's ttl. */
export const EVENT_RETENTION_MS = 8 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The job timeline recorder. Recording is an array push (the `/run` hot path pays nothing else);
 * a batch insert writes the buffer every 50 ms, and readers flush before they read, so what a
 * timeline shows is complete up to the moment of the read.
 */
export class JobTrace {
  private buffer: JobEventsTable[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private seq = 0;
  private closed = false;
  private lastPrune = 0;
  /** Embedded store: one prepared statement in one transaction per batch (~1 µs a row). */
  private readonly insertMany: ((rows: JobEventsTable[]) => void) | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: Logger,
    sqlite?: SqliteDatabase.Database,
  ) {
    if (sqlite) {
      const insert = sqlite.prepare(
        "insert into job_events (job_id, endpoint_id, worker_id, at, seq, type, detail) values (?, ?, ?, ?, ?, ?, ?)",
      );
      this.insertMany = sqlite.transaction((rows: JobEventsTable[]) => {
        for (const r of rows)
          insert.run(r.job_id, r.endpoint_id, r.worker_id, r.at, r.seq, r.type, r.detail);
      });
    } else this.insertMany = null;
  }

  /** One event of a job (`jobId`) or of its endpoint's workers (`jobId` null). */
  record(
    endpointId: string,
    jobId: string | null,
    type: JobEventType,
    workerId: string | null = null,
    detail: string | null = null,
  ): void {
    if (this.closed) return;
    this.buffer.push({
      job_id: jobId,
      endpoint_id: endpointId,
      worker_id: workerId,
      at: this.clock.now(),
      seq: this.seq++,
      type,
      detail: detail === null ? null : detail.slice(0, 500),
    });
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; resolves once every event recorded before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const rows = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      try {
        if (this.insertMany && rows.length > 0) this.insertMany(rows);
        else
          for (let i = 0; i < rows.length; i += FLUSH_ROWS) {
            await this.db
              .insertInto("job_events")
              .values(rows.slice(i, i + FLUSH_ROWS))
              .execute();
          }
        await this.prune();
      } catch (err) {
        if (!this.closed) this.log.warn({ err }, "job timeline: could not write events");
      }
    });
    return this.writing;
  }

  private async prune(): Promise<void> {
    const wall = Date.now();
    if (wall - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = wall;
    await this.db
      .deleteFrom("job_events")
      .where("at", "<", this.clock.now() - EVENT_RETENTION_MS)
      .execute();
  }

  /** Drops what is buffered (state reset). */
  discard(): void {
    this.buffer = [];
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  /**
   * A job's timeline: its own events, plus its endpoint's worker events between its queueing and
   * its start (or now), which explain the wait.
   */
  async timeline(
    jobId: string,
    endpointId: string,
    queuedAt: number,
    until: number | null,
  ): Promise<JobEvent[]> {
    await this.flush();
    const own = await this.db
      .selectFrom("job_events")
      .selectAll()
      .where("job_id", "=", jobId)
      .execute();
    let q = this.db
      .selectFrom("job_events")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .where("job_id", "is", null)
      .where("at", ">=", queuedAt);
    if (until !== null) q = q.where("at", "<=", until);
    const workers = await q.orderBy("at").limit(200).execute();
    return [...own, ...workers]
      .sort((a, b) => Number(a.at) - Number(b.at) || Number(a.seq) - Number(b.seq))
      .map((r) => ({
        at: new Date(Number(r.at)).toISOString(),
        type: r.type as JobEventType,
        workerId: r.worker_id,
        detail: r.detail,
      }));
  }
}
