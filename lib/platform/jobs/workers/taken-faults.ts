import { workerLogKey } from "../../logs/log-hub";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { JobsTable } from "../../store/schema-jobs";
import type { JobEngine } from "../engine/engine";

/**
 * Faults an interceptor sets on jobs an external worker (the user's own process) just took: the
 * platform applies them on its side of the protocol, with the built-in workers' result. Called
 * only while `e.hooks.intercept.active`.
 *
 * - `fail`: the job ends FAILED with the fault's message before it is handed over (the handler
 *   never runs, as with a built-in worker).
 * - `timeout`: the job's execution timeout falls due now; the timeout path ends it TIMED_OUT and
 *   tells the worker to stop it on job-stop. It is not handed over either.
 * - `crash`: the worker dies mid-job: it is removed and every job it held goes back to the queue
 *   (worker-loss rules); the jobs it was already running are stopped through job-stop, and nothing
 *   of this take is handed over. Its later results for those jobs are ignored; a later request
 *   registers it again, as a restarted container.
 *
 * Answers the jobs to hand to the worker.
 */
export async function applyTakenFaults(
  e: JobEngine,
  endpoint: EndpointRecord,
  workerId: string,
  rows: JobsTable[],
): Promise<JobsTable[]> {
  const handed: JobsTable[] = [];
  const log = (line: string) => e.logs.append(workerLogKey(workerId), "system", line);
  for (const row of rows) {
    const fault = e.hooks.intercept.takenJobFault(endpoint, row.id);
    if (!fault) {
      handed.push(row);
      continue;
    }
    if (fault.kind === "fail") {
      log(`Job ${row.id}: injected fault job.fail.`);
      await e.protocol.complete(workerId, row.id, { error: fault.message });
    } else if (fault.kind === "timeout") {
      log(`Job ${row.id}: injected fault job.timeout.`);
      await e.jobs.timeOutNow(row.id);
    } else {
      log(`Job ${row.id}: injected fault worker.crash.`);
      await crashExternal(e, workerId, new Set(rows.map((r) => r.id)));
      return [];
    }
  }
  if (handed.length === 0 && (await e.repo.runningOf(workerId)).length === 0)
    await e.workers.markIdle(workerId, endpoint.id);
  return handed;
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
