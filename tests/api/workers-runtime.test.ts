import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import {
  startWorker,
  type Handler,
  type RunningWorker,
  type StartWorkerOptions,
  type WorkerJob,
} from "@/lib/worker";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  eventually,
  jobApi,
  run,
  startManualPlatform,
  status,
  workerEnvOf,
  type JobsPlatform,
} from "./support/jobs";

/** lib/worker: the TypeScript worker runtime speaking the protocol, against the platform. */
describeEachBackend("worker runtime (lib/worker)", (backend) => {
  let tp: JobsPlatform;
  const started: RunningWorker[] = [];
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_WORKER_PING_MS: "1000" });
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.kill()));
  });
  afterAll(async () => tp?.close());

  async function serve(handler: Handler, options: Partial<StartWorkerOptions> = {}, ep?: string) {
    const endpoint = ep ?? (await createEndpoint(tp, { image: "acme/ts-worker:1" }));
    const w = startWorker({ handler, env: await workerEnvOf(tp, endpoint), ...options });
    started.push(w);
    return { ep: endpoint, w };
  }

  const done = (ep: string, id: string) =>
    eventually(async () => {
      const s = await status(tp, ep, id);
      expect(["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"]).toContain(s.body.status);
      return s.body;
    });

  it("runs an async handler: input and s3Config arrive, the output completes the job", async () => {
    const seen: WorkerJob[] = [];
    const { ep } = await serve(async (job) => {
      seen.push(job);
      return { echoed: job.input };
    });
    const s3Config = {
      accessId: "a",
      accessSecret: "s",
      bucketName: "b",
      endpointUrl: "http://s3",
    };
    const r = await jobApi(tp, ep, "/runsync", {
      method: "POST",
      json: { input: { x: 1 }, s3Config },
    });
    expect(r.body).toMatchObject({ status: "COMPLETED", output: { echoed: { x: 1 } } });
    expect(seen[0]).toMatchObject({ id: r.body.id, input: { x: 1 }, s3Config });
  });

  it("streams a generator handler's yields to /stream; the final output is [] (or the aggregate when asked)", async () => {
    const gen: Handler = async function* (job) {
      for (const word of (job.input as { words: string[] }).words) yield word;
    };
    const { ep } = await serve(gen);
    const id = await run(tp, ep, { words: ["a", "b", "c"] });
    expect(await done(ep, id)).toMatchObject({ status: "COMPLETED", output: [] });
    expect((await jobApi(tp, ep, `/stream/${id}`)).body.stream).toEqual([
      { output: "a" },
      { output: "b" },
      { output: "c" },
    ]);
    const agg = await serve(gen, { returnAggregateStream: true });
    const id2 = await run(tp, agg.ep, { words: ["x", "y"] });
    expect(await done(agg.ep, id2)).toMatchObject({ status: "COMPLETED", output: ["x", "y"] });
  });

  it("concurrency > 1 takes jobs in batches and runs them side by side", async () => {
    let running = 0;
    let peak = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { ep } = await serve(
      async (job) => {
        running++;
        peak = Math.max(peak, running);
        await gate;
        running--;
        return job.input;
      },
      { concurrency: 3 },
    );
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => run(tp, ep, { i })));
    await eventually(async () => expect(running).toBe(3));
    release();
    for (const id of ids) expect((await done(ep, id)).status).toBe("COMPLETED");
    expect(peak).toBe(3);
  });

  it("a handler exception fails the job with the runtime's JSON error; a dict with error fails it too", async () => {
    const { ep } = await serve(async (job) => {
      if ((job.input as { mode: string }).mode === "throw")
        throw new Error("width must be divisible by 64");
      return { error: "soft failure", partial: 1 };
    });
    const thrown = await run(tp, ep, { mode: "throw" });
    const soft = await run(tp, ep, { mode: "dict" });
    const t = await done(ep, thrown);
    expect(t.status).toBe("FAILED");
    expect(JSON.parse(t.error as string)).toMatchObject({
      error_message: "width must be divisible by 64",
    });
    expect(await done(ep, soft)).toMatchObject({
      status: "FAILED",
      error: "soft failure",
      output: { partial: 1 },
    });
  });

  it("progress updates show in /status while the job runs", async () => {
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const { ep } = await serve(async (_job, ctx) => {
      await ctx.progress({ step: 1 });
      await gate;
      return "end";
    });
    const id = await run(tp, ep, {});
    await eventually(async () =>
      expect((await status(tp, ep, id)).body).toMatchObject({
        status: "IN_PROGRESS",
        output: { step: 1 },
      }),
    );
    finish();
    expect(await done(ep, id)).toMatchObject({ status: "COMPLETED", output: "end" });
  });

  it("/cancel of a running job aborts the handler through the stop channel; the worker takes the next job", async () => {
    const aborted: string[] = [];
    const { ep } = await serve(async (job, ctx) => {
      if ((job.input as { wait?: boolean }).wait) {
        await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
        aborted.push(job.id);
        return "ignored";
      }
      return "next";
    });
    const id = await run(tp, ep, { wait: true });
    await eventually(async () =>
      expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS"),
    );
    await jobApi(tp, ep, `/cancel/${id}`, { method: "POST" });
    await eventually(async () => expect(aborted).toEqual([id]));
    expect((await status(tp, ep, id)).body.status).toBe("CANCELLED");
    expect(
      (await jobApi(tp, ep, "/runsync", { method: "POST", json: { input: {} } })).body.output,
    ).toBe("next");
  });

  it("an execution timeout aborts the handler and the job is TIMED_OUT", async () => {
    const aborted: string[] = [];
    const { ep } = await serve(async (job, ctx) => {
      await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
      aborted.push(job.id);
    });
    const id = await run(tp, ep, {}, { policy: { executionTimeout: 5000 } });
    await eventually(async () =>
      expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS"),
    );
    await advance(tp, 5000);
    expect((await status(tp, ep, id)).body.status).toBe("TIMED_OUT");
    await eventually(async () => expect(aborted).toEqual([id]));
  });

  it("a killed worker's job is recovered after its heartbeat stops and another worker completes it", async () => {
    const ep = await createEndpoint(tp, { image: "acme/ts-worker:1" });
    const first = await serve(async () => new Promise(() => undefined), {}, ep);
    const id = await run(tp, ep, { n: 1 });
    await eventually(async () =>
      expect((await status(tp, ep, id)).body).toMatchObject({
        status: "IN_PROGRESS",
        workerId: first.w.workerId,
      }),
    );
    await first.w.kill();
    const second = await serve(async (job) => ({ rescued: job.input }), {}, ep);
    await advance(tp, 60_000);
    const s = await done(ep, id);
    expect(s).toMatchObject({
      status: "COMPLETED",
      output: { rescued: { n: 1 } },
      workerId: second.w.workerId,
      retries: 1,
    });
  });

  it("refresh_worker: the worker posts its result, asks to be recycled and stops", async () => {
    const { ep, w } = await serve(async () => ({ refresh_worker: true, value: 7 }));
    const id = await run(tp, ep, {});
    expect(await done(ep, id)).toMatchObject({ status: "COMPLETED", output: { value: 7 } });
    await w.done;
    await eventually(async () =>
      expect(
        (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as object,
      ).toMatchObject({ workers: [] }),
    );
  });

  it("stop() lets a running job finish and post its result", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { ep, w } = await serve(async () => {
      await gate;
      return "finished";
    });
    const id = await run(tp, ep, {});
    await eventually(async () =>
      expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS"),
    );
    const stopping = w.stop();
    release();
    await stopping;
    expect((await status(tp, ep, id)).body).toMatchObject({
      status: "COMPLETED",
      output: "finished",
    });
  });
});
