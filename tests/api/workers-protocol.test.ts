import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorkerEnv, WorkerJob } from "@/lib/schemas/jobs";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  eventually,
  jobApi,
  run,
  startManualPlatform,
  status,
  workerCall,
  workerEnvOf,
  workerUrls,
  type JobsPlatform,
} from "./support/jobs";

const exec = promisify(execFile);

/** platform-notes §2 and §8: the worker protocol as the official runtime speaks it. */
describeEachBackend("worker protocol", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, {
      PLATFORM_WORKER_LOST_MS: "60000",
      PLATFORM_WORKER_PING_MS: "10000",
    });
  });
  afterAll(async () => tp?.close());

  async function worker(env: Record<string, string> = {}) {
    const ep = await createEndpoint(tp, { image: "acme/handler:2", env });
    const wenv = await workerEnvOf(tp, ep);
    return { ep, env: wenv, u: workerUrls(wenv) };
  }

  it("GET /_platform/endpoints/{id}/worker-env hands out the §8.7 URL templates, the key and the offline switches", async () => {
    const ep = await createEndpoint(tp, { image: "acme/handler:2", env: { MODEL: "tiny" } });
    const res = await tp.request(`/_platform/endpoints/${ep}/worker-env?workerId=w-fixed-1`);
    expect(res.status).toBe(200);
    const body = WorkerEnv.parse(await res.json());
    const base = `${tp.url}/v2/${ep}`;
    expect(body).toMatchObject({ endpointId: ep, workerId: "w-fixed-1" });
    expect(body.env).toMatchObject({
      RUNPOD_WEBHOOK_GET_JOB: `${base}/job-take/$ID?gpu=ADA_24`,
      RUNPOD_WEBHOOK_POST_OUTPUT: `${base}/job-done/$RUNPOD_POD_ID/$ID?gpu=ADA_24`,
      RUNPOD_WEBHOOK_POST_STREAM: `${base}/job-stream/$RUNPOD_POD_ID/$ID?gpu=ADA_24`,
      RUNPOD_WEBHOOK_PING: `${base}/ping/$RUNPOD_POD_ID`,
      RUNPOD_AI_API_KEY: tp.key,
      RUNPOD_POD_ID: "w-fixed-1",
      RUNPOD_ENDPOINT_ID: ep,
      RUNPOD_PING_INTERVAL: "10000",
      RUNPOD_SKIP_AUTO_SYSTEM_CHECKS: "true",
      RUNPOD_SKIP_GPU_CHECK: "true",
      MODEL: "tiny",
    });
    const other = await tp.otherAccountKey();
    expect(
      (await tp.request(`/_platform/endpoints/${ep}/worker-env`, { auth: other })).status,
    ).toBe(404);
  });

  it("job-take (raw key) answers 204 after holding when there is no job", async () => {
    const { u } = await worker();
    const r = await workerCall(tp, u.take());
    expect(r.status).toBe(204);
  });

  it("job-take hands a queued job as 200 application/json {id, input, policy, s3Config}; s3Config is never echoed", async () => {
    const { ep, u } = await worker();
    const s3Config = {
      accessId: "AK",
      accessSecret: "SECRET",
      bucketName: "b",
      endpointUrl: "http://s3.local",
    };
    const id = await run(tp, ep, { prompt: "p" }, { s3Config, policy: { executionTimeout: 9000 } });
    const r = await workerCall(tp, u.take());
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^application\/json/);
    const job = WorkerJob.parse(r.body);
    expect(job).toEqual({
      id,
      input: { prompt: "p" },
      s3Config,
      policy: { executionTimeout: 9000, ttl: 86_400_000, lowPriority: false },
    });
    const s = await status(tp, ep, id);
    expect(s.body).toMatchObject({ id, status: "IN_PROGRESS", workerId: expect.any(String) });
    expect(JSON.stringify(s.body)).not.toContain("SECRET");
    await workerCall(tp, u.done(id), { body: { output: "ok" } });
    expect(JSON.stringify((await status(tp, ep, id)).body)).not.toContain("SECRET");
  });

  it("a held job-take answers as soon as a job is queued (long-poll)", async () => {
    const { ep, u } = await worker();
    const held = workerCall(tp, u.take());
    await new Promise((r) => setTimeout(r, 200));
    const id = await run(tp, ep, { n: 1 });
    const r = await held;
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, input: { n: 1 } });
  });

  it("never hands a job to a job-take whose client went away", async () => {
    const { ep, u } = await worker();
    const abort = new AbortController();
    const held = workerCall(tp, u.take(), { signal: abort.signal }).catch(() => "aborted");
    await new Promise((r) => setTimeout(r, 200));
    abort.abort();
    expect(await held).toBe("aborted");
    await new Promise((r) => setTimeout(r, 100));
    const id = await run(tp, ep, {});
    await new Promise((r) => setTimeout(r, 100));
    expect((await status(tp, ep, id)).body.status).toBe("IN_QUEUE");
    expect((await workerCall(tp, u.take())).body).toMatchObject({ id });
  });

  it("job-take-batch answers a JSON array of up to batch_size jobs", async () => {
    const { ep, u } = await worker();
    const ids = [
      await run(tp, ep, { i: 0 }),
      await run(tp, ep, { i: 1 }),
      await run(tp, ep, { i: 2 }),
    ];
    const r = await workerCall(tp, u.batch(2));
    expect(r.status).toBe(200);
    expect((r.body as WorkerJob[]).map((j) => j.id)).toEqual(ids.slice(0, 2));
    const rest = await workerCall(tp, u.batch(5, 1));
    expect((rest.body as WorkerJob[]).map((j) => j.id)).toEqual([ids[2]]);
  });

  it("job-done: JSON text sent as form data completes; an error fails; a progress update keeps the job running", async () => {
    const { ep, u } = await worker();
    const ok = await run(tp, ep, {});
    const bad = await run(tp, ep, {});
    await workerCall(tp, u.batch(2));
    const progress = await workerCall(tp, u.done(ok), {
      body: { status: "IN_PROGRESS", output: { pct: 50 } },
    });
    expect(progress.status).toBe(200);
    expect((await status(tp, ep, ok)).body).toMatchObject({
      status: "IN_PROGRESS",
      output: { pct: 50 },
    });
    expect((await workerCall(tp, u.done(ok), { body: { output: [1, 2] } })).status).toBe(200);
    expect((await status(tp, ep, ok)).body).toMatchObject({
      status: "COMPLETED",
      output: [1, 2],
      executionTime: expect.any(Number),
    });
    const pyError = JSON.stringify({
      error_type: "<class 'ValueError'>",
      error_message: "bad width",
    });
    await workerCall(tp, u.done(bad), { body: { error: pyError } });
    expect((await status(tp, ep, bad)).body).toMatchObject({ status: "FAILED", error: pyError });
  });

  it("job-stream chunks reach /stream once each; the final isStream=true post completes the job", async () => {
    const { ep, u } = await worker();
    const id = await run(tp, ep, {});
    await workerCall(tp, u.take());
    for (const piece of ["a", { b: 2 }])
      expect((await workerCall(tp, u.stream(id), { body: { output: piece } })).status).toBe(200);
    expect((await jobApi(tp, ep, `/stream/${id}`)).body).toMatchObject({
      status: "IN_PROGRESS",
      stream: [{ output: "a" }, { output: { b: 2 } }],
    });
    await workerCall(tp, u.stream(id), { body: { output: "c" } });
    await workerCall(tp, u.done(id, true), { body: { output: [] } });
    expect((await jobApi(tp, ep, `/stream/${id}`)).body).toMatchObject({
      status: "COMPLETED",
      stream: [{ output: "c" }],
    });
    expect((await jobApi(tp, ep, `/stream/${id}`)).body).toMatchObject({
      status: "COMPLETED",
      stream: [],
    });
    expect((await status(tp, ep, id)).body.output).toEqual([]);
  });

  it("stopPod: true asks to recycle the worker: it leaves the endpoint's worker list", async () => {
    const { ep, u, env } = await worker();
    const id = await run(tp, ep, {});
    await workerCall(tp, u.take());
    const workersBefore = (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as {
      workers: { id: string }[];
    };
    expect(workersBefore.workers.map((w) => w.id)).toEqual([env.RUNPOD_POD_ID]);
    await workerCall(tp, u.done(id), { body: { output: 1, stopPod: true } });
    const after = (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as {
      workers: unknown[];
    };
    expect(after.workers).toEqual([]);
  });

  it("ping answers {status: pong} and registers the worker; an unhealthy report shows as UNHEALTHY", async () => {
    const { ep, u } = await worker();
    const r = await workerCall(tp, u.ping());
    expect(r).toMatchObject({ status: 200, body: { status: "pong" } });
    expect((await jobApi(tp, ep, "/health")).body.workers).toMatchObject({ idle: 1 });
    await workerCall(tp, `${u.ping()}&status=unhealthy&check=memory&reason=low`);
    expect((await jobApi(tp, ep, "/health")).body.workers).toMatchObject({ unhealthy: 1, idle: 0 });
  });

  it("recovers a job whose result was lost: the heartbeat no longer lists it", async () => {
    const { ep, u } = await worker();
    const id = await run(tp, ep, {});
    await workerCall(tp, u.take());
    await workerCall(tp, u.ping([id]));
    await advance(tp, 10_001);
    await workerCall(tp, u.ping([]));
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_QUEUE", retries: 1 });
    expect((await workerCall(tp, u.take())).body).toMatchObject({ id });
  });

  it("job_in_progress=0 means the worker holds nothing: a job it took but never ran goes back to the queue", async () => {
    const { ep, u } = await worker();
    const id = await run(tp, ep, {});
    expect((await workerCall(tp, u.take())).body).toMatchObject({ id });
    // Its answer was lost on the way: the worker asks again, holding nothing.
    const again = await workerCall(tp, u.take(0));
    expect(again.body).toMatchObject({ id });
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_PROGRESS", retries: 1 });
  });

  it("a worker silent for PLATFORM_WORKER_LOST_MS is lost: its job is requeued; lost 3 times, the job fails", async () => {
    const { ep, u } = await worker();
    const id = await run(tp, ep, {});
    await workerCall(tp, u.take());
    await advance(tp, 60_000);
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_QUEUE", retries: 1 });
    for (let loss = 2; loss <= 3; loss++) {
      expect((await workerCall(tp, u.take())).body).toMatchObject({ id });
      await advance(tp, 60_000);
    }
    expect((await status(tp, ep, id)).body).toMatchObject({
      status: "FAILED",
      error: expect.stringContaining("lost 3 times"),
    });
  });

  it("a worker that used job-stop and now only pings (main process killed, its ping process orphaned) is lost after PLATFORM_WORKER_LOST_MS: its job is requeued", async () => {
    const { ep, u } = await worker();
    expect((await workerCall(tp, u.stop)).status).toBe(204);
    const id = await run(tp, ep, {});
    expect((await workerCall(tp, u.take(0))).body).toMatchObject({ id });
    // From here on only the orphaned heartbeat speaks, every ping period, still listing the job.
    for (let t = 0; t < 60_000; t += 10_000) {
      await advance(tp, 10_000);
      await workerCall(tp, u.ping([id]));
    }
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_QUEUE", retries: 1 });
  });

  it("a worker that closes its held job-stop right after a job-take handed it a job (SIGTERM while taking) is gone within seconds: the job goes back to the queue", async () => {
    const { ep, u } = await worker();
    const closing = new AbortController();
    const stopPoll = workerCall(tp, u.stop, { signal: closing.signal }).catch(() => "closed");
    const take = workerCall(tp, u.take(0));
    await new Promise((r) => setTimeout(r, 200));
    const id = await run(tp, ep, {});
    expect((await take).body).toMatchObject({ id });
    // The worker shuts down without running it: its session closes the held stop channel.
    closing.abort();
    expect(await stopPoll).toBe("closed");
    await eventually(async () =>
      expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_QUEUE", retries: 1 }),
    );
    const listed = (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as {
      workers: unknown[];
    };
    expect(listed.workers).toEqual([]);
  });

  it("a worker that stops taking but keeps polling job-stop (draining its job) keeps the job", async () => {
    const { ep, u } = await worker();
    const id = await run(tp, ep, {});
    expect((await workerCall(tp, u.take(0))).body).toMatchObject({ id });
    const leaving = new AbortController();
    const idleTake = workerCall(tp, u.take(1), { signal: leaving.signal }).catch(() => "closed");
    await new Promise((r) => setTimeout(r, 200));
    leaving.abort();
    expect(await idleTake).toBe("closed");
    // The stop channel stays open across the departure grace: two holds back to back.
    expect((await workerCall(tp, u.stop)).status).toBe(204);
    expect((await workerCall(tp, u.stop)).status).toBe(204);
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_PROGRESS" });
    expect((await workerCall(tp, u.done(id), { body: { output: 1 } })).status).toBe(200);
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "COMPLETED", output: 1 });
  });

  it("job-stop answers 204 when there is nothing to stop and lists a timed-out job", async () => {
    const { ep, u } = await worker();
    expect((await workerCall(tp, u.stop)).status).toBe(204);
    const id = await run(tp, ep, {}, { policy: { executionTimeout: 5000 } });
    await workerCall(tp, u.take());
    await advance(tp, 5000);
    expect((await status(tp, ep, id)).body.status).toBe("TIMED_OUT");
    expect((await workerCall(tp, u.stop)).body).toEqual({ jobsToStop: [id] });
  });

  it.each([
    ["a bad key", "rpa_WRONGKEY00000000000000000000000000000", 401],
    ["another account's key", "other", 404],
  ])("worker calls with %s answer %i", async (_what, key, code) => {
    const { u } = await worker();
    const auth = key === "other" ? await tp.otherAccountKey() : key;
    const res = await fetch(u.take(), { headers: { Authorization: auth } });
    expect(res.status).toBe(code);
  });

  it("a worker id already serving another endpoint is refused with 400", async () => {
    const a = await worker();
    const b = await createEndpoint(tp, { image: "acme/handler:2" });
    await workerCall(tp, a.u.ping());
    const envB = await workerEnvOf(tp, b, a.env.RUNPOD_POD_ID);
    const r = await workerCall(tp, workerUrls(envB).ping());
    expect(r.status).toBe(400);
  });
});

describe("worker-env CLI", () => {
  it("npm run platform -- worker-env <id> prints export lines with a key scoped to the endpoint", async () => {
    const tp = await startManualPlatform("sqlite");
    try {
      const ep = await createEndpoint(tp, { image: "acme/handler:2" });
      const env = {
        ...process.env,
        PLATFORM_DATA_DIR: tp.config.dataDir,
        PLATFORM_PUBLIC_URL: tp.url,
        RUNPOD_AI_API_KEY: "",
      };
      const { stdout } = await exec(
        "npx",
        ["tsx", "lib/platform/cli.ts", "worker-env", ep, "--worker-id", "cli-worker"],
        { env },
      );
      const vars = Object.fromEntries(
        stdout
          .trim()
          .split("\n")
          .map((l) => /^export (\w+)='(.*)'$/.exec(l)!)
          .map((m) => [m[1], m[2]]),
      ) as Record<string, string>;
      expect(vars).toMatchObject({
        RUNPOD_WEBHOOK_GET_JOB: `${tp.url}/v2/${ep}/job-take/$ID?gpu=ADA_24`,
        RUNPOD_POD_ID: "cli-worker",
        RUNPOD_SKIP_AUTO_SYSTEM_CHECKS: "true",
        RUNPOD_SKIP_GPU_CHECK: "true",
      });
      // The minted key serves this endpoint and nothing else.
      const take = await fetch(
        `${vars.RUNPOD_WEBHOOK_GET_JOB!.replace("$ID", "cli-worker")}&job_in_progress=0`,
        {
          headers: { Authorization: vars.RUNPOD_AI_API_KEY! },
          signal: AbortSignal.timeout(10_000),
        },
      );
      expect(take.status).toBe(204);
      expect((await tp.request("/v2/pods", { auth: vars.RUNPOD_AI_API_KEY })).status).toBe(403);
    } finally {
      await tp.close();
    }
  }, 60_000);
});
