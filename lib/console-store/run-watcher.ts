import { getJobStatus, streamJob } from "@/lib/cloud/jobs";
import { CloudError } from "@/lib/cloud/errors";
import { assertServer } from "@/lib/cloud/server-only";
import { isTerminalJobStatus, type Job } from "@/lib/schemas/jobs";
import type { PlaygroundContext } from "./context";
import { targetSegment, type PlaygroundRun } from "./run-view";
import { saveThumbnail } from "./thumbnail";

assertServer("lib/console-store/run-watcher");

/**
 * How long `/stream` may hold an answer (the local platform honours `?wait=`), and the shortest
 * gap between two polls of one job. About one request a second per open run keeps far inside
 * the job API's limits (2000 status/stream requests per 10 s per endpoint).
 */
const STREAM_WAIT_MS = 1_500;
const MIN_POLL_GAP_MS = 800;

/** `done` is true on the last call: the run has ended (or expired) and nothing more will come. */
type Listener = (run: PlaygroundRun, done: boolean) => void;

interface Watcher {
  listeners: Set<Listener>;
  abort: AbortController;
}

// One poller per run and process, however many tabs watch it: `/stream` hands each chunk out
// once, so two pollers would each see half of the text.
const watchers = new Map<string, Watcher>();

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows a run until it ends, telling `listener` each time it changes; returns the unsubscribe.
 * The store is updated as it goes, so history keeps the latest state and every streamed chunk.
 */
export function watchRun(ctx: PlaygroundContext, run: PlaygroundRun, listener: Listener) {
  const key = `${ctx.owner}\u0000${run.id}`;
  let watcher = watchers.get(key);
  if (!watcher) {
    const created: Watcher = { listeners: new Set(), abort: new AbortController() };
    watcher = created;
    watchers.set(key, created);
    void follow(
      ctx,
      run,
      (next, done) => created.listeners.forEach((l) => l(next, done)),
      created.abort.signal,
    )
      .catch((error: unknown) => console.error("[hangar] playground watcher failed", error))
      .finally(() => {
        if (watchers.get(key) === created) watchers.delete(key);
      });
  }
  watcher.listeners.add(listener);
  const own = watcher;
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size === 0) {
      own.abort.abort();
      if (watchers.get(key) === own) watchers.delete(key);
    }
  };
}

async function follow(
  ctx: PlaygroundContext,
  start: PlaygroundRun,
  emit: Listener,
  signal: AbortSignal,
): Promise<void> {
  const { cloud, owner, runs } = ctx;
  const target = targetSegment(start.target);
  let run = start;
  let streaming = true;

  const record = (job: Job, chunks: unknown[] = []) => {
    const next = runs.update(owner, run.id, job, chunks);
    if (next) {
      run = next;
      emit(run, false);
    }
  };

  while (!signal.aborted && !isTerminalJobStatus(run.status)) {
    const began = Date.now();
    let chunks = 0;
    try {
      if (streaming) {
        const answer = await streamJob(cloud, target, run.jobId, STREAM_WAIT_MS, signal);
        chunks = answer.stream.length;
        // `/stream` may not carry the final output: the terminal state is read from `/status`.
        if (isTerminalJobStatus(answer.status)) {
          record(
            { ...(await getJobStatus(cloud, target, run.jobId)) },
            answer.stream.map((c) => c.output),
          );
          break;
        }
        record(
          answer,
          answer.stream.map((c) => c.output),
        );
      } else {
        record(await getJobStatus(cloud, target, run.jobId));
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof CloudError && (error.status === 404 || error.status === 410)) {
        emit(runs.markExpired(owner, run.id) ?? run, true);
        return;
      }
      // A platform without `/stream` for this job: fall back to reading `/status` alone.
      if (
        streaming &&
        error instanceof CloudError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        streaming = false;
        continue;
      }
      // 429, 5xx or the network: back off and keep following.
      await sleep(
        error instanceof CloudError && error.retryAfterSeconds
          ? error.retryAfterSeconds * 1000
          : 3_000,
        signal,
      );
      continue;
    }
    const elapsed = Date.now() - began;
    if (chunks === 0 && elapsed < MIN_POLL_GAP_MS) await sleep(MIN_POLL_GAP_MS - elapsed, signal);
  }

  if (signal.aborted) return;
  if (run.status === "COMPLETED") await saveThumbnail(ctx, run);
  emit(runs.get(owner, run.id) ?? run, true);
}

/** One `/status` read for a run that nobody is watching (history list, a reload). */
export async function refreshRun(ctx: PlaygroundContext, run: PlaygroundRun) {
  if (isTerminalJobStatus(run.status) || run.expired) return run;
  try {
    const job = await getJobStatus(ctx.cloud, targetSegment(run.target), run.jobId);
    const next = ctx.runs.update(ctx.owner, run.id, job) ?? run;
    if (next.status === "COMPLETED") await saveThumbnail(ctx, next);
    return ctx.runs.get(ctx.owner, run.id) ?? next;
  } catch (error) {
    if (error instanceof CloudError && (error.status === 404 || error.status === 410))
      return ctx.runs.markExpired(ctx.owner, run.id) ?? run;
    return run;
  }
}
