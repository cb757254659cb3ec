import { randomUUID } from "node:crypto";
import {
  RUNTIME_VERSION,
  doneUrl,
  exceptionBody,
  pingUrl,
  readEnvironment,
  resultBody,
  stopUrl,
  streamUrl,
  takeUrl,
  type WorkerEnvironment,
} from "./protocol";
import { send, type Answer } from "./http";

/** A job as the platform hands it over. */
export interface WorkerJob {
  id: string;
  input: unknown;
  webhook?: string;
  s3Config?: {
    accessId: string;
    accessSecret: string;
    bucketName: string;
    endpointUrl: string;
    objectPath?: string;
  };
  policy?: { executionTimeout: number; ttl: number; lowPriority: boolean };
}

export interface HandlerContext {
  workerId: string;
  /** Aborted when the platform stops the job (cancel, execution timeout, ttl) or the worker is killed. */
  signal: AbortSignal;
  /** Interim output, shown by `/status` while the job runs. */
  progress(update: unknown): Promise<void>;
}

/**
 * A handler returns the output (or a dict with `error`, or `refresh_worker: true`), or is an
 * async/sync generator whose yields stream to `/stream`.
 */
export type Handler = (job: WorkerJob, ctx: HandlerContext) => unknown;

export interface StartWorkerOptions {
  handler: Handler;
  /** Defaults to `process.env`; needs the variables of `worker-env`. */
  env?: Record<string, string | undefined>;
  /** Jobs run at once (more than 1 uses job-take-batch). Default 1. */
  concurrency?: number;
  /** A generator job's final output is every yielded value instead of `[]`. */
  returnAggregateStream?: boolean;
  /** Stop after one job and ask the platform to recycle the worker. */
  refreshWorker?: boolean;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

export interface RunningWorker {
  workerId: string;
  /** Stops taking jobs, lets running ones finish and post their results. */
  stop(): Promise<void>;
  /** Dies at once: running jobs are abandoned without a result (the platform must recover them). */
  kill(): Promise<void>;
  /** Settles when the worker stopped (stop, kill, or a refresh). */
  done: Promise<void>;
}

const TAKE_TIMEOUT_MS = 90_000;
const POST_ATTEMPTS = 3;

const isIterator = (v: unknown): v is AsyncIterator<unknown> | Iterator<unknown> =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { next?: unknown }).next === "function" &&
  (Symbol.asyncIterator in v || Symbol.iterator in v);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}

/**
 * Runs a handler as a serverless worker of the platform (the local one or the real service),
 * speaking the worker protocol like the official Python runtime: long-polled job-take (batch when
 * `concurrency` > 1), job-done / job-stream posts, progress updates, heartbeats listing running
 * jobs, and the job-stop channel.
 */
export function startWorker(options: StartWorkerOptions): RunningWorker {
  const env: WorkerEnvironment = readEnvironment(options.env ?? process.env, randomUUID);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const log = options.log ?? (() => undefined);
  const lifecycle = new AbortController();
  // job-take stops first (a stopping worker must not be handed jobs); pings and job-stop last.
  const takes = new AbortController();
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let stopping = false;
  let killed = false;
  let slotFreed: (() => void) | null = null;
  const headers = {
    Authorization: env.apiKey,
    "User-Agent": `${RUNTIME_VERSION} (node ${process.version})`,
  };

  async function post(url: string, body: unknown): Promise<boolean> {
    for (let attempt = 1; attempt <= POST_ATTEMPTS && !killed; attempt++) {
      try {
        // As the Python runtime: JSON text labelled form-urlencoded, plus its stray charset header.
        const res = await send(url, {
          method: "POST",
          headers: {
            ...headers,
            "Content-Type": "application/x-www-form-urlencoded",
            charset: "utf-8",
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        if (res.ok) return true;
        log("result post refused", { url, status: res.status });
      } catch (err) {
        log("result post failed", { url, err: String(err) });
      }
      await sleep(attempt * 500, lifecycle.signal);
    }
    return false;
  }

  async function runJob(job: WorkerJob, abort: AbortController): Promise<void> {
    const ctx: HandlerContext = {
      workerId: env.workerId,
      signal: abort.signal,
      progress: async (update) => {
        await post(doneUrl(env, job.id, false), { status: "IN_PROGRESS", output: update });
      },
    };
    let body: Record<string, unknown>;
    let isStream = false;
    let refresh = options.refreshWorker === true;
    try {
      const value = await options.handler(job, ctx);
      if (isIterator(value)) {
        isStream = true;
        const all: unknown[] = [];
        const it = value as AsyncIterator<unknown>;
        for (;;) {
          const step = await it.next();
          if (step.done || abort.signal.aborted) break;
          all.push(step.value);
          await post(streamUrl(env, job.id), { output: step.value });
        }
        body = { output: options.returnAggregateStream ? all : [] };
      } else {
        const r = resultBody(value);
        body = r.body;
        refresh ||= r.refresh;
      }
    } catch (err) {
      body = isStream
        ? { error: `handler: ${err instanceof Error ? err.message : String(err)}` }
        : exceptionBody(err, env);
    }
    // A stopped job posts nothing: the platform already set CANCELLED or TIMED_OUT.
    if (abort.signal.aborted || killed) return;
    if (refresh) body.stopPod = true;
    await post(doneUrl(env, job.id, isStream), body);
    if (refresh) {
      stopping = true;
      takes.abort();
    }
  }

  function startJob(job: WorkerJob) {
    const abort = new AbortController();
    const done = runJob(job, abort)
      .catch((err: unknown) => log("job failed", { job: job.id, err: String(err) }))
      .finally(() => {
        running.delete(job.id);
        slotFreed?.();
        if (stopping && !lifecycle.signal.aborted && running.size === 0) lifecycle.abort();
      });
    running.set(job.id, { abort, done });
  }

  async function takeLoop(): Promise<void> {
    while (!stopping) {
      const free = concurrency - running.size;
      if (free <= 0) {
        await new Promise<void>((r) => (slotFreed = r));
        slotFreed = null;
        continue;
      }
      let res: Answer;
      try {
        res = await send(takeUrl(env, free, running.size > 0), {
          headers,
          signal: AbortSignal.any([takes.signal, AbortSignal.timeout(TAKE_TIMEOUT_MS)]),
        });
      } catch (err) {
        if (stopping) return;
        log("job-take failed", { err: String(err) });
        await sleep(1000, lifecycle.signal);
        continue;
      }
      if (res.status !== 200) {
        if (res.status === 429) await sleep(5000, lifecycle.signal);
        else if (res.status !== 204 && res.status !== 400) await sleep(1000, lifecycle.signal);
        continue;
      }
      const data = res.json;
      for (const job of Array.isArray(data) ? data : [data]) {
        const j = job as WorkerJob | null;
        if (j && typeof j.id === "string" && "input" in j) startJob(j);
      }
    }
  }

  async function stopLoop(): Promise<void> {
    while (!stopping) {
      try {
        const started = Date.now();
        const res = await send(stopUrl(env), {
          headers,
          signal: AbortSignal.any([lifecycle.signal, AbortSignal.timeout(TAKE_TIMEOUT_MS)]),
        });
        if (res.status === 200) {
          const body = (res.json ?? {}) as { jobsToStop?: string[] };
          for (const id of body.jobsToStop ?? []) running.get(id)?.abort.abort();
        } else {
          if (res.status === 429) await sleep(5000, lifecycle.signal);
          else if (Date.now() - started < 100) await sleep(1000, lifecycle.signal);
        }
      } catch {
        if (stopping) return;
        await sleep(1000, lifecycle.signal);
      }
    }
  }

  async function pingLoop(): Promise<void> {
    while (!stopping) {
      const url = pingUrl(env, [...running.keys()]);
      if (!url) return;
      try {
        await send(url, {
          headers,
          signal: AbortSignal.any([lifecycle.signal, AbortSignal.timeout(env.pingIntervalMs * 2)]),
        });
      } catch {
        // heartbeats are best effort
      }
      await sleep(env.pingIntervalMs, lifecycle.signal);
    }
  }

  const loops = Promise.all([takeLoop(), stopLoop(), pingLoop()]);
  // A killed worker abandons its handlers (they may never settle); a stopped one waits for them.
  const done = loops.then(async () => {
    if (!killed) await Promise.all([...running.values()].map((r) => r.done));
  });

  return {
    workerId: env.workerId,
    async stop() {
      stopping = true;
      takes.abort();
      slotFreed?.();
      if (running.size === 0) lifecycle.abort();
      else {
        // Let running jobs post their results; then the long-polls go.
        await Promise.all([...running.values()].map((r) => r.done));
        lifecycle.abort();
      }
      await done;
    },
    async kill() {
      killed = true;
      stopping = true;
      takes.abort();
      slotFreed?.();
      for (const r of running.values()) r.abort.abort();
      lifecycle.abort();
      await done;
    },
    done,
  };
}
