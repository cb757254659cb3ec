import type { JobDoneBody } from "@/lib/schemas/jobs";
import { workerLogKey } from "../../logs/log-hub";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { JobsTable } from "../../store/schema-jobs";
import type { ClientSignal } from "../api/client-signal";
import type { JobEngine } from "../engine/engine";
import { applyTakenFaults } from "./taken-faults";

export interface WorkerResult {
  output?: unknown;
  error?: unknown;
  /** A generator finished (job-done `isStream=true`). */
  streamed?: boolean;
}

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/**
 * The platform side of the worker protocol (platform-notes §2, §8): job-take long-polls, job-done
 * with progress updates and errors, stream chunks, heartbeats and the stop channel. Built-in
 * workers use the same methods in-process.
 */
export class WorkerProtocol {
  constructor(private readonly e: JobEngine) {}

  /**
   * Holds until jobs are claimed for this worker or `holdMs` pass (null: answer 204). A job is never
   * handed to a request whose client went away: the dispatcher checks before and after claiming.
   */
  async take(
    endpoint: EndpointRecord,
    workerId: string,
    opts: { batch: number; jobInProgress: boolean; holdMs: number; signal: ClientSignal },
  ): Promise<JobsTable[] | null> {
    const { e } = this;
    await e.workers.touchExternal(endpoint, workerId, "take");
    // `job_in_progress=0` means the worker holds nothing: anything we think it holds was lost
    // (a result post that failed, a take answer that never arrived).
    if (!opts.jobInProgress && (await e.repo.holdsJobs(workerId)))
      await e.workers.recoverJobs(workerId);
    const release = e.workers.hold(workerId);
    try {
      const taken = await new Promise<JobsTable[] | null>((resolve) => {
        let settled = false;
        const finish = (rows: JobsTable[] | null) => {
          if (settled) return false;
          settled = true;
          clearTimeout(timer);
          opts.signal.removeEventListener("abort", onAbort);
          remove();
          resolve(rows);
          return true;
        };
        const onAbort = () => {
          if (finish(null)) e.workers.clientLeft(workerId);
        };
        const timer = setTimeout(() => finish(null), opts.holdMs);
        const remove = e.dispatcher.add(endpoint.id, {
          workerId,
          batch: opts.batch,
          gone: () => settled || opts.signal.aborted,
          deliver: (rows) => !opts.signal.aborted && finish(rows),
        });
        opts.signal.addEventListener("abort", onAbort);
        if (opts.signal.aborted) finish(null);
      });
      for (const row of taken ?? [])
        e.logs.append(workerLogKey(workerId), "system", `Job ${row.id} taken.`);
      // Intercepted job faults hit jobs of external workers too, on the platform's side.
      if (taken && e.hooks.intercept.active)
        return await applyTakenFaults(e, endpoint, workerId, taken);
      return taken;
    } finally {
      release();
    }
  }

  /** A worker's final result: `{output}` → COMPLETED, an `error` → FAILED. Undefined: not its running job any more. */
  async complete(
    workerId: string,
    jobId: string,
    result: WorkerResult,
  ): Promise<JobsTable | undefined> {
    const failed =
      result.error !== undefined &&
      result.error !== null &&
      result.error !== false &&
      result.error !== "";
    const row = await this.e.repo.finish(
      jobId,
      workerId,
      {
        status: failed ? "FAILED" : "COMPLETED",
        output: json(result.output),
        error: failed ? json(result.error) : null,
        streamed: result.streamed === true,
      },
      this.e.clock.now(),
    );
    if (row) {
      this.e.jobs.afterTerminal(row);
      this.e.logs.append(workerLogKey(workerId), "system", `Job ${jobId} done: ${row.status}.`);
    }
    return row;
  }

  /** job-done over HTTP (external workers). */
  async done(
    endpoint: EndpointRecord,
    workerId: string,
    jobId: string,
    body: JobDoneBody,
    isStream: boolean,
  ): Promise<string> {
    const { e } = this;
    await e.workers.touchExternal(endpoint, workerId, "post");
    if (body.status === "IN_PROGRESS") {
      return (await this.progress(workerId, jobId, body.output)) ? "progress" : "ignored";
    }
    const row = await this.complete(workerId, jobId, {
      output: body.output,
      error: body.error,
      streamed: isStream,
    });
    if (!row) return "ignored";
    if (body.stopPod === true) {
      // refresh_worker: the worker process exits after this post; a new one registers on its own.
      await e.workers.remove(workerId, "refresh requested");
    } else if ((await e.repo.runningOf(workerId)).length === 0) {
      await e.workers.markIdle(workerId, endpoint.id);
    }
    return "completed";
  }

  async progress(workerId: string, jobId: string, output: unknown): Promise<boolean> {
    const row = await this.e.repo.progress(jobId, workerId, json(output));
    if (row) {
      this.e.hooks.emit({ endpointId: row.endpoint_id, jobId, type: "progress", workerId });
      this.e.signals.emit("job", jobId);
    }
    return row !== undefined;
  }

  async appendChunk(workerId: string, jobId: string, output: unknown): Promise<boolean> {
    const ok = await this.e.repo.appendChunk(jobId, workerId, JSON.stringify(output ?? null));
    if (ok) {
      // A job's own events are read by job id; the endpoint id is informative only.
      const endpointId = this.e.workers.runner(workerId)?.endpoint.id ?? "";
      this.e.hooks.emit({ endpointId, jobId, type: "stream.chunk", workerId });
      this.e.signals.emit("job", jobId);
    }
    return ok;
  }

  /**
   * Heartbeat. `jobIds` lists what the worker runs (null when the client does not report it). A job
   * we think it runs, missing from the list for longer than one ping period, was lost.
   */
  async ping(
    endpoint: EndpointRecord,
    workerId: string,
    jobIds: string[] | null,
    unhealthy: boolean,
  ): Promise<void> {
    const { e } = this;
    await e.workers.touchExternal(endpoint, workerId, "ping", unhealthy ? "UNHEALTHY" : "READY");
    if (jobIds === null) return;
    const grace = e.clock.now() - e.config.pingIntervalMs;
    const held = await e.repo.runningOf(workerId);
    const missing = held
      .filter(
        (j) => !jobIds.includes(j.id) && j.started_at !== null && Number(j.started_at) < grace,
      )
      .map((j) => j.id);
    if (missing.length > 0) {
      e.log.info(
        { worker: workerId, jobs: missing },
        "worker no longer reports jobs it took; recovering them",
      );
      await e.workers.recoverJobs(workerId, missing);
    }
  }

  /** job-stop long-poll: the ids of jobs this worker must stop, each delivered once. */
  async stops(
    endpoint: EndpointRecord,
    workerId: string,
    holdMs: number,
    signal: ClientSignal,
  ): Promise<string[]> {
    const { e } = this;
    await e.workers.touchExternal(endpoint, workerId, "stop");
    const now = await e.workers.takeStops(workerId);
    if (now.length > 0 || holdMs <= 0) return now;
    const release = e.workers.hold(workerId);
    try {
      await new Promise<void>((resolve) => {
        const cleanups: (() => void)[] = [];
        const done = () => {
          cleanups.forEach((c) => c());
          resolve();
        };
        cleanups.push(e.signals.on("stop", workerId, done));
        const timer = setTimeout(done, holdMs);
        cleanups.push(() => clearTimeout(timer));
        if (e.dialect === "postgres") {
          const poll = setInterval(() => {
            void e.db
              .selectFrom("worker_signals")
              .select("job_id")
              .where("worker_id", "=", workerId)
              .limit(1)
              .executeTakeFirst()
              .then(
                (r) => r && done(),
                () => undefined,
              );
          }, 1000);
          cleanups.push(() => clearInterval(poll));
        }
        signal.addEventListener("abort", done);
        cleanups.push(() => signal.removeEventListener("abort", done));
      });
    } finally {
      release();
    }
    if (signal.aborted) {
      e.workers.clientLeft(workerId);
      return [];
    }
    return e.workers.takeStops(workerId);
  }
}
