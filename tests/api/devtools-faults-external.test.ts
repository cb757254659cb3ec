import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { Fault, ListFaultsResponse } from "@/lib/schemas/devtools";
import { startWorker, type Handler, type RunningWorker } from "@/lib/worker";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  eventually,
  run,
  settle,
  startManualPlatform,
  status,
  workerCall,
  workerEnvOf,
  type JobsPlatform,
} from "./support/jobs";

const TERMINAL = ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"];

/** Job faults on jobs served by the user's own worker processes (lib/worker over the protocol). */
describeEachBackend("devtools: job faults on external workers", (backend) => {
  let tp: JobsPlatform;
  const started: RunningWorker[] = [];
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_WORKER_PING_MS: "1000" });
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.kill()));
    await tp.request("/_platform/faults", { method: "DELETE" });
  });
  afterAll(async () => tp?.close());

  async function inject(json: Record<string, unknown>): Promise<Fault> {
    const res = await tp.request("/_platform/faults", { method: "POST", json });
    const body = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(body)).toBe(201);
    return Fault.parse(body);
  }
  async function faults() {
    const res = await tp.request("/_platform/faults");
    expect(res.status).toBe(200);
    return ListFaultsResponse.parse(await res.json()).faults;
  }
  /** An endpoint served by one external worker running `handler`; `seen` lists the jobs it got. */
  async function serve(handler?: Handler) {
    const ep = await createEndpoint(tp, { image: "acme/own-worker:1" });
    const seen: string[] = [];
    const w = startWorker({
      env: await workerEnvOf(tp, ep),
      handler: (job, ctx) => {
        seen.push(job.id);
        return handler ? handler(job, ctx) : { ran: job.input };
      },
    });
    started.push(w);
    return { ep, w, seen };
  }
  const finished = (ep: string, id: string) =>
    eventually(async () => {
      const s = await status(tp, ep, id);
      expect(TERMINAL).toContain(s.body.status);
      return s.body;
    });
  async function events(jobId: string) {
    const res = await tp.request(`/_platform/jobs/${jobId}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { events: { type: string; detail: string | null }[] }).events;
  }

  it("job.fail fails the next N jobs an external worker takes with the message; its handler never sees them", async () => {
    const { ep, w, seen } = await serve();
    const f = await inject({ kind: "job.fail", endpointId: ep, count: 2, message: "boom" });
    const a = await run(tp, ep, { n: 1 });
    expect(await finished(ep, a)).toMatchObject({
      status: "FAILED",
      error: "boom",
      workerId: w.workerId,
    });
    const b = await run(tp, ep, { n: 2 });
    expect(await finished(ep, b)).toMatchObject({ status: "FAILED", error: "boom" });
    expect((await faults()).map((x) => x.id)).not.toContain(f.id);
    const c = await run(tp, ep, { n: 3 });
    expect(await finished(ep, c)).toMatchObject({ status: "COMPLETED", output: { ran: { n: 3 } } });
    expect(seen).toEqual([c]);
    expect((await events(a)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["worker.assigned", "started", "fault", "failed"]),
    );
  });

  it("a count is shared: built-in and external workers use up the same fault", async () => {
    const builtin = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await settle(tp);
    const own = await serve();
    await inject({ kind: "job.fail", count: 2 });
    const first = await run(tp, builtin, { mock_return: "x" });
    await settle(tp);
    expect((await status(tp, builtin, first)).body).toMatchObject({
      status: "FAILED",
      error: "injected fault",
    });
    expect(await faults()).toMatchObject([{ remaining: 1 }]);
    const second = await run(tp, own.ep, {});
    expect(await finished(own.ep, second)).toMatchObject({
      status: "FAILED",
      error: "injected fault",
    });
    expect(await faults()).toEqual([]);
    const third = await run(tp, own.ep, {});
    expect(await finished(own.ep, third)).toMatchObject({ status: "COMPLETED" });
    expect(own.seen).toEqual([third]);
  });

  it("job.timeout ends the external worker's next job TIMED_OUT without running it, then jobs run again", async () => {
    const { ep, seen } = await serve();
    await inject({ kind: "job.timeout", endpointId: ep });
    const a = await run(tp, ep, {});
    expect(await finished(ep, a)).toMatchObject({ status: "TIMED_OUT" });
    expect(await faults()).toEqual([]);
    const b = await run(tp, ep, { again: true });
    expect(await finished(ep, b)).toMatchObject({
      status: "COMPLETED",
      output: { ran: { again: true } },
    });
    expect(seen).toEqual([b]);
    expect((await events(a)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["started", "fault", "timed_out"]),
    );
  });

  it("a job.timeout with a duration times out every external job until the platform clock passes it", async () => {
    const { ep, seen } = await serve();
    await inject({ kind: "job.timeout", endpointId: ep, durationMs: 60_000 });
    for (const n of [1, 2]) {
      const id = await run(tp, ep, { n });
      expect(await finished(ep, id)).toMatchObject({ status: "TIMED_OUT" });
    }
    expect(await faults()).toHaveLength(1);
    await advance(tp, 60_000);
    expect(await faults()).toEqual([]);
    const after = await run(tp, ep, {});
    expect(await finished(ep, after)).toMatchObject({ status: "COMPLETED" });
    expect(seen).toEqual([after]);
  });

  it("worker.crash removes the external worker; the job is requeued and runs once it registers again", async () => {
    const { ep, w, seen } = await serve();
    await inject({ kind: "worker.crash", endpointId: ep });
    const id = await run(tp, ep, { survive: 1 });
    expect(await finished(ep, id)).toMatchObject({
      status: "COMPLETED",
      output: { ran: { survive: 1 } },
      retries: 1,
      workerId: w.workerId,
    });
    expect(seen).toEqual([id]);
    const timeline = await events(id);
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(["fault", "worker.removed", "requeued", "completed"]),
    );
    expect(timeline.find((e) => e.type === "worker.removed")?.detail).toBe("crashed");
    expect(await faults()).toEqual([]);
  });

  it("worker.crash follows the worker-loss rules: a job lost three times fails", async () => {
    const { ep, seen } = await serve();
    await inject({ kind: "worker.crash", endpointId: ep, count: 3 });
    const id = await run(tp, ep, {});
    expect(await finished(ep, id)).toMatchObject({
      status: "FAILED",
      error: expect.stringContaining("lost 3 times") as unknown,
    });
    expect(seen).toEqual([]);
    expect(await faults()).toEqual([]);
  });

  it("worker.crash over the raw protocol: running jobs are stopped on job-stop, later results are ignored", async () => {
    const ep = await createEndpoint(tp, { image: "acme/own-worker:1" });
    const env = await workerEnvOf(tp, ep, "w-crash-1");
    const take = `${env.RUNPOD_WEBHOOK_GET_JOB!.replaceAll("$ID", "w-crash-1")}`;
    const done = (jobId: string) =>
      `${env.RUNPOD_WEBHOOK_POST_OUTPUT!.replaceAll("$RUNPOD_POD_ID", "w-crash-1").replaceAll("$ID", jobId)}&isStream=false`;
    const a = await run(tp, ep, { a: 1 });
    const first = await workerCall(tp, `${take}&job_in_progress=0`);
    expect(first).toMatchObject({ status: 200, body: { id: a } });
    await inject({ kind: "worker.crash", endpointId: ep });
    const b = await run(tp, ep, { b: 1 });
    // The take that met the fault hands over nothing: the worker died taking it.
    expect((await workerCall(tp, `${take}&job_in_progress=1`)).status).toBe(204);
    const workers = await tp.request(`/v2/serverless/${ep}/workers`);
    expect(((await workers.json()) as { workers: unknown[] }).workers).toEqual([]);
    for (const id of [a, b])
      expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_QUEUE", retries: 1 });
    const stop = await workerCall(tp, take.replace("/job-take/", "/job-stop/"));
    expect(stop).toMatchObject({ status: 200, body: { jobsToStop: [a] } });
    const late = await workerCall(tp, done(a), { body: { output: "too late" } });
    expect(late).toMatchObject({ status: 200, body: { status: "ignored" } });
    expect((await status(tp, ep, a)).body).toMatchObject({ status: "IN_QUEUE" });
    // Registered again on its next request (a restarted container), it takes the requeued jobs.
    const again = await workerCall(tp, `${take}&job_in_progress=0`);
    expect(again).toMatchObject({ status: 200, body: { id: a } });
    expect(await workerCall(tp, done(a), { body: { output: "second run" } })).toMatchObject({
      body: { status: "completed" },
    });
    expect((await status(tp, ep, a)).body).toMatchObject({
      status: "COMPLETED",
      output: "second run",
      workerId: "w-crash-1",
    });
  });
});
