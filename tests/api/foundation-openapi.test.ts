import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
