import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { verifyKey } from "./account";
import { createCloud } from "./client";
import type { PlatformConfig } from "./config";
import { CloudError } from "./errors";
import { health } from "./platform";

type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
let routes: Record<string, Reply> = {};
let server: Server;
let origin: string;

function config(apiUrl: string): PlatformConfig {
  return {
    apiUrl,
    jobUrl: `${apiUrl}/jobs-origin`,
    restUrl: `${apiUrl}/rest-origin`,
    localKey: undefined,
  };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      });
      const reply = routes[`${req.method} ${req.url}`] ?? { status: 404, body: "" };
      setTimeout(() => {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? "");
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const problemJson = { "content-type": "application/problem+json" };

async function failure(promise: Promise<unknown>): Promise<CloudError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CloudError);
  return error as CloudError;
}

describe("lib/cloud request() – problem+json → CloudError", () => {
  const cases: { name: string; reply: Reply; expected: Partial<CloudError> }[] = [
    {
      name: "401 problem keeps the platform's title and detail",
      reply: {
        status: 401,
        headers: problemJson,
        body: JSON.stringify({ title: "Unauthorized", status: 401, detail: "invalid api key" }),
      },
      expected: { status: 401, title: "Unauthorized", detail: "invalid api key", errors: [] },
    },
    {
      name: "422 problem keeps errors[]",
      reply: {
        status: 422,
        headers: problemJson,
        body: JSON.stringify({
          title: "Unprocessable Entity",
          status: 422,
          detail: "Request validation failed.",
          errors: ["workersMax: must be at least 0"],
        }),
      },
      expected: {
        status: 422,
        detail: "Request validation failed.",
        errors: ["workersMax: must be at least 0"],
      },
    },
    {
      name: "429 problem carries Retry-After seconds",
      reply: {
        status: 429,
        headers: { ...problemJson, "retry-after": "7" },
        body: JSON.stringify({
          title: "Too Many Requests",
          status: 429,
          detail: "rate limit exceeded for the minute window",
        }),
      },
      expected: {
        status: 429,
        detail: "rate limit exceeded for the minute window",
        retryAfterSeconds: 7,
      },
    },
    {
      name: "the HTTP status wins over a body that disagrees",
      reply: {
        status: 404,
        headers: problemJson,
        body: JSON.stringify({ title: "Not Found", status: 400, detail: "endpoint not found" }),
      },
      expected: { status: 404, detail: "endpoint not found" },
    },
    {
      name: "v1 {message} errors become the detail",
      reply: {
        status: 400,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "Invalid input" }),
      },
      expected: { status: 400, title: "Bad Request", detail: "Invalid input" },
    },
    {
      name: "an HTML error page does not leak into the detail",
      reply: {
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<html><body>Bad gateway</body></html>",
      },
      expected: {
        status: 502,
        title: "Bad Gateway",
        detail: "the platform answered 502 without details",
      },
    },
    {
      name: "a short plain-text error is kept",
      reply: { status: 500, headers: { "content-type": "text/plain" }, body: "worker crashed" },
      expected: { status: 500, title: "Internal Server Error", detail: "worker crashed" },
    },
  ];

  for (const { name, reply, expected } of cases) {
    it(name, async () => {
      routes = { "GET /v2/thing": reply };
      const error = await failure(
        createCloud("k", { config: config(origin) }).request({ path: "/thing" }),
      );
      expect(error).toMatchObject(expected);
      expect(error.toProblem()).toMatchObject({ status: expected.status, detail: expected.detail });
    });
  }

  it("a refused connection becomes 503 'platform unreachable at <url>'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      createCloud("k", { config: config(deadOrigin) }).request({ path: "/thing" }),
    );
    expect(error).toMatchObject({ status: 503, detail: `platform unreachable at ${deadOrigin}` });
  });

  it("a platform slower than the timeout becomes 504", async () => {
    routes = { "GET /v2/slow": { status: 200, body: "{}", delayMs: 500 } };
    const error = await failure(
      createCloud("k", { config: config(origin) }).request({ path: "/slow", timeoutMs: 50 }),
    );
    expect(error.status).toBe(504);
  });

  it("a 2xx body that fails its schema becomes 502 with the issues", async () => {
    routes = { "GET /v2/shape": { status: 200, body: JSON.stringify({ id: 1 }) } };
    const cloud = createCloud("k", { config: config(origin) });
    const error = await failure(
      cloud.request({ path: "/shape", schema: z.object({ id: z.string() }) }),
    );
    expect(error.status).toBe(502);
    expect(error.errors[0]).toMatch(/^id: /);
  });
});

describe("lib/cloud request() – wire format", () => {
  it("sends the key as a Bearer token and JSON bodies, and parses JSON answers", async () => {
    routes = { "POST /v2/things?dry=true": { status: 201, body: JSON.stringify({ id: "t1" }) } };
    seen.length = 0;
    const data = await createCloud("rpa_TEST", { config: config(origin) }).request({
      method: "POST",
      path: "/things",
      query: { dry: true, skip: undefined },
      body: { name: "a" },
    });
    expect(data).toEqual({ id: "t1" });
    expect(seen[0]).toMatchObject({ authorization: "Bearer rpa_TEST", body: '{"name":"a"}' });
  });

  it("prefixes each API family with its own origin and version", async () => {
    routes = {
      "GET /jobs-origin/v2/ep1/health": { status: 200, body: "{}" },
      "GET /rest-origin/v1/networkvolumes": { status: 200, body: "[]" },
      "GET /_platform/health": { status: 200, body: "{}" },
    };
    const cloud = createCloud("k", { config: config(origin) });
    seen.length = 0;
    await cloud.request({ family: "job", path: "/ep1/health" });
    await cloud.request({ family: "rest", path: "/networkvolumes" });
    await cloud.request({ family: "control", path: "/health" });
    expect(seen.map((r) => r.url)).toEqual([
      "/jobs-origin/v2/ep1/health",
      "/rest-origin/v1/networkvolumes",
      "/_platform/health",
    ]);
  });

  it("answers 204 with undefined", async () => {
    routes = { "DELETE /v2/things/t1": { status: 204 } };
    await expect(
      createCloud("k", { config: config(origin) }).request({
        method: "DELETE",
        path: "/things/t1",
      }),
    ).resolves.toBeUndefined();
  });
});

describe("health() and verifyKey()", () => {
  it("health: the local platform's answer means local, without sending a key", async () => {
    routes = {
      "GET /_platform/health": {
        status: 200,
        body: JSON.stringify({
          status: "ok",
          platform: "hangar-local",
          version: "0.1.0",
          store: "sqlite",
          instanceId: "i",
          uptimeSeconds: 1,
        }),
      },
    };
    seen.length = 0;
    await expect(health(createCloud("secret", { config: config(origin) }))).resolves.toEqual({
      kind: "local",
      version: "0.1.0",
    });
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it("health: a 404 (the real service) means remote", async () => {
    routes = {};
    await expect(health(createCloud(null, { config: config(origin) }))).resolves.toEqual({
      kind: "remote",
    });
  });

  const keyCases = [
    { status: 200, body: JSON.stringify({ keys: [] }), expected: { canReadAccount: true } },
    {
      status: 403,
      body: JSON.stringify({ title: "Forbidden", status: 403, detail: "access denied" }),
      expected: { canReadAccount: false },
    },
  ];
  for (const { status, body, expected } of keyCases) {
    it(`verifyKey: ${status} means the key is valid`, async () => {
      routes = { "GET /v2/account/ssh-keys": { status, body, headers: problemJson } };
      await expect(verifyKey(createCloud("k", { config: config(origin) }))).resolves.toEqual(
        expected,
      );
    });
  }

  it("verifyKey: 401 throws with the platform's detail", async () => {
    routes = {
      "GET /v2/account/ssh-keys": {
        status: 401,
        headers: problemJson,
        body: JSON.stringify({ title: "Unauthorized", status: 401, detail: "invalid api key" }),
      },
    };
    const error = await failure(verifyKey(createCloud("bad", { config: config(origin) })));
    expect(error).toMatchObject({ status: 401, detail: "invalid api key" });
  });

  it("a 403 names the permission the request needed, then the platform's words", async () => {
    routes = {
      "POST /v2/serverless": {
        status: 403,
        headers: problemJson,
        body: JSON.stringify({ title: "Forbidden", status: 403, detail: "access denied" }),
      },
    };
    const error = await failure(
      createCloud("k", { config: config(origin) }).request({
        method: "POST",
        path: "/serverless",
        body: {},
      }),
    );
    expect(error).toMatchObject({
      status: 403,
      detail: "This key cannot write serverless endpoints (403: access denied).",
      source: "platform",
    });
  });
});
