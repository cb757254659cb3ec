import { sql, type Kysely } from "kysely";
import type { Database } from "../../store/schema";
import { ACTIVE_JOB_PREDICATE } from "../../store/migrations-jobs";
import type { JobsTable } from "../../store/schema-jobs";

/** The `jobs_active` index's predicate, word for word (migration 062). */
const ACTIVE = sql.raw<boolean>(ACTIVE_JOB_PREDICATE);

/**
 * Read-only questions about jobs (due times, counts, queue statistics, listings): what the
 * scheduler, the scaler, `/health` and `/requests` ask. Transitions live in `JobsRepository`.
 */
export class JobsReads {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly dialect: "sqlite" | "postgres",
  ) {}

  async nextDue(column: "delete_at" | "timeout_at"): Promise<number | null> {
    const row = await this.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.min(column).as("due"))
      .executeTakeFirst();
    return row?.due === null || row?.due === undefined ? null : Number(row.due);
  }

  /** Whether a worker holds a running job (a read, so the common "no" costs no write). */
  async holdsJobs(workerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("jobs")
      .select("id")
      .where("worker_id", "=", workerId)
      .where("status", "=", "IN_PROGRESS")
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async runningOf(workerId: string): Promise<JobsTable[]> {
    return this.db
      .selectFrom("jobs")
      .selectAll()
      .where("worker_id", "=", workerId)
      .where("status", "=", "IN_PROGRESS")
      .execute();
  }

  /** Running job counts per worker of an endpoint. */
  async busyByWorker(endpointId: string): Promise<Map<string, number>> {
    const rows = await this.inStatus(endpointId, "IN_PROGRESS").select("worker_id").execute();
    const out = new Map<string, number>();
    for (const r of rows)
      if (r.worker_id !== null) out.set(r.worker_id, (out.get(r.worker_id) ?? 0) + 1);
    return out;
  }

  /**
   * The endpoint's jobs in one status, in queue order — the order of the `jobs_queue` index
   * (endpoint, status, seq), so PostgreSQL reads that index, and only those jobs. Without the order,
   * on statistics taken before a burst of submissions (the endpoint looked empty) it chose
   * `jobs_recent` (endpoint, created_at) and read every job of the endpoint to find the few
   * running ones: the scaler's questions, asked every second, grew with the queue (12 ms each at
   * 110,000 queued jobs).
   */
  inStatus(endpointId: string, status: "IN_QUEUE" | "IN_PROGRESS") {
    return this.db
      .selectFrom("jobs")
      .where("endpoint_id", "=", endpointId)
      .where("status", "=", status)
      .orderBy("seq");
  }

  /** Counts by status of the endpoint's retained jobs, and how many were requeued. */
  async counts(endpointId: string): Promise<{ byStatus: Record<string, number>; retried: number }> {
    const rows = await this.db
      .selectFrom("jobs")
      .select([
        "status",
        (eb) => eb.fn.countAll().as("n"),
        sql<number>`SUM(CASE WHEN retries > 0 THEN 1 ELSE 0 END)`.as("retried"),
      ])
      .where("endpoint_id", "=", endpointId)
      .groupBy("status")
      .execute();
    const byStatus: Record<string, number> = {};
    let retried = 0;
    for (const r of rows) {
      byStatus[r.status] = Number(r.n);
      retried += Number(r.retried ?? 0);
    }
    return { byStatus, retried };
  }

  /**
   * What the scaler needs: queued jobs that may trigger scaling (counted up to `cap`), the oldest
   * of them, running jobs (up to `cap`). Bounded, so a long queue does not make scaling O(queue).
   */
  async queueStats(
    endpointId: string,
    cap: number,
  ): Promise<{ eligible: number; oldest: number | null; inProgress: number }> {
    const limit = Math.max(1, Math.floor(cap));
    const eligible = await this.db
      .selectFrom(
        this.inStatus(endpointId, "IN_QUEUE")
          .select("queued_at")
          .where("low_priority", "=", 0)
          .limit(limit)
          .as("q"),
      )
      .select([(eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.min("q.queued_at").as("oldest")])
      .executeTakeFirst();
    const running = await this.db
      .selectFrom(this.inStatus(endpointId, "IN_PROGRESS").select("id").limit(limit).as("p"))
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return {
      eligible: Number(eligible?.n ?? 0),
      oldest:
        eligible?.oldest === null || eligible?.oldest === undefined
          ? null
          : Number(eligible.oldest),
      inProgress: Number(running?.n ?? 0),
    };
  }

  /**
   * Endpoints with queued or running jobs (the scaler's periodic sweep), from the `jobs_active`
   * partial index (live jobs only), not every retained job. The condition is the index's own
   * predicate, word for word; SQLite is told the index (without statistics its planner prefers
   * the covering `jobs_queue`, which holds every retained job), PostgreSQL's planner picks it.
   */
  async activeEndpointIds(): Promise<string[]> {
    const rows = await this.activeEndpointsQuery().execute(this.db);
    return rows.rows.map((r) => r.endpoint_id);
  }

  /** The sweep's query (its plan is tested). */
  activeEndpointsQuery() {
    const from = this.dialect === "sqlite" ? sql`jobs indexed by jobs_active` : sql`jobs`;
    return sql<{ endpoint_id: string }>`select distinct endpoint_id from ${from} where ${ACTIVE}`;
  }

  async recent(endpointId: string, limit: number, status?: string): Promise<JobsTable[]> {
    let q = this.db.selectFrom("jobs").selectAll().where("endpoint_id", "=", endpointId);
    if (status) q = q.where("status", "=", status);
    return q.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  }
}
