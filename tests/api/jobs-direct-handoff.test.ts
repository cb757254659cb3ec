import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobDetail,
  run,
  settle,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";

/**
 * A job sent while a worker waits and nothing older is queued is stored already taken by that
 * worker (no claim) — on both stores. What must hold: its timeline is as complete as a claimed
 * job's, and no new job overtakes one that was queued before it.
 */
describeEachBackend("jobs: a new job handed straight to a waiting worker", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_COLD_START_MS: "3000/3000/3000" });
  });
  afterAll(async () => tp?.close());

  const detail = (id: string) => jobDetail(tp, id);

  it("each job sent to an idle warm worker has its whole timeline: queued, assigned, started, completed", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    // Past the cold start: its worker events are then no part of the jobs' timelines.
    await advance(tp, 4_000);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await run(tp, ep, { mock_return: `r${n}` }));
      await settle(tp);
    }
    for (const [i, id] of ids.entries()) {
      const d = await detail(id);
      expect(d.job).toMatchObject({ status: "COMPLETED", output: `r${i + 1}` });
      expect(d.events.map((e) => e.type)).toEqual([
        "queued",
        "worker.assigned",
        "started",
        "completed",
      ]);
    }
  });

  it("jobs queued behind a busy worker run first, in order, before a job sent after them", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await advance(tp, 3_000);
    const busy = await run(tp, ep, { mock_delay: 10 });
    await settle(tp);
    const a = await run(tp, ep, { mock_delay: 10, mock_return: "a" });
    const b = await run(tp, ep, { mock_delay: 10, mock_return: "b" });
    await advance(tp, 10_000);
    // The worker is on `a` now; `b` still waits. A new job queues behind it.
    const c = await run(tp, ep, { mock_return: "c" });
    await advance(tp, 10_000);
    await advance(tp, 10_000);
    await settle(tp);
    const started = async (id: string) => {
      const d = await detail(id);
      expect(d.job.status, id).toBe("COMPLETED");
      return Date.parse(d.events.find((e) => e.type === "started")!.at);
    };
    const times = [await started(busy), await started(a), await started(b), await started(c)];
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(4);
  });
});
