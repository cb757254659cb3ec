import type { Cloud } from "@/lib/cloud/client";
import { advanceClock, getClock, setClock } from "@/lib/cloud/devtools";
import { getEndpointHealth } from "@/lib/cloud/endpoints";
import { CloudError } from "@/lib/cloud/errors";
import { cancelJob, getJobStatus, runJob } from "@/lib/cloud/jobs";
import { assertServer } from "@/lib/cloud/server-only";
import type { LoadTestStore } from "@/lib/console-store/load-tests";
import { isTerminalJobStatus } from "@/lib/schemas/jobs";
import {
  LOAD_TEST_LIMITS,
  type LoadTestProgress,
  type LoadTestRun,
  type LoadTestSample,
  type LoadTestStatus,
} from "@/lib/schemas/load-tests";
import {
  ACCELERATION,
  billedWorkers,
  dueCount,
  percentiles,
  suggestions,
  workerSpend,
} from "./plan";

assertServer("lib/loadtest/runner");

/**
 * Load time. `elapsed()` is ms since the run began; `tick()` lets time move on by one step: the
 * wall clock sleeps, the accelerated clock advances the platform's manual clock (operator only).
 */
export interface LoadClock {
  readonly tickMs: number;
  /** Load time between two health readings. */
  readonly sampleEveryMs: number;
  elapsed(): number;
  tick(signal: AbortSignal): Promise<void>;
  /** Gives the platform its clock back (accelerated). */
  close(): Promise<void>;
}

/** Resolves after `ms`, or at once on abort; leaves no listener on the signal behind. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export function wallClock(tickMs = 250): LoadClock {
  const start = Date.now();
  return {
    tickMs,
    sampleEveryMs: 1000,
    elapsed: () => Date.now() - start,
    tick: (signal) => sleep(tickMs, signal),
    close: async () => undefined,
  };
}

/**
 * The platform's clock switched to manual and moved by the runner `stepMs` per step, with at
 * most `stepMs / ACCELERATION` of wall time per step. On close it goes back to real time if it was real before
 * (a clock someone had frozen stays frozen where the run left it).
 */
export async function acceleratedClock(cloud: Cloud, stepMs = 1000): Promise<LoadClock> {
  const before = await getClock(cloud);
  await setClock(
    cloud,
    before.mode === "manual" ? { mode: "manual" } : { mode: "manual", at: before.now },
  );
  let elapsed = 0;
  // Wall time when the current step began: the step's own work (sending, polling) counts
  // against its 1/60 share, so the whole run, not only the clock's moves, keeps the pace.
  let stepBegan = Date.now();
  return {
    tickMs: stepMs,
    sampleEveryMs: stepMs,
    elapsed: () => elapsed,
    async tick(signal) {
      await advanceClock(cloud, { ms: stepMs });
      elapsed += stepMs;
      await sleep(stepMs / ACCELERATION - (Date.now() - stepBegan), signal);
      stepBegan = Date.now();
    },
    async close() {
      if (before.mode === "real") await setClock(cloud, { mode: "real" });
    },
  };
}

export interface DriveOptions {
  cloud: Cloud;
  store: LoadTestStore;
  owner: string;
  run: LoadTestRun;
  clock: LoadClock;
  signal: AbortSignal;
  /** Load time without any job finishing, once every request is sent, before the run gives up. */
  stallMs?: number;
  /** Wall ms between two writes of the live numbers to the store. */
  persistEveryMs?: number;
}

const MAX_STORED_SAMPLES = 600;

/** Every other reading once there are too many (the first and the last are kept). */
function thin(samples: readonly LoadTestSample[]): LoadTestSample[] {
  if (samples.length <= MAX_STORED_SAMPLES) return [...samples];
  const step = Math.ceil(samples.length / MAX_STORED_SAMPLES);
  const kept = samples.filter((_, i) => i % step === 0);
  if (kept[kept.length - 1] !== samples[samples.length - 1])
    kept.push(samples[samples.length - 1]!);
  return kept;
}

const describe = (error: unknown) =>
  error instanceof CloudError
    ? `${error.status}: ${error.detail}`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Sends the run's requests on schedule (`dueCount`), follows every job through `/status` within
 * the job API's limits, reads `/health` about once a second of load time, and keeps the live
 * numbers in the console store. Ends completed when every job has ended, stopped on `signal`, or
 * failed when the endpoint or the key goes away. Never throws: the end is in the store.
 */
export async function driveLoadTest(options: DriveOptions): Promise<LoadTestRun | undefined> {
  const { cloud, store, owner, run, clock, signal } = options;
  const stallMs = options.stallMs ?? 10 * 60_000;
  const persistEveryMs = options.persistEveryMs ?? 500;
  const body = run.body;
  const price = run.settings.pricePerWorkerSecond;

  let attempted = 0;
  let sent = 0;
  let completed = 0;
  let failed = 0;
  let refused = 0;
  let lastError: string | null = null;
  let execSum = 0;
  let execCount = 0;
  const latencies: number[] = [];
  const delays: number[] = [];
  const samples: LoadTestSample[] = [];
  /** Jobs not yet seen in a terminal state, in the order they will be polled. */
  const pending: string[] = [];
  /** Jobs of the current poll batch still going (they go back to the front of `pending`). */
  let unfinished: string[] = [];
  let lastFinishAt = 0;
  let lastSampleAt = -Infinity;
  let lastPersist = 0;

  const progress = (): LoadTestProgress => ({
    sent,
    completed,
    failed,
    refused,
    latency: percentiles(latencies),
    delay: percentiles(delays),
    peakWorkers: samples.reduce((m, s) => Math.max(m, billedWorkers(s)), 0),
    peakQueue: samples.reduce((m, s) => Math.max(m, s.inQueue), 0),
    spend: workerSpend(samples, price),
    elapsed: clock.elapsed(),
    lastError,
  });

  async function send(): Promise<void> {
    attempted++;
    try {
      const job = await runJob(cloud, run.endpointId, body);
      sent++;
      pending.push(job.id);
    } catch (error) {
      sent++;
      failed++;
      refused++;
      lastError = `/run refused: ${describe(error)}`;
      if (error instanceof CloudError && (error.status === 401 || error.status === 404))
        throw error;
    }
  }

  async function poll(jobId: string): Promise<void> {
    try {
      const job = await getJobStatus(cloud, run.endpointId, jobId);
      if (!isTerminalJobStatus(job.status)) return void unfinished.push(jobId);
      lastFinishAt = clock.elapsed();
      if (job.delayTime !== undefined) delays.push(job.delayTime);
      if (job.status === "COMPLETED") {
        completed++;
        latencies.push((job.delayTime ?? 0) + (job.executionTime ?? 0));
      } else {
        failed++;
        lastError = `job ${jobId} ${job.status}${typeof job.error === "string" ? `: ${job.error}` : ""}`;
      }
      if (job.executionTime !== undefined) {
        execSum += job.executionTime;
        execCount++;
      }
    } catch (error) {
      if (error instanceof CloudError && error.status === 404) {
        // Expired or removed (ttl): it ended without a result the run can read.
        failed++;
        lastFinishAt = clock.elapsed();
        lastError = `job ${jobId}: ${describe(error)}`;
        return;
      }
      if (error instanceof CloudError && error.status === 401) throw error;
      lastError = `/status: ${describe(error)}`;
      unfinished.push(jobId);
    }
  }

  async function sample(): Promise<void> {
    const health = await getEndpointHealth(cloud, run.endpointId);
    samples.push({
      t: clock.elapsed(),
      inQueue: health.jobs.inQueue,
      inProgress: health.jobs.inProgress,
      running: health.workers.running,
      idle: health.workers.idle,
      initializing: health.workers.initializing,
      sent,
      completed,
      failed,
    });
  }

  function persist(force = false) {
    const wall = Date.now();
    if (!force && wall - lastPersist < persistEveryMs) return;
    lastPersist = wall;
    store.progress(owner, run.id, progress(), thin(samples));
  }

  function end(status: Exclude<LoadTestStatus, "running">, reason: string | null = null) {
    const p = progress();
    return store.finish(owner, run.id, {
      status,
      reason,
      progress: p,
      samples: thin(samples),
      suggestions: suggestions({
        settings: run.settings,
        rate: run.rate,
        samples,
        delay: p.delay,
        meanExecutionMs: execCount > 0 ? execSum / execCount : null,
        sent,
        failed,
        refused,
      }),
    });
  }

  const pollBudget = Math.max(
    1,
    Math.floor((LOAD_TEST_LIMITS.statusPollsPerSecond * clock.tickMs) / 1000),
  );

  try {
    for (;;) {
      if (signal.aborted) break;
      const now = clock.elapsed();
      // 1. Whatever is due by now, at most maxInFlight /run calls at once.
      const due = dueCount(now, run.rate, run.requests);
      while (attempted < due && !signal.aborted) {
        const batch = Math.min(due - attempted, LOAD_TEST_LIMITS.maxInFlight);
        await Promise.all(Array.from({ length: batch }, () => send()));
      }
      // 2. Follow the oldest unfinished jobs (the queue is first in, first out), within the
      // /status budget of one step; those still going keep their place at the front.
      const batch = pending.splice(0, pollBudget);
      unfinished = [];
      await Promise.all(batch.map((id) => poll(id)));
      const order = new Map(batch.map((id, i) => [id, i]));
      pending.unshift(...unfinished.sort((a, b) => order.get(a)! - order.get(b)!));
      // 3. The endpoint's queue and workers.
      if (now - lastSampleAt >= clock.sampleEveryMs) {
        lastSampleAt = now;
        try {
          await sample();
        } catch (error) {
          if (error instanceof CloudError && (error.status === 401 || error.status === 404))
            throw error;
          lastError = `/health: ${describe(error)}`;
        }
      }
      persist();
      if (attempted >= run.requests && pending.length === 0) {
        await sample().catch(() => undefined);
        return end("completed");
      }
      if (attempted >= run.requests && clock.elapsed() - Math.max(lastFinishAt, 0) > stallMs) {
        return end(
          "completed",
          `${pending.length} job(s) had not finished after ${Math.round(stallMs / 60_000)} min without progress; the run stopped waiting for them.`,
        );
      }
      await clock.tick(signal);
    }
    // Stopped: record it at once, then cancel what this run left queued (best effort, within
    // the /cancel limit of 100 per 10 s) so a stop does not leave the endpoint busy.
    const stopped = end("stopped", "Stopped by you.");
    await cancelLeftovers(cloud, run.endpointId, pending);
    return stopped;
  } catch (error) {
    const reason =
      error instanceof CloudError && error.status === 404
        ? `The endpoint no longer answers (${describe(error)}).`
        : error instanceof CloudError && error.status === 401
          ? "The platform no longer accepts the key the run was started with."
          : `The run failed: ${describe(error)}`;
    return end("failed", reason);
  } finally {
    await clock.close().catch((error: unknown) => {
      console.error("[hangar] load test: could not give the platform its clock back", error);
    });
  }
}

/** Cancels up to 100 leftover jobs, 10 at a time, one batch a second (the seed's /cancel limit). */
async function cancelLeftovers(cloud: Cloud, endpointId: string, jobs: readonly string[]) {
  const list = jobs.slice(0, 100);
  for (let i = 0; i < list.length; i += 10) {
    const results = await Promise.allSettled(
      list.slice(i, i + 10).map((id) => cancelJob(cloud, endpointId, id)),
    );
    if (
      results.some(
        (r) => r.status === "rejected" && r.reason instanceof CloudError && r.reason.status === 429,
      )
    )
      return;
    if (i + 10 < list.length) await sleep(1000);
  }
}
