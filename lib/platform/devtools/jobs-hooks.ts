import type { JobEventType, JobOperation } from "@/lib/schemas/devtools";
import { JobOperation as JobOperationSchema } from "@/lib/schemas/devtools";
import { problem } from "../http/problem";
import type { JobEngine } from "../jobs/engine/engine";
import type { EndpointRecord } from "../management/endpoints/endpoint-record";
import type { JobsTable } from "../store/schema-jobs";
import { workerLogKey } from "../logs/log-hub";

const TERMINAL_EVENT: Record<string, JobEventType> = {
  COMPLETED: "completed",
  FAILED: "failed",
  TIMED_OUT: "timed_out",
  CANCELLED: "cancelled",
};

/** Wires the fault service into the engine's scheduler (duration faults end on the platform clock). */
export function installDevtoolsHooks(e: JobEngine): void {
  const { faults } = e.devtools;
  e.scheduler.addSource({
    name: "devtools.faults",
    nextDue: () => Promise.resolve(faults.nextDue()),
    fire: (now) => faults.expire(now),
  });
  faults.onDue = (due) => e.scheduler.hint("devtools.faults", due);
  // Capacity came back: every endpoint with THROTTLED workers gets another look.
  faults.onCapacityRestored = () => void e.scheduler.run(() => e.scaler.poll());
}

/** `job.rate-limit`: the job operation answers 429 while the fault lasts. */
export function rateLimitFault(
  e: JobEngine,
  endpoint: EndpointRecord,
  op: string | undefined,
): void {
  const parsed = JobOperationSchema.safeParse(op);
  if (!parsed.success) return;
  const operation: JobOperation = parsed.data;
  const hit = e.devtools.faults.take(
    "job.rate-limit",
    { accountId: endpoint.accountId, endpointId: endpoint.id },
    (f) => f.operation === null || f.operation === operation,
  );
  if (hit) {
    throw problem(429, `injected fault: job.rate-limit on ${operation}`, undefined, {
      "Retry-After": "1",
    });
  }
}

/** A terminal transition in the job's timeline. */
export function traceTerminal(e: JobEngine, row: JobsTable): void {
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
  e.devtools.trace.record(row.endpoint_id, row.id, type, row.worker_id, detail);
}

/** Cold start length for a new built-in worker: a `coldstart.slow` fault's, else the configured one. */
export function coldStartMs(e: JobEngine, endpoint: EndpointRecord, configured: number): number {
  if (e.devtools.faults.size === 0) return configured;
  const hit = e.devtools.faults.take("coldstart.slow", {
    accountId: endpoint.accountId,
    endpointId: endpoint.id,
  });
  return hit?.coldStartSeconds != null ? Math.round(hit.coldStartSeconds * 1000) : configured;
}

export type InjectedJobFault =
  { kind: "fail"; message: string } | { kind: "timeout" } | { kind: "crash" } | undefined;

/**
 * What a worker does with the job it just took: run it, or what a fault says. Built-in and external
 * workers both ask here, once per job they take, so a fault's count is used up by whichever serves.
 */
export function jobFault(e: JobEngine, endpoint: EndpointRecord, jobId: string): InjectedJobFault {
  const { faults, trace } = e.devtools;
  if (faults.size === 0) return undefined;
  const target = { accountId: endpoint.accountId, endpointId: endpoint.id };
  const fail = faults.take("job.fail", target);
  if (fail) {
    trace.record(endpoint.id, jobId, "fault", null, "job.fail");
    return { kind: "fail", message: fail.message ?? "injected fault" };
  }
  if (faults.take("job.timeout", target)) {
    trace.record(endpoint.id, jobId, "fault", null, "job.timeout");
    return { kind: "timeout" };
  }
  if (faults.take("worker.crash", target)) {
    trace.record(endpoint.id, jobId, "fault", null, "worker.crash");
    return { kind: "crash" };
  }
  return undefined;
}

/**
 * `job.timeout`: the job's execution timeout is due now; the timeout source ends it TIMED_OUT and
 * tells the worker to stop (which aborts `signal`). Resolves once that happened.
 */
export async function hangUntilTimedOut(
  e: JobEngine,
  jobId: string,
  signal: AbortSignal,
): Promise<void> {
  const now = e.clock.now();
  await e.db
    .updateTable("jobs")
    .set({ timeout_at: now })
    .where("id", "=", jobId)
    .where("status", "=", "IN_PROGRESS")
    .execute();
  e.scheduler.hint("jobs.timeout", now);
  // Sleeping (not busy) lets `settle()` fire the timeout that wakes it.
  while (!signal.aborted) await e.scheduler.sleep(24 * 3600 * 1000, signal);
}

/**
 * Job faults for jobs an external worker (the user's own process) just took: the platform applies
 * them on its side of the protocol, with the built-in workers' result.
 *
 * - `job.fail`: the job ends FAILED with the fault's message before it is handed over (the handler
 *   never runs, as with a built-in worker).
 * - `job.timeout`: the job's execution timeout falls due now; the timeout path ends it TIMED_OUT
 *   and tells the worker to stop it on job-stop. It is not handed over either.
 * - `worker.crash`: the worker dies mid-job: it is removed and every job it held goes back to the
 *   queue (worker-loss rules); the jobs it was already running are stopped through job-stop, and
 *   nothing of this take is handed over. Its later results for those jobs are ignored; a later
 *   request registers it again, as a restarted container.
 *
 * Answers the jobs to hand to the worker.
 */
export async function externalJobFaults(
  e: JobEngine,
  endpoint: EndpointRecord,
  workerId: string,
  rows: JobsTable[],
): Promise<JobsTable[]> {
  if (e.devtools.faults.size === 0) return rows;
  const handed: JobsTable[] = [];
  for (const row of rows) {
    const fault = jobFault(e, endpoint, row.id);
    if (!fault) {
      handed.push(row);
      continue;
    }
    if (fault.kind === "fail") {
      e.logs.append(workerLogKey(workerId), "system", `Job ${row.id}: injected fault job.fail.`);
      await e.protocol.complete(workerId, row.id, { error: fault.message });
    } else if (fault.kind === "timeout") {
      e.logs.append(workerLogKey(workerId), "system", `Job ${row.id}: injected fault job.timeout.`);
      await timeOutNow(e, row.id);
    } else {
      e.logs.append(
        workerLogKey(workerId),
        "system",
        `Job ${row.id}: injected fault worker.crash.`,
      );
      await crashExternal(e, workerId, new Set(rows.map((r) => r.id)));
      return [];
    }
  }
  if (handed.length === 0 && (await e.repo.runningOf(workerId)).length === 0)
    await e.workers.markIdle(workerId, endpoint.id);
  return handed;
}

/** The job's execution timeout is due now: the timeout path ends it and tells its worker to stop. */
async function timeOutNow(e: JobEngine, jobId: string): Promise<void> {
  const now = e.clock.now();
  await e.db
    .updateTable("jobs")
    .set({ timeout_at: now })
    .where("id", "=", jobId)
    .where("status", "=", "IN_PROGRESS")
    .execute();
  await e.jobs.fireTimeouts(now);
}

/** An external worker crashes: removed, its jobs requeued, the ones it was running stopped. */
async function crashExternal(
  e: JobEngine,
  workerId: string,
  notHanded: Set<string>,
): Promise<void> {
  const running = (await e.repo.runningOf(workerId))
    .map((j) => j.id)
    .filter((id) => !notHanded.has(id));
  await e.workers.remove(workerId, "crashed");
  // The process went down with its handlers: they end without posting anything.
  for (const id of running) await e.workers.signalStop(workerId, id, "worker crashed");
}

/** `webhook.down`: the delivery fails as if the receiver answered 503 (the receiver is not called). */
export function webhookDown(
  e: JobEngine,
  d: { account_id: string; endpoint_id: string; url: string },
): boolean {
  if (e.devtools.faults.size === 0) return false;
  return (
    e.devtools.faults.take(
      "webhook.down",
      { accountId: d.account_id, endpointId: d.endpoint_id },
      (f) => f.url === null || d.url.includes(f.url),
    ) !== undefined
  );
}
