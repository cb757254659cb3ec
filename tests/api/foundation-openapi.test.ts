import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_VERSION } from "@/lib/platform/platform";
import { startTestPlatform, type TestPlatform } from "./support/platform";

describe("OpenAPI document generated from lib/schemas", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(async () => p?.close());

  it("GET /v2/openapi.json serves an OpenAPI 3.1 document that a real validator accepts", async () => {
    const res = await p.request("/v2/openapi.json", { auth: null });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas?: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("Versioning rule 1: info.version is the management API's 2.0.0; the project's own version is x-hangar-version", async () => {
    const doc = (await (await p.request("/v2/openapi.json", { auth: null })).json()) as {
      info: { version: string; "x-hangar-version"?: string };
    };
    expect(doc.info.version).toBe("2.0.0");
    expect(doc.info["x-hangar-version"]).toBe(PLATFORM_VERSION);
  });

  it("documents the shared problem body and bearer auth", async () => {
    const doc = (await (await p.request("/v2/openapi.json", { auth: null })).json()) as {
      components: {
        schemas: Record<string, unknown>;
        securitySchemes: Record<string, { scheme: string }>;
      };
    };
    expect(doc.components.securitySchemes.bearerAuth?.scheme).toBe("bearer");
    expect(Object.keys(doc.components.schemas ?? {})).toContain("ErrorResponse");
  });

  it("documents the job API served by the catch-all: every operation, its body, answers and problems", async () => {
    const doc = (await (await p.request("/v2/openapi.json", { auth: null })).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            tags: string[];
            requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
            responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
          }
        >
      >;
      components: { schemas: Record<string, unknown> };
    };
    const expected: [string, string[], string][] = [
      ["/v2/{endpointId}/run", ["post"], "JobQueued"],
      ["/v2/{endpointId}/runsync", ["post"], "Job"],
      ["/v2/{endpointId}/status/{jobId}", ["get", "post"], "Job"],
      ["/v2/{endpointId}/status-sync/{jobId}", ["get", "post"], "Job"],
      ["/v2/{endpointId}/stream/{jobId}", ["get", "post"], "JobStream"],
      ["/v2/{endpointId}/cancel/{jobId}", ["post"], "Job"],
      ["/v2/{endpointId}/retry/{jobId}", ["post"], "JobQueued"],
      ["/v2/{endpointId}/purge-queue", ["post"], "PurgeQueueResponse"],
      ["/v2/{endpointId}/health", ["get"], "EndpointHealth"],
      ["/v2/{endpointId}/requests", ["get"], "ListRequestsResponse"],
    ];
    for (const [path, methods, ok] of expected) {
      const item = doc.paths[path];
      expect(item, path).toBeDefined();
      expect(Object.keys(item!).sort(), path).toEqual([...methods].sort());
      for (const m of methods) {
        const op = item![m]!;
        expect(op.tags).toEqual(["Job API"]);
        expect(op.responses["200"]?.content?.["application/json"]?.schema.$ref).toBe(
          `#/components/schemas/${ok}`,
        );
        for (const status of ["401", "404", "429"]) {
          expect(
            op.responses[status]?.content?.["application/problem+json"]?.schema.$ref,
            `${m} ${path} ${status}`,
          ).toBe("#/components/schemas/JobApiError");
        }
      }
    }
    for (const path of ["/v2/{endpointId}/run", "/v2/{endpointId}/runsync"]) {
      expect(doc.paths[path]!.post!.requestBody?.content["application/json"]?.schema.$ref).toBe(
        "#/components/schemas/JobRequest",
      );
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["JobRequest", "Job", "JobStream", "JobApiError", "EndpointHealth"]),
    );
  });

  it("documents the ECR delegation and log-stream operations", async () => {
    const doc = (await (await p.request("/v2/openapi.json", { auth: null })).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/v2/registries/delegations"] ?? {}).sort()).toEqual([
      "get",
      "post",
    ]);
    expect(Object.keys(doc.paths["/v2/registries/delegations/{id}"] ?? {})).toEqual(["delete"]);
    for (const path of ["/v2/pods/{id}/logs", "/v2/serverless/{id}/workers/{workerId}/logs"]) {
      const op = doc.paths[path]?.get as
        { responses: Record<string, { content?: Record<string, unknown> }> } | undefined;
      expect(op, path).toBeDefined();
      expect(Object.keys(op!.responses["200"]?.content ?? {})).toEqual(["text/event-stream"]);
    }
  });
});
