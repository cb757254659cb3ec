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
    claimEach: async (_endpointId: string, takers: { workerId: string }[]) => {
      await new Promise((r) => setTimeout(r, claimMs));
      return takers.map(({ workerId }) => {
        if (!queued) return [];
        queued = false;
        return [{ id: "job-1", worker_id: workerId } as JobsTable];
      });
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

describe("Dispatcher: a new job straight to a waiting worker", () => {
  /** `embedded`: the store knows synchronously whether anything is queued (maybeQueued). */
  function setUpDirect(embedded = false) {
    const clock = createClock({ mode: "manual", at: 1_000_000 });
    const log = createLogger("silent");
    const queue: JobsTable[] = [];
    const unclaimed: string[] = [];
    let claims = 0;
    const repo = {
      maybeQueued: () => (embedded ? queue.length > 0 : null),
      queuedAfterClaim: () => queue.length > 0,
      claimEach: async (_e: string, takers: { workerId: string }[]) => {
        claims++;
        await Promise.resolve();
        return takers.map(({ workerId }) => {
          const row = queue.shift();
          return row ? [{ ...row, worker_id: workerId }] : [];
        });
      },
      unclaim: async (id: string) => {
        unclaimed.push(id);
        return true;
      },
    } as unknown as JobsRepository;
    const endpoints = {
      get: () => Promise.resolve({ id: "ep-1", timeout: 600_000 } as EndpointRecord),
    } as unknown as EndpointCache;
    const signals = new JobSignals(log);
    const dispatched: string[] = [];
    const dispatcher = new Dispatcher(repo, endpoints, signals, clock, log, (_e, rows) =>
      dispatched.push(...rows.map((r) => r.id)),
    );
    const waiter = (id: string) => {
      const got: JobsTable[] = [];
      let left = false;
      return {
        got,
        leave: () => (left = true),
        w: {
          workerId: id,
          batch: 1,
          gone: () => left,
          deliver: (rows: JobsTable[]) => {
            if (left) return false;
            got.push(...rows);
            return true;
          },
        },
      };
    };
    const settle = () => new Promise((r) => setImmediate(r));
    return {
      dispatcher,
      queue,
      unclaimed,
      dispatched,
      signals,
      waiter,
      settle,
      claims: () => claims,
    };
  }

  it("takes a waiter only once its endpoint's queue is known empty, and hands it the stored job", async () => {
    const t = setUpDirect();
    const a = t.waiter("w-a");
    t.queue.push({ id: "old", endpoint_id: "ep-1" } as JobsTable);
    t.dispatcher.add("ep-1", a.w);
    // A round is running (its claim is in flight): no shortcut past the queue.
    expect(t.dispatcher.directWaiter("ep-1")).toBeNull();
    await t.settle();
    expect(a.got.map((r) => r.id)).toEqual(["old"]);
    const b = t.waiter("w-b");
    t.dispatcher.add("ep-1", b.w);
    await t.settle();
    const claimsBefore = t.claims();
    const taken = t.dispatcher.directWaiter("ep-1");
    expect(taken?.workerId).toBe("w-b");
    expect(t.dispatcher.waiting("ep-1")).toBe(0);
    await t.dispatcher.handOver(taken!, { id: "new", endpoint_id: "ep-1" } as JobsTable);
    expect(b.got.map((r) => r.id)).toEqual(["new"]);
    expect(t.dispatched).toEqual(["old", "new"]);
    expect(t.claims()).toBe(claimsBefore);
  });

  it("a queue signal since the last empty round means no shortcut", async () => {
    const t = setUpDirect();
    const a = t.waiter("w-a");
    t.dispatcher.add("ep-1", a.w);
    await t.settle();
    t.queue.push({ id: "queued-elsewhere", endpoint_id: "ep-1" } as JobsTable);
    t.dispatcher.dispatch("ep-1");
    expect(t.dispatcher.directWaiter("ep-1")).toBeNull();
    await t.settle();
    expect(a.got.map((r) => r.id)).toEqual(["queued-elsewhere"]);
  });

  it("a waiter that left before the hand-over puts the job back in the queue for others", async () => {
    const t = setUpDirect();
    const a = t.waiter("w-a");
    t.dispatcher.add("ep-1", a.w);
    await t.settle();
    const taken = t.dispatcher.directWaiter("ep-1")!;
    a.leave();
    const queued: string[] = [];
    t.signals.on("queue", "ep-1", () => queued.push("signal"));
    await t.dispatcher.handOver(taken, { id: "j", endpoint_id: "ep-1" } as JobsTable);
    expect(t.unclaimed).toEqual(["j"]);
    expect(queued).toEqual(["signal"]);
    expect(t.dispatched).toEqual([]);
  });

  it("a waiter whose job could not be stored waits on, first in line", async () => {
    const t = setUpDirect();
    const a = t.waiter("w-a");
    const b = t.waiter("w-b");
    t.dispatcher.add("ep-1", a.w);
    t.dispatcher.add("ep-1", b.w);
    await t.settle();
    const taken = t.dispatcher.directWaiter("ep-1")!;
    expect(taken.workerId).toBe("w-a");
    t.dispatcher.giveBack("ep-1", taken);
    expect(t.dispatcher.waiting("ep-1")).toBe(2);
    t.queue.push({ id: "next", endpoint_id: "ep-1" } as JobsTable);
    t.dispatcher.dispatch("ep-1");
    await t.settle();
    expect(a.got.map((r) => r.id)).toEqual(["next"]);
    expect(b.got).toEqual([]);
  });

  it("embedded store: a waiter that arrives with nothing queued is served straight away, with no claim", () => {
    const t = setUpDirect(true);
    const a = t.waiter("w-a");
    t.dispatcher.add("ep-1", a.w);
    expect(t.claims()).toBe(0);
    // Known at once, without a round: the next job needs no claim statement.
    expect(t.dispatcher.directWaiter("ep-1")?.workerId).toBe("w-a");
  });

  it("embedded store: a waiter that arrives with a job queued claims it; no shortcut past it", async () => {
    const t = setUpDirect(true);
    t.queue.push({ id: "older", endpoint_id: "ep-1" } as JobsTable);
    const a = t.waiter("w-a");
    const b = t.waiter("w-b");
    t.dispatcher.add("ep-1", a.w);
    t.dispatcher.add("ep-1", b.w);
    expect(t.dispatcher.directWaiter("ep-1")).toBeNull();
    await t.settle();
    expect(a.got.map((r) => r.id)).toEqual(["older"]);
    // The round found the queue empty after serving: now a new job may go straight to w-b.
    expect(t.dispatcher.directWaiter("ep-1")?.workerId).toBe("w-b");
  });
});
