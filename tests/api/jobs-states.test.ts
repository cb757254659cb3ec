import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  status,
  workerCall,
  workerEnvOf,
  type JobsPlatform,
} from "./support/jobs";

const MIN = 60_000;

/** Seed "States and transitions — Job": one test per row of the table. */
describeEachBackend("job state table", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  /** An external endpoint and a worker speaking the protocol by hand. */
  async function external() {
    const ep = await createEndpoint(tp, { image: "example/worker:1" });
    const env = await workerEnvOf(tp, ep);
    const take = env.RUNPOD_WEBHOOK_GET_JOB!.replace("$ID", env.RUNPOD_POD_ID!);
    const done = (jobId: string) =>
      `${env.RUNPOD_WEBHOOK_POST_OUTPUT!.replace("$RUNPOD_POD_ID", env.RUNPOD_POD_ID!).replace("$ID", jobId)}&isStream=false`;
    const stop = take.replace("/job-take/", "/job-stop/");
    return {
      ep,
      env,
      take: (inProgress = 0) => workerCall(tp, `${take}&job_in_progress=${inProgress}`),
      done,
      stop,
    };
  }

  it("queued job + /cancel (not started) → removed from the queue", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, { mock_return: "never" });
    const r = await jobApi(tp, ep, `/cancel/${id}`, { method: "POST", json: {} });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id, status: "CANCELLED" });
    // Workers arriving later never run it.
    await tp.request(`/v2/serverless/${ep}`, {
      method: "PATCH",
      json: { workers: { min: 1, max: 1 } },
    });
    await advance(tp, 1000);
    expect((await status(tp, ep, id)).body).toEqual({ id, status: "CANCELLED" });
    expect((await jobApi(tp, ep, "/health")).body.jobs).toMatchObject({
      inQueue: 0,
      inProgress: 0,
    });
  });

  it("running job + /cancel (in progress) → stopped; a built-in worker's handler is aborted", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_delay: 30, mock_return: "too late" });
    await settle(tp);
    expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS");
    const r = await jobApi(tp, ep, `/cancel/${id}`, { method: "POST" });
    expect(r.body).toMatchObject({
      id,
      status: "CANCELLED",
      delayTime: expect.any(Number),
      executionTime: expect.any(Number),
    });
    await advance(tp, 30_000);
    const after = (await status(tp, ep, id)).body;
    expect(after.status).toBe("CANCELLED");
    expect(after.output).toBeUndefined();
    // The worker is free again.
    expect(
      (
        await jobApi(tp, ep, "/runsync", {
          method: "POST",
          json: { input: { mock_return: "next" } },
        })
      ).body.output,
    ).toBe("next");
  });

  it("running job + /cancel → an external worker is told through the job-stop channel; its late result is ignored", async () => {
    const w = await external();
    const id = await run(tp, w.ep, { n: 1 });
    const taken = await w.take();
    expect(taken.body).toMatchObject({ id });
    await jobApi(tp, w.ep, `/cancel/${id}`, { method: "POST" });
    const stop = await workerCall(tp, w.stop);
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ jobsToStop: [id] });
    const late = await workerCall(tp, w.done(id), { body: { output: "late" } });
    expect(late.status).toBe(200);
    expect((await status(tp, w.ep, id)).body).toMatchObject({ status: "CANCELLED" });
  });

  it("failed job + /retry → queued again with the same id and the same input", async () => {
    const w = await external();
    const id = await run(tp, w.ep, { attempt: "same" });
    expect((await w.take()).body).toMatchObject({ id, input: { attempt: "same" } });
    await workerCall(tp, w.done(id), { body: { error: "boom" } });
    expect((await status(tp, w.ep, id)).body).toMatchObject({ status: "FAILED", error: "boom" });
    const r = await jobApi(tp, w.ep, `/retry/${id}`, { method: "POST" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id, status: "IN_QUEUE" });
    expect((await status(tp, w.ep, id)).body).toEqual({ id, status: "IN_QUEUE", retries: 1 });
    expect((await w.take()).body).toMatchObject({ id, input: { attempt: "same" } });
    await workerCall(tp, w.done(id), { body: { output: "second time" } });
    expect((await status(tp, w.ep, id)).body).toMatchObject({
      status: "COMPLETED",
      output: "second time",
      retries: 1,
    });
    expect((await jobApi(tp, w.ep, "/health")).body.jobs).toMatchObject({ retried: 1 });
  });

  it("timed-out job + /retry → queued again with the same id and input", async () => {
    const ep = await createEndpoint(tp, { timeout: 5000 });
    const id = await run(tp, ep, { mock_delay: 10, mock_return: "slow" });
    await advance(tp, 5000);
    expect((await status(tp, ep, id)).body.status).toBe("TIMED_OUT");
    expect((await jobApi(tp, ep, `/retry/${id}`, { method: "POST" })).body).toEqual({
      id,
      status: "IN_QUEUE",
    });
    await advance(tp, 5000);
    expect((await status(tp, ep, id)).body).toMatchObject({ id, status: "TIMED_OUT", retries: 1 });
  });

  it.each(["IN_QUEUE", "IN_PROGRESS", "COMPLETED", "CANCELLED"])(
    "/retry of a %s job answers 400",
    async (state) => {
      const ep = await createEndpoint(tp, {
        workers: { min: 0, max: state === "IN_QUEUE" || state === "CANCELLED" ? 0 : 1 },
      });
      const id = await run(tp, ep, state === "IN_PROGRESS" ? { mock_delay: 100 } : {});
      if (state === "CANCELLED") await jobApi(tp, ep, `/cancel/${id}`, { method: "POST" });
      await settle(tp);
      expect((await status(tp, ep, id)).body.status).toBe(state);
      const r = await jobApi(tp, ep, `/retry/${id}`, { method: "POST" });
      expect(r.status).toBe(400);
      expect(String(r.body.detail)).toContain(`is ${state}`);
    },
  );

  it("any job + ttl expiry → deleted, even while running; status then answers 404 and the worker is told to stop", async () => {
    const w = await external();
    const queued = await run(tp, w.ep, { q: 1 }, { policy: { ttl: 10_000 } });
    const runningEp = await createEndpoint(tp);
    const running = await run(tp, runningEp, { mock_delay: 60 }, { policy: { ttl: 20_000 } });
    await settle(tp);
    expect((await status(tp, runningEp, running)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 9_999);
    expect((await status(tp, w.ep, queued)).status).toBe(200);
    await advance(tp, 1);
    expect((await status(tp, w.ep, queued)).status).toBe(404);
    await advance(tp, 10_000);
    const gone = await status(tp, runningEp, running);
    expect(gone.status).toBe(404);
    // ttl also covers an external worker's running job: it is told to stop.
    const id = await run(tp, w.ep, {}, { policy: { ttl: 10_000 } });
    expect((await w.take()).body).toMatchObject({ id });
    await advance(tp, 10_000);
    expect((await status(tp, w.ep, id)).status).toBe(404);
    expect((await workerCall(tp, w.stop)).body).toEqual({ jobsToStop: [id] });
  });

  it("queued jobs + /purge-queue → all pending jobs removed; in-progress jobs unaffected", async () => {
    const w = await external();
    const inProgress = await run(tp, w.ep, { n: 0 });
    expect((await w.take()).body).toMatchObject({ id: inProgress });
    const pending = [
      await run(tp, w.ep, { n: 1 }),
      await run(tp, w.ep, { n: 2 }),
      await run(tp, w.ep, { n: 3 }),
    ];
    expect((await jobApi(tp, w.ep, "/purge-queue", { method: "POST" })).body).toEqual({
      removed: 3,
      status: "completed",
    });
    for (const id of pending) expect((await status(tp, w.ep, id)).body.status).toBe("CANCELLED");
    await workerCall(tp, w.done(inProgress), { body: { output: "fine" } });
    expect((await status(tp, w.ep, inProgress)).body).toMatchObject({
      status: "COMPLETED",
      output: "fine",
    });
  });

  it("completed job + retention elapsed → 30 minutes after /run the result is no longer retrievable", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_return: "kept" });
    await settle(tp);
    expect((await status(tp, ep, id)).body.status).toBe("COMPLETED");
    await advance(tp, 30 * MIN - 1);
    expect((await status(tp, ep, id)).body.output).toBe("kept");
    await advance(tp, 1);
    expect((await status(tp, ep, id)).status).toBe(404);
  });

  it("completed job + retention elapsed → 1 minute after /runsync the result is no longer retrievable", async () => {
    const ep = await createEndpoint(tp);
    const r = await jobApi(tp, ep, "/runsync", { method: "POST", json: { input: {} } });
    const id = r.body.id as string;
    await advance(tp, MIN - 1);
    expect((await status(tp, ep, id)).status).toBe(200);
    await advance(tp, 1);
    expect((await status(tp, ep, id)).status).toBe(404);
  });

  it("failed and cancelled jobs are retained 30 minutes too; /status?ttl= shortens the retention", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const cancelled = await run(tp, ep, {});
    await jobApi(tp, ep, `/cancel/${cancelled}`, { method: "POST" });
    const shortened = await run(tp, ep, {});
    await jobApi(tp, ep, `/cancel/${shortened}`, { method: "POST" });
    expect((await jobApi(tp, ep, `/status/${shortened}?ttl=6000`)).status).toBe(200);
    await advance(tp, 6000);
    expect((await status(tp, ep, shortened)).status).toBe(404);
    expect((await status(tp, ep, cancelled)).status).toBe(200);
    await advance(tp, 30 * MIN);
    expect((await status(tp, ep, cancelled)).status).toBe(404);
    expect((await jobApi(tp, ep, `/status/${cancelled}?ttl=0`)).status).toBe(400);
  });
});
