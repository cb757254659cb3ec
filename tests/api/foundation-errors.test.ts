import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Problem } from "@/lib/schemas/common";
import { describeEachBackend } from "./support/backends";
import { createEndpoint } from "./support/jobs";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { rawRequest } from "./support/raw-http";

/** Methods Node parses that no route serves (fetch refuses TRACE, so these go through node:http). */
const ODD_METHODS = [
  "TRACE",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "PURGE",
  "SEARCH",
  "REPORT",
  "M-SEARCH",
];

/** Sometimes a `%00` spliced into the path (after its first character). */
const withNul = (path: string) =>
  fc.oneof(
    { arbitrary: fc.constant(path), weight: 3 },
    {
      arbitrary: fc
        .integer({ min: 1, max: path.length })
        .map((i) => `${path.slice(0, i)}%00${path.slice(i)}`),
      weight: 1,
    },
  );

/** Deep nesting (5,000 levels, the stack-overflow case) and NUL in strings and property names. */
const hostileBodies = fc.oneof(
  fc.constantFrom(
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    `{"input":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`,
    `{"name":${"[".repeat(5000)}`,
  ),
  fc
    .record({ name: fc.string(), input: fc.dictionary(fc.string(), fc.string()) })
    .chain((v) =>
      fc.constantFrom(
        JSON.stringify({ ...v, name: `${v.name}\0` }),
        JSON.stringify({ ...v, input: { ...v.input, "k\0": "v" } }),
        JSON.stringify({ input: { text: `\0${v.name}` } }),
      ),
    ),
);

describeEachBackend("Errors are problem+json, never 5xx", (backend) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({ backend });
  });
  afterAll(async () => p?.close());

  it("malformed JSON answers 400 with the parser's reason", async () => {
    const res = await p.request("/_platform/keys", {
      method: "POST",
      body: '{"name": ',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = Problem.parse(await res.json());
    expect(body.detail).toMatch(/^request body is not valid JSON: /);
  });

  it("unknown body properties are rejected with a validation error naming each one", async () => {
    const res = await p.request("/_platform/keys", {
      method: "POST",
      json: { name: "x", colour: "red", size: 3 },
    });
    expect(res.status).toBe(422);
    const body = Problem.parse(await res.json());
    expect(body.errors).toEqual(["colour: unknown property", "size: unknown property"]);
  });

  it("validation errors are '<json path>: <message>' for nested fields", async () => {
    const res = await p.request("/_platform/keys", {
      method: "POST",
      json: { name: "", permission: { type: "restricted", families: { pods: "admin" } } },
    });
    expect(res.status).toBe(422);
    const body = Problem.parse(await res.json());
    expect(body.errors).toContain("name: enter a name");
    expect(body.errors).toContain("permission.families.pods: choose one of none, read or write");
  });

  it("an unknown route answers a 404 problem", async () => {
    const res = await p.request("/nope/at/all");
    expect(res.status).toBe(404);
    expect(Problem.parse(await res.json()).detail).toBe("no route for GET /nope/at/all");
  });

  it("a wrong method answers 405 with Allow", async () => {
    const res = await p.request("/_platform/keys/abc", { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("DELETE, PATCH");
    expect(Problem.parse(await res.json()).status).toBe(405);
  });

  it("generated bad requests never yield a 5xx, a stack trace or a non-problem error body", async () => {
    const paths = fc
      .oneof(
        fc.constantFrom(
          "/_platform/keys",
          "/_platform/keys/x",
          "/_platform/accounts",
          "/_platform/accounts/me",
          "/_platform/whoami",
          "/v2/serverless",
          "/v2/pods/abc",
          "/v2/network-volumes",
          "/v1/networkvolumes",
          "/v2/openapi.json",
        ),
        fc.webPath().map((s) => `/${s.replace(/^\/+/, "")}`),
      )
      .chain(withNul);
    const bodies = fc.oneof(
      hostileBodies,
      fc.json(),
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record({
          name: fc.anything(),
          permission: fc.anything(),
          disabled: fc.anything(),
          balance: fc.anything(),
        })
        .map((v) => {
          try {
            return JSON.stringify(v);
          } catch {
            return "{}";
          }
        }),
    );
    const auths = fc.constantFrom<string | null>(
      null,
      "Bearer",
      "Bearer x",
      "garbage value",
      "VALID",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE"),
        paths,
        bodies,
        auths,
        async (method, path, body, auth) => {
          const res = await p.request(path, {
            method,
            auth: auth === "VALID" ? undefined : null,
            headers: auth && auth !== "VALID" ? { Authorization: auth } : {},
            body: method === "GET" || method === "DELETE" ? undefined : body,
          });
          const text = await res.text();
          expect(res.status).toBeLessThan(500);
          expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
          if (res.status >= 400) {
            expect(res.headers.get("content-type")).toContain("application/problem+json");
            const parsed = Problem.safeParse(JSON.parse(text));
            expect(parsed.success).toBe(true);
            if (parsed.success) expect(parsed.data.status).toBe(res.status);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("unusual methods, NUL bytes and 5,000-deep JSON on management, job, worker and load-balancer paths never yield a 5xx", async () => {
    const queue = await createEndpoint(p, { workers: { min: 0, max: 0 } });
    const lb = await createEndpoint(p, { type: "LOAD_BALANCER", image: "hangar/echo-lb" });
    const paths = fc
      .oneof(
        fc.constantFrom(
          "/v2/serverless",
          `/v2/serverless/${queue}`,
          "/v2/templates/x",
          "/v2/registries",
          "/v2/clusters",
          "/v2/pods/abc",
          "/v1/networkvolumes",
          "/_platform/keys",
          `/v2/${queue}/run`,
          `/v2/${queue}/runsync?wait=1000`,
          `/v2/${queue}/status/abc`,
          `/v2/${queue}/cancel/abc`,
          `/v2/${queue}/health`,
          `/v2/${queue}/requests?status=COMPLETED`,
          `/v2/${queue}/job-done/w1/j1`,
          `/v2/${queue}/job-stream/w1/j1`,
          `/v2/${queue}/openai/v1/chat/completions`,
          `/v2/${lb}/anything`,
          "/v2/runpod-flux-dev/run",
        ),
        fc.webPath().map((s) => `/${s.replace(/^\/+/, "")}`),
      )
      .chain(withNul);
    const methods = fc.constantFrom(
      "GET",
      "POST",
      "PATCH",
      "PUT",
      "DELETE",
      "OPTIONS",
      ...ODD_METHODS,
    );
    const bodies = fc.option(fc.oneof(hostileBodies, fc.json()), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(methods, paths, bodies, async (m, path, body) => {
        // Standard methods on a load-balancer path, and an OpenAI call on the workerless queue
        // endpoint, wait for a worker (none starts here): a hold, not an error to fuzz.
        const holds = path.includes(lb) || path.includes("/openai/");
        const method = holds && !ODD_METHODS.includes(m) ? "TRACE" : m;
        const res = await rawRequest(p.url, method, path, { key: p.key, body });
        expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
        expect(res.text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
        if (res.status >= 400) {
          expect(res.headers["content-type"]).toContain("application/problem+json");
          expect(Problem.parse(JSON.parse(res.text)).status).toBe(res.status);
        }
        if (res.status === 405) expect(res.headers.allow).toBeTruthy();
      }),
      { numRuns: 400 },
    );
  });
});
