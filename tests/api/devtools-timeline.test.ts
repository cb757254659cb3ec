import { afterAll, beforeAll, expect, it } from "vitest";
import { WhyWaiting } from "@/lib/schemas/devtools";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobDetail,
  jobApi,
  run,
  settle,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";

describeEachBackend("devtools: job timeline and why a job waits", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_COLD_START_MS: "3000/3000/3000" });
  });
  afterAll(async () => tp?.close());

  const detail = (id: string) => jobDetail(tp, id);
  async function why(id: string) {
    const res = await tp.request(`/_platform/jobs/${id}/why`);
    expect(res.status).toBe(200);
    return WhyWaiting.parse(await res.json());
  }

  it("records queued, cold start, worker assigned, started, progress and completed in order", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    const id = await run(tp, ep, {
      mock_progress: { updates: ["a", "b"], wait_time: 1 },
      mock_return: "done",
    });
    await settle(tp);
    const waiting = await detail(id);
    expect(waiting.why.reasons.map((r) => r.code)).toContain("COLD_START");
    await advance(tp, 3_000 + 2_000);
    const d = await detail(id);
    expect(d.job).toMatchObject({ status: "COMPLETED", output: "done" });
    expect(d.input).toEqual({
      mock_progress: { updates: ["a", "b"], wait_time: 1 },
      mock_return: "done",
    });
    expect(d.events.map((e) => e.type)).toEqual([
      "queued",
      "coldstart.begun",
      "coldstart.ended",
      "worker.assigned",
      "started",
      "progress",
      "progress",
      "completed",
    ]);
    expect(d.why).toEqual({ waiting: false, status: "COMPLETED", jobsAhead: null, reasons: [] });
  });

  it("records stream chunks and a failure's error", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 }, args: "--generator" });
    await advance(tp, 3_000);
    const streamed = await run(tp, ep, { mock_return: [1, 2, 3] });
    const failed = await run(tp, ep, { mock_error: true });
    await settle(tp);
    const s = await detail(streamed);
    expect(s.events.filter((e) => e.type === "stream.chunk")).toHaveLength(3);
    const f = await detail(failed);
    expect(f.events.at(-1)).toMatchObject({ type: "failed" });
    expect(f.events.at(-1)!.detail).toContain("Mock error");
  });

  it("says MAX_WORKERS and JOBS_AHEAD while every allowed worker is busy", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await advance(tp, 3_000);
    await run(tp, ep, { mock_delay: 60 });
    const second = await run(tp, ep, {});
    const third = await run(tp, ep, {});
    await settle(tp);
    const w = await why(third);
    expect(w.waiting).toBe(true);
    expect(w.jobsAhead).toBe(1);
    expect(w.reasons.map((r) => r.code)).toEqual(["MAX_WORKERS", "JOBS_AHEAD"]);
    expect((await why(second)).reasons.map((r) => r.code)).toEqual(["MAX_WORKERS"]);
    await advance(tp, 60_000);
    expect((await why(third)).waiting).toBe(false);
  });

  it("says LOW_PRIORITY for a low-priority job on an endpoint with no free worker", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 2 } });
    const id = await run(tp, ep, {}, { policy: { lowPriority: true } });
    await settle(tp);
    expect((await why(id)).reasons.map((r) => r.code)).toContain("LOW_PRIORITY");
  });

  it("says OUT_OF_CAPACITY while the endpoint's pool has no capacity", async () => {
    const ep = await createEndpoint(tp, {
      workers: { min: 0, max: 1 },
      gpu: { pools: ["AMPERE_16"] },
    });
    const set = await tp.request("/_platform/faults", {
      method: "POST",
      json: { kind: "capacity.none", scope: "pool:AMPERE_16" },
    });
    expect(set.status).toBe(201);
    const id = await run(tp, ep, {});
    await settle(tp);
    expect((await why(id)).reasons.map((r) => r.code)).toContain("OUT_OF_CAPACITY");
    const removed = await tp.request(
      `/_platform/faults/${((await set.json()) as { id: string }).id}`,
      { method: "DELETE" },
    );
    expect(removed.status).toBe(204);
    await advance(tp, 3_000);
    expect((await detail(id)).job.status).toBe("COMPLETED");
    expect((await detail(id)).events.map((e) => e.type)).toContain("worker.throttled");
  });

  it("says NO_WORKER_CONNECTED for an image the user runs and none is connected", async () => {
    const ep = await createEndpoint(tp, { image: "example/my-worker:1" });
    const id = await run(tp, ep, {});
    expect((await why(id)).reasons.map((r) => r.code)).toContain("NO_WORKER_CONNECTED");
  });

  it("answers 404 for another account's job and for an unknown job", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, {});
    const other = await tp.otherAccountKey();
    expect((await tp.request(`/_platform/jobs/${id}`, { auth: other })).status).toBe(404);
    expect((await tp.request(`/_platform/jobs/nope`)).status).toBe(404);
    expect((await jobApi(tp, ep, `/status/${id}`)).status).toBe(200);
  });
});
