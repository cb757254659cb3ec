import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "./support/platform";

/**
 * For operations the seed and the reference v2 spec share, our answers must validate against the
 * reference's response schemas — except where the seed deliberately differs. Each difference is a
 * named transform below (and listed in the README); after applying only those, the body must
 * validate, so any other drift fails.
 */
// Vendored in the repository (tests/fixtures/reference/README.md), so the suite needs nothing
// outside the clone.
const REFERENCE = path.resolve(__dirname, "../fixtures/reference/management-api-v2.openapi.json");

type Json = Record<string, unknown>;

const SEED_DIFFERENCES: Record<string, (body: Json) => Json> = {
  // Seed: allowedCudaVersions is a top-level endpoint field; the reference keeps it (and
  // minCudaVersion) inside `gpu`.
  endpoint: (e) => {
    const { allowedCudaVersions, ...rest } = e as Json & { allowedCudaVersions?: string[] };
    const gpu = rest.gpu as Json | null;
    return gpu
      ? {
          ...rest,
          gpu: { ...gpu, allowedCudaVersions: allowedCudaVersions ?? [], minCudaVersion: null },
        }
      : rest;
  },
};

const reference = JSON.parse(fs.readFileSync(REFERENCE, "utf8")) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// The reference's own `requestUrls` examples end in a literal `{job_id}` under `format: uri`, which
// strict RFC 3986 rejects: accept absolute URLs whose braces are template placeholders.
ajv.addFormat("uri", (value: string) => {
  try {
    return new URL(value.replaceAll(/\{(\w+)\}/g, "$1")).protocol.length > 0;
  } catch {
    return false;
  }
});
ajv.addSchema({ ...reference, $id: "reference" } as object);

function validatorFor(pathTemplate: string, method: string, status: number) {
  const op = reference.paths[pathTemplate]?.[method];
  const schema = op?.responses[String(status)]?.content?.["application/json"]?.schema as
    { $ref?: string } | undefined;
  if (!schema)
    throw new Error(
      `reference has no ${status} JSON answer for ${method.toUpperCase()} ${pathTemplate}`,
    );
  // Point every local $ref of the response schema into the registered reference document.
  const rewritten = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components', '"reference#/components'),
  ) as object;
  return ajv.compile(rewritten);
}

function expectConforms(pathTemplate: string, method: string, status: number, body: unknown) {
  const validate = validatorFor(pathTemplate, method, status);
  const ok = validate(body);
  expect(validate.errors ?? [], `${method.toUpperCase()} ${pathTemplate} → ${status}`).toEqual([]);
  expect(ok).toBe(true);
}

describe("Responses conform to the reference v2 spec (except the seed's listed differences)", () => {
  let p: TestPlatform;
  let endpointId = "";
  let volumeId = "";
  let templateId = "";
  let podId = "";
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(async () => p?.close());

  async function call(
    method: string,
    url: string,
    json?: unknown,
  ): Promise<{ status: number; body: Json }> {
    const res = await p.request(url, { method, json });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  }

  it("network volumes: create, get, list", async () => {
    const created = await call("POST", "/v2/network-volumes", {
      name: "conf-vol",
      size: 20,
      dataCenter: "US-KS-2",
    });
    expect(created.status).toBe(201);
    volumeId = created.body.id as string;
    expectConforms("/v2/network-volumes", "post", 201, created.body);
    expectConforms(
      "/v2/network-volumes/{id}",
      "get",
      200,
      (await call("GET", `/v2/network-volumes/${volumeId}`)).body,
    );
    expectConforms(
      "/v2/network-volumes",
      "get",
      200,
      (await call("GET", "/v2/network-volumes")).body,
    );
  });

  it("templates: create, get, list", async () => {
    const created = await call("POST", "/v2/templates", {
      name: "conf-tpl",
      image: "runpod/mock-worker:latest",
      serverless: true,
    });
    expect(created.status).toBe(201);
    templateId = created.body.id as string;
    expectConforms("/v2/templates", "post", 201, created.body);
    expectConforms(
      "/v2/templates/{id}",
      "get",
      200,
      (await call("GET", `/v2/templates/${templateId}`)).body,
    );
    expectConforms("/v2/templates", "get", 200, (await call("GET", "/v2/templates")).body);
  });

  it("serverless endpoints: create, get, list, workers, releases (seed difference: top-level allowedCudaVersions)", async () => {
    const created = await call("POST", "/v2/serverless", {
      name: "conf-ep",
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    });
    expect(created.status).toBe(201);
    endpointId = created.body.id as string;
    const toRef = SEED_DIFFERENCES.endpoint!;
    expectConforms("/v2/serverless", "post", 201, toRef(created.body));
    expectConforms(
      "/v2/serverless/{id}",
      "get",
      200,
      toRef((await call("GET", `/v2/serverless/${endpointId}`)).body),
    );
    const list = (await call("GET", "/v2/serverless")).body as { endpoints: Json[] };
    expectConforms("/v2/serverless", "get", 200, { endpoints: list.endpoints.map(toRef) });
    expectConforms(
      "/v2/serverless/{id}/workers",
      "get",
      200,
      (await call("GET", `/v2/serverless/${endpointId}/workers`)).body,
    );
    expectConforms(
      "/v2/serverless/{id}/releases",
      "get",
      200,
      (await call("GET", `/v2/serverless/${endpointId}/releases`)).body,
    );
  });

  it("pods: create, get, list, action", async () => {
    const created = await call("POST", "/v2/pods", {
      name: "conf-pod",
      image: "runpod/pytorch:2.4.0",
      gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
      ports: ["8888/http", "22/tcp"],
    });
    expect(created.status).toBe(201);
    podId = created.body.id as string;
    expectConforms("/v2/pods", "post", 201, created.body);
    expectConforms("/v2/pods/{id}", "get", 200, (await call("GET", `/v2/pods/${podId}`)).body);
    expectConforms("/v2/pods", "get", 200, (await call("GET", "/v2/pods")).body);
    const stopped = await call("POST", `/v2/pods/${podId}/action`, { action: "stop" });
    expect(stopped.status).toBe(200);
    expectConforms("/v2/pods/{id}/action", "post", 200, stopped.body);
  });

  it.each([
    ["/v2/catalog/gpus", "/v2/catalog/gpus"],
    ["/v2/catalog/gpus", "/v2/catalog/gpus?include=AVAILABILITY&product=POD"],
    ["/v2/catalog/cpus", "/v2/catalog/cpus"],
    ["/v2/catalog/datacenters", "/v2/catalog/datacenters"],
    ["/v2/catalog/templates", "/v2/catalog/templates"],
    ["/v2/registries", "/v2/registries"],
    ["/v2/account/ssh-keys", "/v2/account/ssh-keys"],
    ["/v2/billing", "/v2/billing"],
    ["/v2/billing/pods", "/v2/billing/pods"],
    ["/v2/billing/serverless", "/v2/billing/serverless"],
    ["/v2/billing/network-volumes", "/v2/billing/network-volumes"],
  ])("GET %s (%s)", async (template, url) => {
    const { status, body } = await call("GET", url);
    expect(status).toBe(200);
    expectConforms(template, "get", 200, body);
  });

  it("registries: create answers the reference shape and never the password", async () => {
    const created = await call("POST", "/v2/registries", {
      name: "conf-reg",
      username: "u",
      password: "s3cret-pw",
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain("s3cret-pw");
    expectConforms("/v2/registries", "post", 201, created.body);
  });

  it("ECR delegations: create and list answer the reference shapes", async () => {
    const created = await call("POST", "/v2/registries/delegations", {
      resource: "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment",
      name: "conf-delegation",
    });
    expect(created.status).toBe(201);
    expectConforms("/v2/registries/delegations", "post", 201, created.body);
    const list = await call("GET", "/v2/registries/delegations");
    expect(list.status).toBe(200);
    expect((list.body.delegations as unknown[]).length).toBeGreaterThan(0);
    expectConforms("/v2/registries/delegations", "get", 200, list.body);
  });
});
