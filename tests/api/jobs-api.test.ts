import { afterAll, beforeAll, expect, it } from "vitest";
import {
  EndpointHealth,
  Job,
  JobStream,
  ListRequestsResponse,
  PurgeQueueResponse,
} from "@/lib/schemas/jobs";
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

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-u1$/;

describeEachBackend("job API", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  it("POST /run answers exactly 200 application/json with a <uuid>-u1 id IN_QUEUE", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const res = await tp.request(`/v2/${ep}/run`, {
      method: "POST",
      json: { input: { prompt: "hi" } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { id: string; status: string };
    expect(body).toEqual({ id: expect.stringMatching(JOB_ID), status: "IN_QUEUE" });
    const s = await status(tp, ep, body.id);
    expect(s.status).toBe(200);
    expect(Job.parse(s.body)).toEqual({ id: body.id, status: "IN_QUEUE" });
  });

  it("POST /runsync holds until the job completes and answers the full job with a sync- id", async () => {
    const ep = await createEndpoint(tp);
    const r = await jobApi(tp, ep, "/runsync", {
      method: "POST",
      json: { input: { mock_return: { a: 1 } } },
    });
    expect(r.status).toBe(200);
    const job = Job.parse(r.body);
    expect(job.id).toMatch(/^sync-/);
    expect(job).toMatchObject({ status: "COMPLETED", output: { a: 1 } });
    expect(job.delayTime).toBeGreaterThanOrEqual(0);
    expect(job.executionTime).toBeGreaterThanOrEqual(0);
    expect(job.workerId).toMatch(/^[a-z0-9]{14}$/);
    // The result stays readable through /status.
    expect((await status(tp, ep, job.id)).body).toMatchObject({
      status: "COMPLETED",
      output: { a: 1 },
    });
  });

  it("POST /runsync answers the job as it stands when wait elapses (platform clock)", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const pending = jobApi(tp, ep, "/runsync?wait=5000", { method: "POST", json: { input: {} } });
    await new Promise((r) => setTimeout(r, 100));
    await advance(tp, 5000);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.stringMatching(/^sync-/), status: "IN_QUEUE" });
  });

  it("POST /runsync clamps wait to 1000–300000 ms and rejects a malformed wait", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const pending = jobApi(tp, ep, "/runsync?wait=99999999", {
      method: "POST",
      json: { input: {} },
    });
    await new Promise((r) => setTimeout(r, 100));
    await advance(tp, 300_000);
    expect((await pending).body.status).toBe("IN_QUEUE");
    const bad = await jobApi(tp, ep, "/runsync?wait=soon", { method: "POST", json: { input: {} } });
    expect(bad.status).toBe(400);
  });

  it("GET and POST /status/{id} both answer; /status-sync holds until terminal", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_delay: 3, mock_return: "late" });
    const viaPost = await jobApi(tp, ep, `/status/${id}`, { method: "POST" });
    expect(viaPost.status).toBe(200);
    const sync = jobApi(tp, ep, `/status-sync/${id}?wait=60000`);
    await new Promise((r) => setTimeout(r, 100));
    await advance(tp, 3000);
    const r = await sync;
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, status: "COMPLETED", output: "late" });
    expect((await jobApi(tp, ep, `/status-sync/${id}`, { method: "POST" })).body.status).toBe(
      "COMPLETED",
    );
  });

  it("GET /stream/{id} delivers each chunk once and ends with a terminal status and an empty stream", async () => {
    const ep = await createEndpoint(tp, { args: "--generator" });
    const id = await run(tp, ep, { mock_return: ["a", "b", "c"] });
    await settle(tp);
    const first = await jobApi(tp, ep, `/stream/${id}`);
    expect(first.status).toBe(200);
    const stream = JobStream.parse(first.body);
    expect(stream.status).toBe("COMPLETED");
    expect(stream.stream).toEqual([{ output: "a" }, { output: "b" }, { output: "c" }]);
    const again = await jobApi(tp, ep, `/stream/${id}`, { method: "POST" });
    expect(again.body).toMatchObject({ id, status: "COMPLETED", stream: [] });
  });

  it("GET /stream/{id} of a job that never streamed hands its final output once", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_return: 42 });
    await settle(tp);
    expect((await jobApi(tp, ep, `/stream/${id}`)).body).toMatchObject({
      status: "COMPLETED",
      stream: [{ output: 42 }],
    });
    expect((await jobApi(tp, ep, `/stream/${id}`)).body).toMatchObject({
      status: "COMPLETED",
      stream: [],
    });
  });

  it("GET /stream/{id} holds while the job runs and answers when chunks arrive", async () => {
    const ep = await createEndpoint(tp, { args: "--generator" });
    const id = await run(tp, ep, { mock_return: ["x"], mock_delay: 2 });
    await settle(tp);
    const held = jobApi(tp, ep, `/stream/${id}?wait=60000`);
    await new Promise((r) => setTimeout(r, 100));
    await advance(tp, 2000);
    const r = await held;
    expect(r.body.stream).toEqual([{ output: "x" }]);
  });

  it("POST /purge-queue removes queued jobs only (in-progress jobs are unaffected)", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    const running = await run(tp, ep, { mock_delay: 100 });
    await settle(tp);
    expect((await status(tp, ep, running)).body.status).toBe("IN_PROGRESS");
    const queued = [await run(tp, ep, {}), await run(tp, ep, {})];
    const r = await jobApi(tp, ep, "/purge-queue", { method: "POST", json: {} });
    expect(r.status).toBe(200);
    expect(PurgeQueueResponse.parse(r.body)).toEqual({ removed: 2, status: "completed" });
    for (const id of queued) expect((await status(tp, ep, id)).body.status).toBe("CANCELLED");
    expect((await status(tp, ep, running)).body.status).toBe("IN_PROGRESS");
  });

  it("GET /health counts jobs and workers", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    await jobApi(tp, ep, "/runsync", { method: "POST", json: { input: {} } });
    await jobApi(tp, ep, "/runsync", { method: "POST", json: { input: { mock_error: true } } });
    const busy = await run(tp, ep, { mock_delay: 50 });
    await settle(tp);
    await run(tp, ep, {});
    const r = await jobApi(tp, ep, "/health");
    expect(r.status).toBe(200);
    const health = EndpointHealth.parse(r.body);
    expect(health.jobs).toEqual({ completed: 1, failed: 1, inProgress: 1, inQueue: 1, retried: 0 });
    expect(health.workers).toMatchObject({
      running: 1,
      idle: 0,
      ready: 1,
      initializing: 0,
      throttled: 0,
    });
    expect(busy).toMatch(JOB_ID);
  });

  it("GET /requests lists the endpoint's recent jobs, newest first (our design)", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const a = await run(tp, ep, {});
    await advance(tp, 10);
    const b = await run(tp, ep, {});
    const r = await jobApi(tp, ep, "/requests?limit=10");
    expect(r.status).toBe(200);
    const list = ListRequestsResponse.parse(r.body);
    expect(list.requests.map((j) => j.id)).toEqual([b, a]);
    expect(list.requests[0]).toMatchObject({ status: "IN_QUEUE", createdAt: expect.any(String) });
  });

  it("accepts the raw key (no Bearer) as the service's curl examples send it", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const res = await tp.request(`/v2/${ep}/run`, {
      method: "POST",
      headers: { authorization: tp.key },
      auth: null,
      json: { input: {} },
    });
    expect(res.status).toBe(200);
  });

  it("accepts JSON text whatever the content type, and empty bodies on cancel and purge", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const res = await tp.request(`/v2/${ep}/run`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: JSON.stringify({ input: { x: 1 } }),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const cancel = await tp.request(`/v2/${ep}/cancel/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    expect(cancel.status).toBe(200);
    const purge = await tp.request(`/v2/${ep}/purge-queue`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    expect(purge.status).toBe(200);
  });

  it("error bodies are problem+json with an `error` member equal to detail", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const res = await tp.request(`/v2/${ep}/status/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "Not Found",
      status: 404,
      detail: "job not found",
      error: "job not found",
    });
  });

  it.each([
    ["no key", null, 401],
    ["an invalid key", "rpa_NOTAKEY000000000000000000000000000000", 401],
    ["Basic scheme", "Basic abc", 401],
  ])("answers %s with 401", async (_what, key, statusCode) => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const headers: Record<string, string> = key && key.includes(" ") ? { authorization: key } : {};
    const res = await tp.request(`/v2/${ep}/run`, {
      method: "POST",
      auth: key && !key.includes(" ") ? key : null,
      headers,
      json: { input: {} },
    });
    expect(res.status).toBe(statusCode);
    expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
  });

  it("answers 404 for an unknown endpoint and for another account's endpoint and job", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, {});
    expect(
      (await jobApi(tp, "nosuchendpoint", "/run", { method: "POST", json: { input: {} } })).status,
    ).toBe(404);
    const other = await tp.otherAccountKey();
    expect((await jobApi(tp, ep, `/status/${id}`, { auth: other })).status).toBe(404);
    const otherEp = await createEndpoint(tp, { workers: { min: 0, max: 0 } }, other);
    expect((await jobApi(tp, otherEp, `/status/${id}`, { auth: other })).status).toBe(404);
  });

  it("answers 403 to a key without access to the endpoint (read-only key cannot run)", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: { name: "ro", permission: { type: "read" } },
    });
    const { key } = (await res.json()) as { key: string };
    expect(
      (await jobApi(tp, ep, "/run", { method: "POST", auth: key, json: { input: {} } })).status,
    ).toBe(403);
    expect((await jobApi(tp, ep, "/health", { auth: key })).status).toBe(200);
  });

  it.each([
    ["missing input", { webhook: "http://127.0.0.1:1/x" }, "input: enter an input object"],
    ["null input", { input: null }, "input"],
    ["a webhook that is not a URL", { input: {}, webhook: "not a url" }, "webhook"],
    ["malformed s3Config", { input: {}, s3Config: { accessId: 1 } }, "s3Config.accessId"],
    [
      "policy.ttl below 10 s",
      { input: {}, policy: { ttl: 9999 } },
      "policy.ttl: must be at least 10000 ms",
    ],
    [
      "policy.ttl above 7 days",
      { input: {}, policy: { ttl: 604_800_001 } },
      "policy.ttl: must be at most 604800000 ms",
    ],
    [
      "policy.executionTimeout below 5 s",
      { input: {}, policy: { executionTimeout: 4999 } },
      "policy.executionTimeout: must be at least 5000 ms",
    ],
    [
      "policy.executionTimeout above 7 days",
      { input: {}, policy: { executionTimeout: 604_800_001 } },
      "policy.executionTimeout: must be at most 604800000 ms",
    ],
    [
      "a non-boolean lowPriority",
      { input: {}, policy: { lowPriority: "yes" } },
      "policy.lowPriority",
    ],
  ])(
    "POST /run rejects %s with a clear 400 (seed job policy bounds)",
    async (_what, body, detail) => {
      const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
      const r = await jobApi(tp, ep, "/run", { method: "POST", json: body });
      expect(r.status).toBe(400);
      expect(String(r.body.detail)).toContain(detail);
    },
  );

  it.each([
    ["/run", "a string", "text", 'must be an object, got "text"'],
    ["/run", "an array", [1, 2], "must be an object, got a list"],
    ["/run", "a number", 5, "must be an object, got 5"],
    ["/runsync", "a string", "text", 'must be an object, got "text"'],
    ["/runsync", "an array", [1, 2], "must be an object, got a list"],
    ["/runsync", "a number", 5, "must be an object, got 5"],
  ])(
    "Submit body rule 'input | object | yes': POST %s refuses input that is %s with 400 like a missing input",
    async (path, _what, input, message) => {
      const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
      const r = await jobApi(tp, ep, path, { method: "POST", json: { input } });
      expect(r.status).toBe(400);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
      expect(r.body.errors).toEqual([`input: ${message}`]);
      const missing = await jobApi(tp, ep, path, { method: "POST", json: {} });
      expect(missing.status).toBe(r.status);
      expect(missing.body.errors).toEqual(["input: enter an input object"]);
      // Nothing was queued.
      const requests = await jobApi(tp, ep, "/requests");
      expect(requests.body.requests).toEqual([]);
    },
  );

  it.each([
    ["policy at the lower bounds", { executionTimeout: 5000, ttl: 10_000 }],
    [
      "policy at the upper bounds",
      { executionTimeout: 604_800_000, ttl: 604_800_000, lowPriority: true },
    ],
  ])("POST /run accepts %s", async (_what, policy) => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    expect(
      (await jobApi(tp, ep, "/run", { method: "POST", json: { input: {}, policy } })).status,
    ).toBe(200);
  });

  it("answers malformed JSON with 400 and a wrong method with 405 and Allow", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const bad = await tp.request(`/v2/${ep}/run`, {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    const wrong = await tp.request(`/v2/${ep}/run`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});
