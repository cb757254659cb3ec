import type { JobEventType } from "@/lib/schemas/devtools";
import {
  JOB_POLICY_BOUNDS,
  isTerminalJobStatus,
  type EndpointHealth,
  type JobRequest,
} from "@/lib/schemas/jobs";
import { problem, problems } from "../../http/problem";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { JobsTable } from "../../store/schema-jobs";
import type { ClientSignal } from "../api/client-signal";
import type { JobEngine } from "./engine";
import { parseJson, type JobStatusRow } from "../store/job-mapper";
import { WEBHOOK_STATUSES as WEBHOOK_ENDS } from "./webhooks";

const WEBHOOK_STATUSES = new Set(WEBHOOK_ENDS);

const TERMINAL_EVENT: Record<string, JobEventType> = {
  COMPLETED: "completed",
  FAILED: "failed",
  TIMED_OUT: "timed_out",
  CANCELLED: "cancelled",
};

/**
 * The job state machine seen from the job API: submit, read, wait, stream, cancel, retry, purge.
 * Transitions are single conditional statements in the repository; this class applies their side
 * effects (wake waiters, stop the worker, schedule webhooks and deletions).
 */
export class JobsService {
  constructor(private readonly e: JobEngine) {}

  async submit(endpoint: EndpointRecord, body: JobRequest, sync: boolean): Promise<JobsTable> {
    const { repo, clock, ids } = this.e;
    const now = clock.now();
    const ttl = body.policy?.ttl ?? JOB_POLICY_BOUNDS.ttl.default;
    const lowPriority = body.policy?.lowPriority === true;
    const row: JobsTable = {
      id: ids.next(sync ? "syncJob" : "job"),
      account_id: endpoint.accountId,
      endpoint_id: endpoint.id,
      status: "IN_QUEUE",
      sync: sync ? 1 : 0,
      input: JSON.stringify(body.input),
      webhook: body.webhook ?? null,
      // Bucket credentials are the caller's secret: stored sealed, opened only for the worker.
      s3_config: body.s3Config ? this.e.secrets.seal(JSON.stringify(body.s3Config)) : null,
      execution_timeout: body.policy?.executionTimeout ?? null,
      ttl,
      low_priority: lowPriority ? 1 : 0,
      seq: repo.nextSeq(now),
      created_at: now,
      queued_at: now,
      started_at: null,
      completed_at: null,
      worker_id: null,
      timeout_at: null,
      expires_at: now + ttl,
      delete_at: now + ttl,
      result_ttl: null,
      output: null,
      error: null,
      retries: 0,
      losses: 0,
      stream_seq: 0,
      streamed: 0,
      stream_final_sent: 0,
    };
    // Before the job exists: an acknowledged job with a webhook always has its delivery reserved.
    await this.e.webhooks.reserve(row);
    // A worker waiting here and nothing older queued: the job is stored already taken by that
    // worker — on PostgreSQL one round trip instead of an insert and then a claim; on the embedded
    // store no claim statement (the costliest statement of a job there: it rewrites three indexes
    // of a row written in the same commit) and no queue signal.
    const direct = this.e.dispatcher.directWaiter(endpoint.id);
    if (direct) {
      row.status = "IN_PROGRESS";
      row.worker_id = direct.workerId;
      row.started_at = now;
      row.timeout_at = now + (row.execution_timeout ?? endpoint.timeout);
    }
    const inserted = repo.insert(row);
    this.e.hooks.emit({
      endpointId: endpoint.id,
      jobId: row.id,
      type: "queued",
      detail: lowPriority ? "low priority" : null,
    });
    // Embedded store: the insert is queued for the next group commit; signalling now lets a waiting
    // worker's claim join the same commit (it runs after the insert). PostgreSQL: only once committed.
    if (this.e.fast && !direct) this.e.signals.emit("queue", endpoint.id);
    if (direct) {
      try {
        await inserted;
      } catch (err) {
        this.e.dispatcher.giveBack(endpoint.id, direct);
        throw err;
      }
      // A copy: the worker's side must not change what the caller is answered.
      void this.e.dispatcher.handOver(direct, { ...row }).catch((err: unknown) => {
        this.e.log.error({ err, job: row.id }, "handing a new job to its worker failed");
      });
    } else await inserted;
    this.e.scheduler.hint("jobs.expiry", row.delete_at);
    if (!this.e.fast && !direct) this.e.signals.emit("queue", endpoint.id);
    // Seed: a low-priority job never triggers scaling.
    if (!lowPriority) this.e.signals.emit("scale", endpoint.id);
    return row;
  }

  /** The endpoint's job, or 404 (unknown, another endpoint's, or deleted by ttl/retention). */
  async get(endpoint: EndpointRecord, id: string): Promise<JobsTable> {
    return this.visible(endpoint, await this.e.repo.get(id));
  }

  /** The endpoint's job while it is retained; another endpoint's or a deleted one is not found. */
  private visible<R extends JobStatusRow>(endpoint: EndpointRecord, row: R | undefined): R {
    if (!row || row.endpoint_id !== endpoint.id || Number(row.delete_at) <= this.e.clock.now()) {
      throw problems.notFound("job");
    }
    return row;
  }

  async status(endpoint: EndpointRecord, id: string, ttl?: number): Promise<JobStatusRow> {
    if (ttl === undefined) return this.visible(endpoint, await this.e.repo.getForStatus(id));
    await this.get(endpoint, id);
    const shortened = await this.e.repo.shortenRetention(id, ttl, this.e.clock.now());
    if (shortened) this.e.scheduler.hint("jobs.expiry", Number(shortened.delete_at));
    return shortened ?? (await this.get(endpoint, id));
  }

  /**
   * Holds until `done(row)` or `waitMs` elapse on the platform clock (or in real time, whichever
   * first: a frozen manual clock must not hold an HTTP request forever), or the client leaves.
   * Answers the job as it stands then; undefined when it was deleted meanwhile.
   */
  async waitFor(
    endpoint: EndpointRecord,
    id: string,
    waitMs: number,
    signal: ClientSignal,
    done: (row: JobsTable) => boolean,
    /** The row as the caller just read or wrote it: the first check needs no read. */
    known?: JobsTable,
  ): Promise<JobsTable | undefined> {
    const { signals, scheduler, clock, repo } = this.e;
    return new Promise<JobsTable | undefined>((resolve, reject) => {
      let settled = false;
      let checking = false;
      let recheck = false;
      const cleanups: (() => void)[] = [];
      const finish = (row: JobsTable | undefined) => {
        if (settled) return;
        settled = true;
        cleanups.forEach((c) => c());
        resolve(row);
      };
      let first = known;
      const current = async () => {
        const row = first ?? repo.takeJustFinished(id) ?? (await repo.get(id));
        first = undefined;
        return row && row.endpoint_id === endpoint.id && Number(row.delete_at) > clock.now()
          ? row
          : undefined;
      };
      const check = async () => {
        if (settled) return;
        if (checking) {
          recheck = true;
          return;
        }
        checking = true;
        try {
          do {
            recheck = false;
            const row = await current();
            if (!row || done(row)) return finish(row);
          } while (recheck && !settled);
        } catch (err) {
          settled = true;
          cleanups.forEach((c) => c());
          reject(err);
        } finally {
          checking = false;
        }
      };
      const timeUp = () => void current().then(finish, reject);
      cleanups.push(signals.on("job", id, () => void check()));
      cleanups.push(scheduler.at(clock.now() + waitMs, timeUp));
      const real = setTimeout(timeUp, waitMs);
      cleanups.push(() => clearTimeout(real));
      if (this.e.dialect === "postgres") {
        // Safety net for a lost NOTIFY from another instance.
        const poll = setInterval(() => void check(), 1000);
        cleanups.push(() => clearInterval(poll));
      }
      const onAbort = () => finish(undefined);
      signal.addEventListener("abort", onAbort);
      cleanups.push(() => signal.removeEventListener("abort", onAbort));
      void check();
    });
  }

  /**
   * `/stream`: chunks not delivered before (each exactly once), holding until there are some or the
   * job ends. A job that never streamed hands its final output as one chunk when it completes.
   */
  async stream(
    endpoint: EndpointRecord,
    id: string,
    holdMs: number,
    signal: ClientSignal,
  ): Promise<{ row: JobsTable; chunks: unknown[] }> {
    const { repo } = this.e;
    const take = async (row: JobsTable): Promise<unknown[]> => {
      // Status first, chunks second: a terminal status guarantees every chunk is already stored.
      const chunks = (await repo.takeChunks(id)).map((c) => parseJson(c.output));
      if (
        chunks.length === 0 &&
        row.status === "COMPLETED" &&
        row.streamed === 0 &&
        (await repo.takeFinalOutput(id))
      ) {
        chunks.push(parseJson(row.output) ?? null);
      }
      return chunks;
    };
    let row = await this.get(endpoint, id);
    let chunks = await take(row);
    if (chunks.length > 0 || isTerminalJobStatus(row.status) || holdMs <= 0) return { row, chunks };
    const deadline = Date.now() + holdMs;
    while (chunks.length === 0 && !isTerminalJobStatus(row.status) && !signal.aborted) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const next = await this.waitFor(
        endpoint,
        id,
        left,
        signal,
        (r) => isTerminalJobStatus(r.status) || r.stream_seq > row.stream_seq,
      );
      if (!next) {
        if (signal.aborted) break;
        throw problems.notFound("job");
      }
      row = next;
      chunks = await take(row);
    }
    return { row, chunks };
  }

  async cancel(endpoint: EndpointRecord, id: string): Promise<JobsTable> {
    const before = await this.get(endpoint, id);
    const row = await this.e.repo.cancel(id, this.e.clock.now());
    // Already terminal: cancel changes nothing and answers the job as it is.
    if (!row) return this.get(endpoint, before.id);
    if (row.worker_id !== null && row.started_at !== null) {
      await this.e.workers.signalStop(row.worker_id, row.id, "cancelled");
    }
    this.afterTerminal(row);
    return row;
  }

  async retry(endpoint: EndpointRecord, id: string): Promise<JobsTable> {
    const before = await this.get(endpoint, id);
    const row = await this.e.repo.retry(id, this.e.clock.now());
    if (!row) {
      throw problem(
        400,
        `job ${id} is ${before.status}; only FAILED or TIMED_OUT jobs can be retried`,
      );
    }
    // Its next end calls the webhook again: reserved like at submit (a crash before this line
    // loses only that second call, which the old behaviour queued after the end anyway).
    await this.e.webhooks.reserve(row);
    this.e.scheduler.hint("jobs.expiry", Number(row.delete_at));
    this.e.hooks.emit({ endpointId: endpoint.id, jobId: id, type: "queued", detail: "retried" });
    this.e.signals.emit("job", id);
    this.e.signals.emit("queue", endpoint.id);
    if (row.low_priority === 0) this.e.signals.emit("scale", endpoint.id);
    return row;
  }

  async purge(endpoint: EndpointRecord): Promise<number> {
    const rows = await this.e.repo.purge(endpoint.id, this.e.clock.now());
    for (const row of rows) this.afterTerminal(row);
    return rows.length;
  }

  async health(endpoint: EndpointRecord): Promise<EndpointHealth> {
    const { byStatus, retried } = await this.e.repo.counts(endpoint.id);
    const workers = await this.e.workers.summary(endpoint.id);
    return {
      jobs: {
        completed: byStatus.COMPLETED ?? 0,
        failed: (byStatus.FAILED ?? 0) + (byStatus.TIMED_OUT ?? 0),
        inProgress: byStatus.IN_PROGRESS ?? 0,
        inQueue: byStatus.IN_QUEUE ?? 0,
        retried,
      },
      workers: {
        idle: workers.idle,
        initializing: workers.initializing,
        ready: workers.idle + workers.running,
        running: workers.running,
        throttled: workers.throttled,
        unhealthy: workers.unhealthy,
      },
    };
  }

  /**
   * Side effects of any terminal transition, whoever made it: wake waiters, schedule the deletion,
   * queue the webhook, let the scaler see the freed capacity.
   */
  afterTerminal(row: JobsTable): void {
    this.emitTerminal(row);
    this.e.signals.emit("job", row.id);
    this.e.scheduler.hint("jobs.expiry", Number(row.delete_at));
    if (row.webhook && WEBHOOK_STATUSES.has(row.status)) {
      void this.e.scheduler
        .run(() => this.e.webhooks.enqueue(row))
        .catch((err: unknown) =>
          this.e.log.error({ err, job: row.id }, "could not queue the webhook"),
        );
    }
    this.e.signals.emit("scale", row.endpoint_id);
  }

  /** The terminal step in the job's timeline, with the error as its detail. */
  private emitTerminal(row: JobsTable): void {
    const type = TERMINAL_EVENT[row.status];
    if (!type) return;
    let detail: string | null = null;
    if (row.error !== null && row.status !== "COMPLETED") {
      try {
        const parsed: unknown = JSON.parse(row.error);
        detail = typeof parsed === "string" ? parsed : row.error;
      } catch {
        detail = row.error;
      }
    }
    this.e.hooks.emit({
      endpointId: row.endpoint_id,
      jobId: row.id,
      type,
      workerId: row.worker_id,
      detail,
      timing: {
        queuedAt: Number(row.queued_at),
        startedAt: row.started_at === null ? null : Number(row.started_at),
        completedAt: row.completed_at === null ? null : Number(row.completed_at),
      },
    });
  }

  /** A running job's execution timeout falls due now (the timeout source will end it). */
  private async dueNow(jobId: string): Promise<number> {
    const now = this.e.clock.now();
    await this.e.db
      .updateTable("jobs")
      .set({ timeout_at: now })
      .where("id", "=", jobId)
      .where("status", "=", "IN_PROGRESS")
      .execute();
    return now;
  }

  /** The job's execution timeout is due now: it ends TIMED_OUT and its worker is told to stop. */
  async timeOutNow(jobId: string): Promise<void> {
    await this.fireTimeouts(await this.dueNow(jobId));
  }

  /**
   * A built-in worker hangs on its job until the timeout ends it TIMED_OUT and tells the worker to
   * stop (which aborts `signal`).
   */
  async hangUntilTimedOut(jobId: string, signal: AbortSignal): Promise<void> {
    this.e.scheduler.hint("jobs.timeout", await this.dueNow(jobId));
    // Sleeping (not busy) lets `settle()` fire the timeout that wakes it.
    while (!signal.aborted) await this.e.scheduler.sleep(24 * 3600 * 1000, signal);
  }

  /** Timer source: running jobs past their execution timeout become TIMED_OUT and their worker is told to stop. */
  async fireTimeouts(now: number): Promise<void> {
    for (;;) {
      const rows = await this.e.repo.timeOut(now);
      for (const row of rows) {
        if (row.worker_id) await this.e.workers.signalStop(row.worker_id, row.id, "timed out");
        this.afterTerminal(row);
      }
      if (rows.length < 500) return;
      await leaveToRequests(0);
    }
  }

  /** Timer source: ttl and retention delete jobs in any state; a running one's worker is told to stop. */
  async fireExpiry(now: number): Promise<void> {
    for (;;) {
      const started = performance.now();
      const rows = await this.e.repo.expire(now, EXPIRE_BATCH);
      for (const row of rows) {
        this.e.hooks.emit({
          endpointId: row.endpoint_id,
          jobId: row.id,
          type: "expired",
          detail: row.status,
        });
        if (row.status === "IN_PROGRESS" && row.worker_id)
          await this.e.workers.signalStop(row.worker_id, row.id, "ttl expired");
        this.e.signals.emit("job", row.id);
        if (row.status === "IN_QUEUE" || row.status === "IN_PROGRESS")
          this.e.signals.emit("scale", row.endpoint_id);
      }
      if (rows.length < EXPIRE_BATCH) return;
      // A backlog (a million jobs due at once) is deleted batch by batch, and requests keep two
      // thirds of the time: on the embedded store a batch holds the event loop while it runs (on
      // PostgreSQL it holds the server's cores, shared with the requests' statements), so after
      // each one the platform serves only requests for twice as long as the batch took.
      await leaveToRequests(2 * (performance.now() - started));
    }
  }
}

/**
 * Jobs deleted per expiry batch: small enough that a batch holds the embedded store's event loop
 * only a few milliseconds, large enough to delete tens of thousands of jobs a second.
 */
const EXPIRE_BATCH = 250;

/** Real time for pending I/O (requests) between batches of timer work: `ms`, at least one turn. */
function leaveToRequests(ms: number): Promise<void> {
  return new Promise((resolve) => (ms >= 1 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}
