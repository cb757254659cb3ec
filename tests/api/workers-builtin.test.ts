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
  type JobsPlatform,
} from "./support/jobs";

/** Built-in images: `runpod/mock-worker` (its input contract) and the load-balancer echo app. */
describeEachBackend("built-in worker images", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_COLD_START_MS: "0/0/500" });
  });
  afterAll(async () => tp?.close());

  const runsync = async (ep: string, input: unknown) =>
    (await jobApi(tp, ep, "/runsync", { method: "POST", json: { input } })).body;

  it.each(["runpod/mock-worker", "runpod/mock-worker:latest", "runpod/mock-worker:1.2.3"])(
    "%s returns mock_return, default Hello World!",
    async (image) => {
      const ep = await createEndpoint(tp, { image });
      expect(await runsync(ep, {})).toMatchObject({ status: "COMPLETED", output: "Hello World!" });
      expect(await runsync(ep, { mock_return: { any: ["json", 1] } })).toMatchObject({
        output: { any: ["json", 1] },
      });
    },
  );

  it("mock_delay waits on the platform clock", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_delay: 12 });
    await advance(tp, 11_999);
    expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 1);
    expect((await status(tp, ep, id)).body).toMatchObject({
      status: "COMPLETED",
      executionTime: 12_000,
    });
  });

  it("mock_error fails the job with the Python runtime's JSON-encoded exception", async () => {
    const ep = await createEndpoint(tp);
    const r = await runsync(ep, { mock_error: true });
    expect(r.status).toBe("FAILED");
    expect(JSON.parse(r.error as string)).toMatchObject({
      error_type: "<class 'Exception'>",
      error_message: "Mock error",
    });
  });

  it("/requests lists a failed job with its error exactly as /status answers it; a completed one has none", async () => {
    const ep = await createEndpoint(tp);
    const failed = await runsync(ep, { mock_error: true });
    const done = await runsync(ep, { mock_return: "fine" });
    const listed = (await jobApi(tp, ep, "/requests")).body.requests as Record<string, unknown>[];
    const byId = new Map(listed.map((r) => [r.id, r]));
    expect(byId.get(failed.id)).toMatchObject({ status: "FAILED", error: failed.error });
    expect(byId.get(done.id)).toMatchObject({ status: "COMPLETED" });
    expect(byId.get(done.id)).not.toHaveProperty("error");
  });

  it("mock_crash kills the worker; the platform recovers the job (requeued, failing after 3 losses) and replaces the worker", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    const id = await run(tp, ep, { mock_crash: true });
    await settle(tp);
    const s = (await status(tp, ep, id)).body;
    expect(s).toMatchObject({
      status: "FAILED",
      retries: 2,
      error: expect.stringContaining("lost 3 times"),
    });
    // The endpoint still serves: a new worker replaced the crashed ones.
    expect(await runsync(ep, { mock_return: "alive" })).toMatchObject({
      status: "COMPLETED",
      output: "alive",
    });
  });

  it("mock_refresh returns {mock_return} and recycles the worker", async () => {
    const ep = await createEndpoint(tp);
    const first = await runsync(ep, { mock_refresh: true, mock_return: 5 });
    expect(first).toMatchObject({ status: "COMPLETED", output: { mock_return: 5 } });
    const second = await runsync(ep, {});
    expect(second.workerId).not.toBe(first.workerId);
  });

  it("mock_progress posts progress updates readable through /status", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, {
      mock_progress: { updates: ["25%", "50%"], wait_time: 1 },
      mock_delay: 0,
    });
    // Small steps: the worker registers each wait when it gets there, which may be after a step.
    const stepUntil = async (check: (body: Record<string, unknown>) => boolean) => {
      let body = (await status(tp, ep, id)).body;
      for (let i = 0; i < 60 && !check(body); i++) {
        await advance(tp, 100);
        body = (await status(tp, ep, id)).body;
      }
      return body;
    };
    // The first update stands for a whole wait_time (1 s) before the next: IN_PROGRESS with it.
    expect(await stepUntil((b) => b.output === "25%")).toMatchObject({
      status: "IN_PROGRESS",
      output: "25%",
    });
    expect(await stepUntil((b) => b.status === "COMPLETED")).toMatchObject({
      status: "COMPLETED",
      output: "Hello World!",
    });
  });

  it("with --generator in args a list mock_return streams item by item", async () => {
    const ep = await createEndpoint(tp, { args: "--generator" });
    const id = await run(tp, ep, { mock_return: [1, 2, 3] });
    await settle(tp);
    expect((await jobApi(tp, ep, `/stream/${id}`)).body).toMatchObject({
      status: "COMPLETED",
      stream: [{ output: 1 }, { output: 2 }, { output: 3 }],
    });
  });

  it("mock_external.error_job_return loses the result; the platform notices and the job runs again", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_external: { error_job_return: true } });
    await settle(tp);
    expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 10_000);
    expect((await status(tp, ep, id)).body.retries).toBeGreaterThanOrEqual(1);
  });

  it("/openai/v1/... relays an OpenAI call as a job {openai_route, openai_input}", async () => {
    const ep = await createEndpoint(tp);
    const chat = await tp.request(`/v2/${ep}/openai/v1/chat/completions`, {
      method: "POST",
      json: { model: "m1", messages: [{ role: "user", content: "hi there" }] },
    });
    expect(chat.status).toBe(200);
    expect(await chat.json()).toMatchObject({
      object: "chat.completion",
      model: "m1",
      choices: [
        { message: { role: "assistant", content: "You said: hi there" }, finish_reason: "stop" },
      ],
    });
    const models = await tp.request(`/v2/${ep}/openai/v1/models`);
    expect(await models.json()).toMatchObject({ object: "list", data: [{ id: "mock-model" }] });
    const jobs = (await jobApi(tp, ep, "/requests")).body.requests as { id: string }[];
    expect(jobs).toHaveLength(2);
  });

  it("/openai/v1/chat/completions with stream: true answers server-sent events relayed from the job", async () => {
    const ep = await createEndpoint(tp);
    const res = await tp.request(`/v2/${ep}/openai/v1/chat/completions`, {
      method: "POST",
      json: { model: "m1", stream: true, messages: [{ role: "user", content: "one two" }] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const text = await res.text();
    const events = text.split("\n\n").filter((e) => e.startsWith("data: "));
    expect(events.at(-1)).toBe("data: [DONE]");
    const pieces = events
      .slice(0, -1)
      .map(
        (e) =>
          (JSON.parse(e.slice(6)) as { choices: { delta: { content: string } }[] }).choices[0]!
            .delta.content,
      );
    expect(pieces.join("")).toBe("You said: one two");
  });

  it("a LOAD_BALANCER endpoint routes {base}/<path> to a ready worker that echoes; /ping is 204 until one is ready", async () => {
    const ep = await createEndpoint(tp, {
      type: "LOAD_BALANCER",
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 0, max: 2, idleTimeout: 5 },
    });
    expect((await tp.request(`/v2/${ep}/ping`)).status).toBe(204);
    const pending = tp.request(`/v2/${ep}/generate?x=1`, { method: "POST", json: { prompt: "p" } });
    await new Promise((r) => setTimeout(r, 150));
    await advance(tp, 500);
    const res = await pending;
    expect(res.status).toBe(200);
    const workerId = res.headers.get("x-runpod-worker-id");
    expect(workerId).toMatch(/^[a-z0-9]{14}$/);
    expect(await res.json()).toMatchObject({
      method: "POST",
      path: "/generate",
      query: { x: "1" },
      body: { prompt: "p" },
      workerId,
    });
    const ping = await tp.request(`/v2/${ep}/ping`);
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ status: "healthy" });
    await advance(tp, 5000);
    expect((await tp.request(`/v2/${ep}/ping`)).status).toBe(204);
  });

  it("a LOAD_BALANCER endpoint with an image the platform cannot run answers 502", async () => {
    const ep = await createEndpoint(tp, { type: "LOAD_BALANCER", image: "acme/server:1" });
    const res = await tp.request(`/v2/${ep}/anything`);
    expect(res.status).toBe(502);
  });
});
