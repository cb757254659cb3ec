import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { problemOf, expectNames } from "./support/problems";

// Seed "Create a serverless endpoint": every field, default and bound of the request table, the
// Endpoint response object, request URLs by type, and the cross-field rules.

type Json = Record<string, unknown>;

const QUEUE_BODY = {
  name: "image-generator",
  type: "QUEUE",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  image: "hangar/echo-worker:1",
};
const LB_BODY = {
  name: "lb-api",
  type: "LOAD_BALANCER",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "REQUEST_COUNT", requestCount: 5 },
  image: "hangar/lb-worker:1",
};

describeEachBackend("Serverless endpoints: create", (backend) => {
  let tp: TestPlatform;
  const create = (json: unknown, auth?: string) =>
    tp.request("/v2/serverless", { method: "POST", json, auth });
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  it("answers 201 with the Endpoint object and the seed's defaults (workers 0/3/10, timeout 300000, flashboot OFF, gpu.count 1)", async () => {
    const res = await create(QUEUE_BODY);
    expect(res.status).toBe(201);
    const ep = (await res.json()) as Json;
    expect(ep).toMatchObject({
      name: "image-generator",
      type: "QUEUE",
      image: "hangar/echo-worker:1",
      gpu: { pools: ["ADA_24"], count: 1 },
      workers: { min: 0, max: 3, idleTimeout: 10 },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      dataCenterIds: [],
      networkVolumes: [],
      timeout: 300000,
      flashboot: "OFF",
      allowedCudaVersions: [],
      registry: null,
      env: {},
      ports: [],
      args: "",
    });
    expect(typeof ep.id).toBe("string");
    expect(new Date(ep.createdAt as string).toISOString()).toBe(ep.createdAt);
    expect(ep).not.toHaveProperty("cpu");
  });

  it("accepts every optional field and answers them back", async () => {
    const body = {
      ...QUEUE_BODY,
      args: "--fast",
      disk: 30,
      ports: ["8000/http", "22/tcp"],
      env: { MODEL_NAME: "sdxl" },
      gpu: { pools: ["ADA_24", "AMPERE_48"], count: 2 },
      workers: { min: 1, max: 5, idleTimeout: 60 },
      dataCenterIds: ["US-KS-2"],
      timeout: 120000,
      flashboot: "PRIORITY_FLASHBOOT",
    };
    const res = await create(body);
    expect(res.status).toBe(201);
    const { name: _n, type: _t, ...rest } = body;
    expect(await res.json()).toMatchObject(rest);
  });

  it("the endpoint accepts jobs immediately: readable and /run answers a job id right after create", async () => {
    const ep = (await (await create(QUEUE_BODY)).json()) as Json;
    const res = await tp.request(`/v2/serverless/${ep.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ep);
    const run = await tp.request(`/v2/${ep.id}/run`, {
      method: "POST",
      json: { input: { prompt: "hi" } },
    });
    expect(run.status, await run.clone().text()).toBe(200);
    expect(await run.json()).toMatchObject({ id: expect.any(String) });
  });

  it("successful and error answers carry RateLimit and RateLimit-Policy headers, 401 does not", async () => {
    const ok = await create(QUEUE_BODY);
    const bad = await create({ ...QUEUE_BODY, name: "" });
    const unauth = await tp.request("/v2/serverless", {
      method: "POST",
      json: QUEUE_BODY,
      auth: null,
    });
    for (const res of [ok, bad]) {
      expect(res.headers.get("ratelimit")).toMatch(/"minute";r=\d+;t=\d+/);
      expect(res.headers.get("ratelimit-policy")).toMatch(/"minute";q=\d+;w=60/);
    }
    expect(unauth.status).toBe(401);
    expect(unauth.headers.get("ratelimit")).toBeNull();
  });

  it("EndpointRequestUrls for QUEUE: run, runSync, status, stream, cancel, retry, purgeQueue, health from the public URL, with a literal {job_id}", async () => {
    const ep = (await (await create(QUEUE_BODY)).json()) as Json;
    const base = `${tp.url}/v2/${ep.id}`;
    expect(ep.requestUrls).toEqual({
      run: `${base}/run`,
      runSync: `${base}/runsync`,
      status: `${base}/status/{job_id}`,
      stream: `${base}/stream/{job_id}`,
      cancel: `${base}/cancel/{job_id}`,
      retry: `${base}/retry/{job_id}`,
      purgeQueue: `${base}/purge-queue`,
      health: `${base}/health`,
    });
  });

  it("EndpointRequestUrls for LOAD_BALANCER: base (served under a path locally) and health at /ping", async () => {
    const ep = (await (await create(LB_BODY)).json()) as Json;
    expect(ep.requestUrls).toEqual({
      base: `${tp.url}/v2/${ep.id}`,
      health: `${tp.url}/v2/${ep.id}/ping`,
    });
  });

  it("LOAD_BALANCER health follows env HEALTH_CHECK_PATH", async () => {
    const ep = (await (
      await create({ ...LB_BODY, env: { HEALTH_CHECK_PATH: "/healthz" } })
    ).json()) as Json;
    expect(ep.requestUrls).toEqual({
      base: `${tp.url}/v2/${ep.id}`,
      health: `${tp.url}/v2/${ep.id}/healthz`,
    });
  });

  it.each<[string, Json, string]>([
    ["name is required", { name: undefined }, "name"],
    ["name has minLength 1", { name: "" }, "name"],
    ["type is required", { type: undefined }, "type"],
    ["type is QUEUE or LOAD_BALANCER", { type: "BATCH" }, "type"],
    ["gpu is required", { gpu: undefined }, "gpu"],
    ["gpu.pools is required", { gpu: { count: 1 } }, "gpu.pools"],
    ["gpu.pools has at least 1 item", { gpu: { pools: [] } }, "gpu.pools"],
    ["gpu.count is at least 1", { gpu: { pools: ["ADA_24"], count: 0 } }, "gpu.count"],
    ["gpu.count is an integer", { gpu: { pools: ["ADA_24"], count: 1.5 } }, "gpu.count"],
    ["gpu has no extra properties", { gpu: { pools: ["ADA_24"], vram: 24 } }, "gpu.vram"],
    ["scaling is required", { scaling: undefined }, "scaling"],
    [
      "scaling is discriminated on type",
      { scaling: { type: "CPU_LOAD", value: 1 } },
      "scaling.type",
    ],
    [
      "queueDelay is at least 0.5",
      { scaling: { type: "QUEUE_DELAY", queueDelay: 0.4 } },
      "scaling.queueDelay",
    ],
    [
      "queueDelay is required in its variant",
      { scaling: { type: "QUEUE_DELAY" } },
      "scaling.queueDelay",
    ],
    [
      "requestCount is at least 1",
      { scaling: { type: "REQUEST_COUNT", requestCount: 0 } },
      "scaling.requestCount",
    ],
    [
      "requestCount is an integer",
      { scaling: { type: "REQUEST_COUNT", requestCount: 2.5 } },
      "scaling.requestCount",
    ],
    [
      "scaling has no extra properties",
      { scaling: { type: "QUEUE_DELAY", queueDelay: 1, requestCount: 2 } },
      "scaling.requestCount",
    ],
    ["workers.min is at least 0", { workers: { min: -1 } }, "workers.min"],
    ["workers.max is at least 0", { workers: { max: -1 } }, "workers.max"],
    ["workers.idleTimeout is at least 1", { workers: { idleTimeout: 0 } }, "workers.idleTimeout"],
    [
      "workers.idleTimeout is at most 3600",
      { workers: { idleTimeout: 3601 } },
      "workers.idleTimeout",
    ],
    [
      "workers has no additional properties",
      { workers: { min: 0, scaleTo: 2 } },
      "workers.scaleTo",
    ],
    ["timeout is an integer", { timeout: 1.5 }, "timeout"],
    ["flashboot is OFF, FLASHBOOT or PRIORITY_FLASHBOOT", { flashboot: "ON" }, "flashboot"],
    [
      "allowedCudaVersions entries are major.minor",
      { allowedCudaVersions: ["12"] },
      "allowedCudaVersions[0]",
    ],
    [
      "allowedCudaVersions entries are numeric",
      { allowedCudaVersions: ["12.x"] },
      "allowedCudaVersions[0]",
    ],
    ["disk is at least 1", { disk: 0 }, "disk"],
    ["ports entries are <port>/<protocol>", { ports: ["8000"] }, "ports[0]"],
    ["env values are strings", { env: { A: 1 } }, "env.A"],
    ["dataCenterIds is an array of strings", { dataCenterIds: "US-KS-2" }, "dataCenterIds"],
    ["networkVolumes is an array of strings", { networkVolumes: [1] }, "networkVolumes[0]"],
    ["templateId has minLength 1", { templateId: "" }, "templateId"],
    ["unknown properties are rejected", { bogus: true }, "bogus"],
  ])("422 naming the field: %s", async (_rule, patch, path) => {
    const body: Json = { ...QUEUE_BODY, ...patch };
    for (const k of Object.keys(patch)) if (patch[k] === undefined) delete body[k];
    const p = await problemOf(await create(body), 422);
    expectNames(p, path);
  });

  it("image is required unless templateId is set: 422 with errors [image: is required unless templateId is set]", async () => {
    const { image: _i, ...body } = QUEUE_BODY;
    const p = await problemOf(await create(body), 422);
    expect(p.errors).toEqual(["image: is required unless templateId is set"]);
  });

  it("a LOAD_BALANCER endpoint must scale on REQUEST_COUNT (QUEUE_DELAY is for queue endpoints only)", async () => {
    const p = await problemOf(
      await create({ ...LB_BODY, scaling: { type: "QUEUE_DELAY", queueDelay: 2 } }),
      422,
    );
    expectNames(p, "scaling.type");
  });

  it("REQUEST_COUNT is selectable for queue endpoints", async () => {
    const res = await create({
      ...QUEUE_BODY,
      scaling: { type: "REQUEST_COUNT", requestCount: 3 },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ scaling: { type: "REQUEST_COUNT", requestCount: 3 } });
  });

  it("idleTimeout is rejected on create for a queue endpoint scaling on requestCount (400 naming workers.idleTimeout)", async () => {
    const res = await create({
      ...QUEUE_BODY,
      scaling: { type: "REQUEST_COUNT", requestCount: 3 },
      workers: { idleTimeout: 5 },
    });
    expectNames(await problemOf(res, 400), "workers.idleTimeout");
  });

  it("idleTimeout is omitted from responses for a queue endpoint scaling on requestCount", async () => {
    const res = await create({
      ...QUEUE_BODY,
      scaling: { type: "REQUEST_COUNT", requestCount: 3 },
      workers: { max: 4 },
    });
    const ep = (await res.json()) as { workers: Json };
    expect(ep.workers).toEqual({ min: 0, max: 4 });
  });

  it("idleTimeout applies to LOAD_BALANCER endpoints scaling on requestCount", async () => {
    const res = await create({ ...LB_BODY, workers: { idleTimeout: 30 } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ workers: { min: 0, max: 3, idleTimeout: 30 } });
  });

  it("workers.min greater than workers.max is a 400 naming both", async () => {
    const p = await problemOf(await create({ ...QUEUE_BODY, workers: { min: 5, max: 2 } }), 400);
    expectNames(p, "workers.min");
    expectNames(p, "workers.max");
  });

  it("workers.min above the default max (3) is a 400 naming both", async () => {
    const p = await problemOf(await create({ ...QUEUE_BODY, workers: { min: 4 } }), 400);
    expectNames(p, "workers.min");
  });

  it("cpu is read-only: a create body with cpu is a clear 400 'CPU endpoint create/update is unsupported'", async () => {
    const { gpu: _g, ...noGpu } = QUEUE_BODY;
    const p = await problemOf(
      await create({ ...noGpu, cpu: [{ id: "cpu5c", vcpuCount: 4 }] }),
      400,
    );
    expect(p.detail).toBe("CPU endpoint create/update is unsupported");
    expectNames(p, "cpu");
  });

  it("gpu.pools must be serverless pool ids of the GPU catalogue (400 naming the entry)", async () => {
    const p = await problemOf(
      await create({ ...QUEUE_BODY, gpu: { pools: ["ADA_24", "NVIDIA GeForce RTX 4090"] } }),
      400,
    );
    expectNames(p, "gpu.pools[1]");
  });

  it("allowedCudaVersions is matched exactly against the catalogue: an unknown version is a 400 naming it", async () => {
    const p = await problemOf(
      await create({ ...QUEUE_BODY, allowedCudaVersions: ["12.4", "9.9"] }),
      400,
    );
    expect(p.errors).toEqual([expect.stringMatching(/^allowedCudaVersions\[1\]: CUDA 9\.9 /)]);
  });

  it("allowedCudaVersions offered by the pools' GPU types is accepted and kept at top level", async () => {
    const res = await create({ ...QUEUE_BODY, allowedCudaVersions: ["12.4"] });
    expect(res.status).toBe(201);
    const ep = (await res.json()) as Json;
    expect(ep.allowedCudaVersions).toEqual(["12.4"]);
    expect(ep.gpu).toEqual({ pools: ["ADA_24"], count: 1 });
  });

  it("dataCenterIds must be known data centers (400 naming the entry)", async () => {
    const p = await problemOf(
      await create({ ...QUEUE_BODY, dataCenterIds: ["US-KS-2", "MARS-1"] }),
      400,
    );
    expectNames(p, "dataCenterIds[1]");
  });

  it("empty dataCenterIds lets the scheduler choose", async () => {
    const res = await create({ ...QUEUE_BODY, dataCenterIds: [] });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ dataCenterIds: [] });
  });

  it("a registry must be one of the caller's credentials (400 naming registry)", async () => {
    expectNames(
      await problemOf(await create({ ...QUEUE_BODY, registry: "nope" }), 400),
      "registry",
    );
  });

  it("malformed JSON is a 400", async () => {
    const res = await tp.request("/v2/serverless", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    await problemOf(res, 400);
  });

  it("without a token: 401; with a read-only key: 403", async () => {
    await problemOf(await create(QUEUE_BODY, null as unknown as string), 401);
    const key = await makeKey(tp, { type: "read" });
    expect((await problemOf(await create(QUEUE_BODY, key), 403)).detail).toBe("access denied");
  });

  it("a read-only key sending cpu still gets its 403, not the 400", async () => {
    const key = await makeKey(tp, { type: "read" });
    await problemOf(await create({ ...QUEUE_BODY, cpu: [] }, key), 403);
  });

  it("emits endpoint.created", async () => {
    const seen: string[] = [];
    const off = tp.running.services.events.on(
      "endpoint.created",
      (e) => void seen.push(e.endpointId),
    );
    const ep = (await (await create(QUEUE_BODY)).json()) as Json;
    off();
    expect(seen).toContain(ep.id);
  });
});

async function makeKey(tp: TestPlatform, permission: Json): Promise<string> {
  const res = await tp.request("/_platform/keys", {
    method: "POST",
    json: { name: "scoped", permission },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}
