import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Problem } from "@/lib/schemas/common";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

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
    expect(body.errors).toContain("name: must have at least 1 character");
    expect(body.errors).toContain(
      'permission.families.pods: must be one of "none", "read", "write"',
    );
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
    const paths = fc.oneof(
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
    );
    const bodies = fc.oneof(
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
});
