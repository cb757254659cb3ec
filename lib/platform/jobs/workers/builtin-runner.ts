import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import { workerLogKey } from "../../logs/log-hub";
import type { JobsTable } from "../../store/schema-jobs";
import type { BuiltinImage, BuiltinJobResult } from "../../workers/builtin-image";
import type { JobEngine } from "../engine/engine";
import { parseJson } from "../store/job-mapper";

/** The worker runtime version built-in workers announce (the mock image's, platform-notes §8). */
const RUNTIME_VERSION = "1.12.0";

/**
 * One built-in worker living in this process: boots (cold start on the platform clock), then takes
 * jobs one at a time through the same dispatcher and job-done path as an external worker.
 */
export class BuiltinRunner {
  private state: "booting" | "ready" | "stopped" = "booting";
  private removeWaiter: (() => void) | null = null;
  private cancelBoot: (() => void) | null = null;
  private current: { jobId: string; abort: AbortController } | null = null;
  /** Since when the worker is idle (platform clock); the store's copy may lag on the embedded store. */
  idleSince: number | null = null;

  constructor(
    private readonly e: JobEngine,
    readonly id: string,
    readonly endpoint: EndpointRecord,
    readonly image: BuiltinImage,
  ) {}

  get stopped(): boolean {
    return this.state === "stopped";
  }

  get busy(): boolean {
    return this.current !== null;
  }

  /** Cold start: the worker becomes ready at `readyAt` (platform clock). */
  boot(readyAt: number): void {
    this.cancelBoot = this.e.scheduler.at(readyAt, () => {
      this.cancelBoot = null;
      void this.e.scheduler
        .run(() => this.becomeReady())
        .catch((err: unknown) => this.e.log.error({ err, worker: this.id }, "worker boot failed"));
    });
  }

  private async becomeReady(): Promise<void> {
    if (this.state !== "booting") return;
    const ok = await this.e.workers.markReady(this.id);
    if (!ok) return this.stop();
    this.e.hooks.emit({
      endpointId: this.endpoint.id,
      jobId: null,
      type: "coldstart.ended",
      workerId: this.id,
    });
    this.state = "ready";
    this.idleSince = this.e.clock.now();
    this.log("system", "Cold start done: worker ready.");
    this.log("container", `--- Starting Serverless Worker |  Version ${RUNTIME_VERSION} ---`);
    // Load-balancer workers serve HTTP; only queue workers take jobs.
    if (this.endpoint.type === "QUEUE") this.waitForJob();
    this.e.signals.emit("scale", this.endpoint.id);
  }

  private waitForJob(): void {
    if (this.state !== "ready" || this.removeWaiter) return;
    this.removeWaiter = this.e.dispatcher.add(this.endpoint.id, {
      workerId: this.id,
      batch: 1,
      gone: () => this.state !== "ready" || this.current !== null,
      deliver: (rows) => {
        this.removeWaiter = null;
        const row = rows[0];
        if (!row || this.state !== "ready") return false;
        this.current = { jobId: row.id, abort: new AbortController() };
        void this.e.scheduler
          .run(() => this.execute(row))
          .catch((err: unknown) =>
            this.e.log.error({ err, worker: this.id, job: row.id }, "built-in job failed"),
          );
        return true;
      },
    });
  }

  private async execute(row: JobsTable): Promise<void> {
    const abort = this.current!.abort;
    const { e } = this;
    e.hooks.emit({
      endpointId: this.endpoint.id,
      jobId: row.id,
      type: "worker.assigned",
      workerId: this.id,
    });
    e.hooks.emit({
      endpointId: this.endpoint.id,
      jobId: row.id,
      type: "started",
      workerId: this.id,
    });
    this.log("system", `Job ${row.id} taken.`);
    this.log("container", `INFO   | ${row.id} | Started.`);
    const { intercept } = e.hooks;
    const fault = intercept.active ? intercept.takenJobFault(this.endpoint, row.id) : undefined;
    let result: BuiltinJobResult;
    try {
      if (fault?.kind === "timeout") {
        await e.jobs.hangUntilTimedOut(row.id, abort.signal);
        result = { kind: "error", error: "timed out" };
      } else if (fault) {
        result =
          fault.kind === "fail" ? { kind: "error", error: fault.message } : { kind: "crash" };
      } else
        result = await this.image.runJob(
          {
            id: row.id,
            input: parseJson(row.input),
            s3Config: row.s3_config === null ? undefined : parseJson(e.secrets.open(row.s3_config)),
            workerId: this.id,
            signal: abort.signal,
            now: () => e.clock.now(),
            sleep: (ms) => e.scheduler.sleep(ms, abort.signal),
            progress: async (output) => {
              if (!abort.signal.aborted) await e.protocol.progress(this.id, row.id, output);
            },
            stream: async (output) => {
              if (!abort.signal.aborted) await e.protocol.appendChunk(this.id, row.id, output);
            },
          },
          { args: this.endpoint.args, env: this.endpoint.env },
        );
    } catch (err) {
      result = { kind: "error", error: err instanceof Error ? err.message : String(err) };
    }
    this.current = null;
    this.logResult(row.id, result, abort.signal.aborted);
    if (this.state === "stopped") return;
    if (abort.signal.aborted) {
      // Cancelled or timed out: the platform already set the final status; nothing is posted.
      return this.idleAndWait();
    }
    switch (result.kind) {
      case "crash":
        // The container died: the host notices at once, the job goes back to the queue.
        await e.workers.remove(this.id, "crashed");
        return;
      case "lost":
        // The result post failed; the next heartbeat no longer lists the job and the platform recovers it.
        e.scheduler.at(e.clock.now() + e.config.pingIntervalMs, () => {
          void e.scheduler.run(() => e.workers.recoverJobs(this.id, [row.id]));
        });
        break;
      case "error":
      case "output": {
        const done = e.protocol.complete(
          this.id,
          row.id,
          result.kind === "error"
            ? { error: result.error, output: result.output }
            : { output: result.output, streamed: result.streamed === true },
        );
        if (result.kind === "output" && result.stopPod) {
          await done;
          await e.workers.remove(this.id, "refresh requested");
          return;
        }
        // Ask for the next job before the result is committed: on the embedded store both land in
        // one group commit, in order (result first).
        this.idleAndWait();
        await done;
        return;
      }
    }
    this.idleAndWait();
  }

  private log(source: "system" | "container", line: string): void {
    this.e.logs.append(workerLogKey(this.id), source, line);
  }

  /** The runtime's own lines for a finished handler (what its container would print). */
  private logResult(jobId: string, result: BuiltinJobResult, aborted: boolean): void {
    if (aborted) return this.log("container", `INFO   | ${jobId} | Stopped by the platform.`);
    if (result.kind === "crash")
      return this.log("container", "Worker process exited unexpectedly.");
    if (result.kind === "error") {
      const message =
        typeof result.error === "string" ? result.error : JSON.stringify(result.error);
      this.log(
        "container",
        `ERROR  | ${jobId} | Captured Handler Exception: ${message.slice(0, 500)}`,
      );
    }
    this.log("container", `INFO   | ${jobId} | Finished.`);
  }

  /** Records the idle time without waiting for the write: the next job need not wait for it. */
  private idleAndWait(): void {
    void this.e.scheduler
      .run(() => this.e.workers.markIdle(this.id, this.endpoint.id))
      .catch((err: unknown) => {
        if (!this.stopped)
          this.e.log.error({ err, worker: this.id }, "could not record an idle worker");
      });
    this.waitForJob();
  }

  /** The platform stopped this job (cancel, timeout, ttl): abort the handler. */
  stopJob(jobId: string): boolean {
    if (this.current?.jobId !== jobId) return false;
    this.current.abort.abort();
    return true;
  }

  currentJobId(): string | null {
    return this.current?.jobId ?? null;
  }

  stop(): void {
    if (this.state === "stopped") return;
    this.state = "stopped";
    this.cancelBoot?.();
    this.removeWaiter?.();
    this.removeWaiter = null;
    this.current?.abort.abort();
  }
}
