import { describe, expect, it } from "vitest";
import { createClock } from "../../clock";
import { createLogger } from "../../logger";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { JobsTable } from "../../store/schema-jobs";
import type { JobsRepository } from "../store/jobs.repository";
import { Dispatcher } from "./dispatcher";
import type { EndpointCache } from "./endpoint-cache";
import { JobSignals } from "./job-signals";
import { Scheduler } from "./scheduler";

const EXECUTION_MS = 5_000;

/**
 * A queued job, an idle worker that runs what it is handed for EXECUTION_MS of platform time, and
 * a store whose claim is a round trip of `claimMs` real milliseconds (PostgreSQL under load).
 */
function setUp(claimMs: number) {
  const clock = createClock({ mode: "manual", at: 1_000_000 });
  const log = createLogger("silent");
  const scheduler = new Scheduler(clock, log);
  scheduler.start();
  let queued = true;
  const repo = {
    maybeQueued: () => null,
    queuedAfterClaim: () => null,
    claim: async (_endpointId: string, workerId: string) => {
      await new Promise((r) => setTimeout(r, claimMs));
      if (!queued) return [];
      queued = false;
      return [{ id: "job-1", worker_id: workerId } as JobsTable];
    },
    unclaim: () => Promise.resolve(true),
  } as unknown as JobsRepository;
  const endpoints = {
    get: () => Promise.resolve({ id: "ep-1", timeout: 600_000 } as EndpointRecord),
  } as unknown as EndpointCache;
  const dispatcher = new Dispatcher(
    repo,
    endpoints,
    new JobSignals(log),
    clock,
    log,
    () => {},
    (round) => scheduler.track(round),
  );
  const run: { startedAt?: number; endedAt?: number } = {};
  dispatcher.add("ep-1", {
    workerId: "w-1",
    batch: 1,
    gone: () => false,
    deliver: () => {
      void scheduler.run(async () => {
        run.startedAt = clock.now();
        await scheduler.sleep(EXECUTION_MS);
        run.endedAt = clock.now();
      });
      return true;
    },
  });
  return { clock, scheduler, run };
}

describe("Dispatcher on a manual clock", () => {
  it("a claim still in flight holds the clock: the job starts at the time it was queued and ends after its execution time", async () => {
    const { clock, scheduler, run } = setUp(40);
    const queuedAt = clock.now();
    await scheduler.advanceTo(queuedAt + 60_000);
    expect(run).toEqual({ startedAt: queuedAt, endedAt: queuedAt + EXECUTION_MS });
    await scheduler.stop();
  });
});
