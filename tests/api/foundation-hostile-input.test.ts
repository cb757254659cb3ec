import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/platform/http/json-guard";
import { Problem } from "@/lib/schemas/common";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobApi,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";
import { problemOf } from "./support/problems";
import { rawRequest, type RawAnswer } from "./support/raw-http";

/** `{"a":{"a":…}}` nested `levels` deep (objects), or `[[…]]` for arrays. */
const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const nestedArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** Standard methods the load balancer forwards to the worker app. */
const LB_ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

function expectProblem(res: RawAnswer, status: number): Problem {
  expect(res.status, `${res.status} ${res.text}`).toBe(status);
  expect(res.headers["content-type"]).toContain("application/problem+json");
  const body = Problem.parse(JSON.parse(res.text));
  expect(body.status).toBe(status);
  return body;
}

describeEachBackend("Hostile input answers 4xx, never 5xx", (backend) => {
  let tp: JobsPlatform;
  let queueEp: string;
  let lbEp: string;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
    queueEp = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    lbEp = await createEndpoint(tp, { type: "LOAD_BALANCER", image: "hangar/echo-lb" });
  });
  afterAll(async () => tp?.close());

  it.each([
    ["a management id", "/v2/templates/%00"],
    ["a management id with text around it", "/v2/pods/ab%00cd"],
    ["the job target", "/v2/%00/health"],
    ["a job id", "/v2/ENDPOINT/status/%00"],
    ["a control path", "/_platform/keys/%00"],
  ])("NUL in %s is a 400 naming the path", async (_what, path) => {
    const res = await rawRequest(tp.url, "GET", path.replace("ENDPOINT", queueEp), {
      key: tp.key,
    });
    expect(expectProblem(res, 400).detail).toBe(
      "the request path contains a NUL character (U+0000), which the platform does not accept",
    );
  });

  it("NUL in a query value is a 400 naming the query string", async () => {
    const res = await rawRequest(tp.url, "GET", `/v2/${queueEp}/requests?status=%00`, {
      key: tp.key,
    });
    expect(expectProblem(res, 400).detail).toMatch(/^the query string contains a NUL character/);
    const mgmt = await rawRequest(tp.url, "GET", "/v2/pods?includeClusterPods=tr%00ue", {
      key: tp.key,
    });
    expectProblem(mgmt, 400);
  });

  it("NUL in a management body string or property name is a 400 naming the field", async () => {
    const p = await problemOf(
      await tp.request("/v2/registries", {
        method: "POST",
        body: '{"name":"a\\u0000b","username":"u","password":"p"}',
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    expect(p.detail).toBe(
      "request body at name contains a NUL character (U+0000), which the platform does not accept",
    );
    expect(p.errors).toEqual(["name: must not contain a NUL character"]);
    const key = await problemOf(
      await tp.request("/v2/serverless", {
        method: "POST",
        body: '{"name":"x","env":{"A\\u0000":"1"}}',
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    expect(key.errors).toEqual(["env.A\\u0000: must not contain a NUL character"]);
  });

  it("NUL inside a job input (and a worker's output) is refused too, on both stores alike", async () => {
    for (const path of ["/run", "/runsync"]) {
      const r = await jobApi(tp, queueEp, path, {
        method: "POST",
        body: '{"input":{"prompt":["ok","a\\u0000b"]}}',
      });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual(["input.prompt[1]: must not contain a NUL character"]);
    }
    const done = await jobApi(tp, queueEp, "/job-done/w1/j1", {
      method: "POST",
      body: '{"output":"\\u0000"}',
    });
    expect(done.status).toBe(400);
    expect(done.body.errors).toEqual(["output: must not contain a NUL character"]);
    // An escaped backslash before "u0000" is ordinary text, not a NUL.
    const plain = await jobApi(tp, queueEp, "/run", {
      method: "POST",
      body: '{"input":{"prompt":"\\\\u0000"}}',
    });
    expect(plain.status).toBe(200);
  });

  it.each([
    ["/run (objects)", "/run", (n: number) => `{"input":${nestedObject(n)}}`],
    ["/runsync (arrays)", "/runsync", (n: number) => `{"input":{"x":${nestedArray(n)}}}`],
    [
      "the worker protocol's job-done",
      "/job-done/w1/j1",
      (n: number) => `{"output":${nestedArray(n)}}`,
    ],
    [
      "the OpenAI relay",
      "/openai/v1/chat/completions",
      (n: number) => `{"messages":${nestedArray(n)}}`,
    ],
  ])("JSON nested 5,000 deep on %s is a 400 naming the limit", async (_what, path, body) => {
    const r = await jobApi(tp, queueEp, path, { method: "POST", body: body(5000) });
    expect(r.status).toBe(400);
    expect(String(r.body.detail)).toBe(
      `request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels; the limit is ${MAX_JSON_DEPTH}`,
    );
  });

  it("JSON nested 5,000 deep on a management and a control route is a 400 naming the limit", async () => {
    for (const path of ["/v2/registries", "/v2/serverless", "/_platform/keys"]) {
      const p = await problemOf(
        await tp.request(path, {
          method: "POST",
          body: `{"name":${nestedArray(5000)}}`,
          headers: { "content-type": "application/json" },
        }),
        400,
      );
      expect(p.detail).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    }
  });

  it(`a job input exactly ${MAX_JSON_DEPTH} levels deep (body included) is accepted; brackets inside strings do not count`, async () => {
    const atLimit = await jobApi(tp, queueEp, "/run", {
      method: "POST",
      body: `{"input":${nestedObject(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(atLimit.status).toBe(200);
    const inString = await jobApi(tp, queueEp, "/run", {
      method: "POST",
      body: JSON.stringify({ input: { text: "[".repeat(5000), quote: '"{{{' } }),
    });
    expect(inString.status).toBe(200);
    const over = await jobApi(tp, queueEp, "/run", {
      method: "POST",
      body: `{"input":${nestedObject(MAX_JSON_DEPTH)}}`,
    });
    expect(over.status).toBe(400);
  });

  it("the echo-lb app answers a body nested 5,000 deep with 400 instead of failing", async () => {
    const ep = await createEndpoint(tp, {
      type: "LOAD_BALANCER",
      image: "hangar/echo-lb",
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 0, max: 1, idleTimeout: 5 },
    });
    const pending = tp.request(`/v2/${ep}/echo`, {
      method: "POST",
      body: nestedArray(5000),
      headers: { "content-type": "application/json" },
    });
    await new Promise((r) => setTimeout(r, 150));
    await advance(tp, 1000);
    const res = await pending;
    expect(res.status).toBe(400);
    expect(((await res.json()) as Problem).detail).toContain(`deeper than ${MAX_JSON_DEPTH}`);
  });

  it("the built-in webhook receiver refuses a body with NUL (400) and lists a 5,000-deep body as text", async () => {
    const info = (await (await tp.request("/_platform/inbox")).json()) as { receiverUrl: string };
    const path = new URL(info.receiverUrl).pathname;
    const nul = await tp.request(path, {
      method: "POST",
      auth: null,
      body: "a\u0000b",
      headers: { "content-type": "text/plain" },
    });
    expect((await problemOf(nul, 400)).detail).toMatch(/^the request body contains a NUL/);
    const deep = nestedArray(5000);
    const posted = await tp.request(path, {
      method: "POST",
      auth: null,
      body: deep,
      headers: { "content-type": "application/json" },
    });
    expect(posted.status).toBe(200);
    const list = await tp.request("/_platform/inbox");
    expect(list.status).toBe(200);
    const { messages } = (await list.json()) as { messages: { body: unknown }[] };
    expect(messages[0]!.body).toBe(deep);
  });

  it.each(["TRACE", "PROPFIND", "MKCOL", "PURGE", "LOCK", "SEARCH"])(
    "%s on a load-balancer endpoint answers 405 with Allow",
    async (method) => {
      const res = await rawRequest(tp.url, method, `/v2/${lbEp}/anything`, { key: tp.key });
      expectProblem(res, 405);
      expect(res.headers.allow).toBe(LB_ALLOW);
    },
  );

  it.each([
    ["TRACE", "/v2/serverless", 405],
    ["PROPFIND", "/v2/pods/abc", 405],
    ["TRACE", "/v1/networkvolumes", 405],
    ["TRACE", "/_platform/keys", 405],
    ["TRACE", "/v2/QUEUE/run", 405],
    ["PROPFIND", "/v2/QUEUE/health", 405],
    ["TRACE", "/v2/QUEUE/status/abc", 405],
    ["MKCOL", "/v2/QUEUE/job-done/w1/j1", 405],
    ["TRACE", "/v2/QUEUE/no-such-operation", 404],
    ["TRACE", "/v2/runpod-not-a-model/run", 404],
    ["TRACE", "/nowhere", 404],
  ])("%s %s answers %i, never 5xx", async (method, path, status) => {
    const res = await rawRequest(tp.url, method, path.replace("QUEUE", queueEp), {
      key: tp.key,
    });
    expectProblem(res, status);
    if (status === 405) expect(res.headers.allow).toBeTruthy();
  });
});
