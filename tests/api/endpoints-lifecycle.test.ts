import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { problemOf, expectNames } from "./support/problems";

// Endpoints after create: list (with per-endpoint keys), get, PATCH (the reference's
// UpdateEndpointRequest with the seed's top-level allowedCudaVersions) and delete.

type Json = Record<string, unknown>;
interface Endpoint {
  id: string;
  workers: Json;
  scaling: Json;
  [k: string]: unknown;
}

const QUEUE_BODY = {
  name: "worker",
  type: "QUEUE",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  image: "hangar/echo-worker:1",
};

describeEachBackend("Serverless endpoints: list, get, update, delete", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  async function create(body: Json = {}, key?: string): Promise<Endpoint> {
    const res = await tp.request("/v2/serverless", {
      method: "POST",
      json: { ...QUEUE_BODY, ...body },
      auth: key,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Endpoint;
  }
  const patch = (id: string, json: unknown, auth?: string) =>
    tp.request(`/v2/serverless/${id}`, { method: "PATCH", json, auth });
  async function makeKey(permission: Json): Promise<string> {
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: { name: "scoped", permission },
    });
    return ((await res.json()) as { key: string }).key;
  }

  it("list answers {endpoints:[…]} with the account's endpoints", async () => {
    const a = await create({ name: "list-a" });
    const res = await tp.request("/v2/serverless");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { endpoints: Endpoint[] };
    expect(body.endpoints.find((e) => e.id === a.id)).toEqual(a);
  });

  it("another account's endpoints are not listed and answer 404 on get, update and delete", async () => {
    const ep = await create();
    const other = await tp.otherAccountKey();
    const list = (await (await tp.request("/v2/serverless", { auth: other })).json()) as {
      endpoints: Endpoint[];
    };
    expect(list.endpoints.map((e) => e.id)).not.toContain(ep.id);
    await problemOf(await tp.request(`/v2/serverless/${ep.id}`, { auth: other }), 404);
    await problemOf(await patch(ep.id, { name: "stolen" }, other), 404);
    await problemOf(
      await tp.request(`/v2/serverless/${ep.id}`, { method: "DELETE", auth: other }),
      404,
    );
    await problemOf(await tp.request(`/v2/serverless/${ep.id}/releases`, { auth: other }), 404);
    await problemOf(await tp.request(`/v2/serverless/${ep.id}/workers`, { auth: other }), 404);
  });

  it("a key restricted to some endpoints lists only those and gets 403 on the others", async () => {
    const mine = await create({ name: "visible" });
    const hidden = await create({ name: "hidden" });
    const key = await makeKey({
      type: "restricted",
      families: {},
      endpoints: { [mine.id]: "read" },
    });
    const list = (await (await tp.request("/v2/serverless", { auth: key })).json()) as {
      endpoints: Endpoint[];
    };
    expect(list.endpoints.map((e) => e.id)).toEqual([mine.id]);
    expect((await tp.request(`/v2/serverless/${mine.id}`, { auth: key })).status).toBe(200);
    await problemOf(await tp.request(`/v2/serverless/${hidden.id}`, { auth: key }), 403);
    await problemOf(await patch(mine.id, { name: "x" }, key), 403);
  });

  it("a key with write on one endpoint may update that endpoint only", async () => {
    const mine = await create();
    const other = await create();
    const key = await makeKey({
      type: "restricted",
      families: {},
      endpoints: { [mine.id]: "write" },
    });
    expect((await patch(mine.id, { name: "renamed" }, key)).status).toBe(200);
    await problemOf(await patch(other.id, { name: "renamed" }, key), 403);
  });

  it("unknown endpoint ids answer 404", async () => {
    await problemOf(await tp.request("/v2/serverless/doesnotexist00"), 404);
    await problemOf(await patch("doesnotexist00", { name: "x" }), 404);
  });

  it("PATCH changes only the sent fields and answers the Endpoint", async () => {
    const ep = await create({ env: { A: "1" } });
    const res = await patch(ep.id, {
      name: "renamed",
      timeout: 60000,
      flashboot: "FLASHBOOT",
      workers: { max: 7 },
    });
    expect(res.status).toBe(200);
    const next = (await res.json()) as Endpoint;
    expect(next).toEqual({
      ...ep,
      name: "renamed",
      timeout: 60000,
      flashboot: "FLASHBOOT",
      workers: { min: 0, max: 7, idleTimeout: 10 },
    });
    expect(await (await tp.request(`/v2/serverless/${ep.id}`)).json()).toEqual(next);
  });

  it("an empty PATCH leaves the endpoint unchanged", async () => {
    const ep = await create();
    const res = await patch(ep.id, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ep);
  });

  it("the scaler can be switched on update; switching a queue endpoint to requestCount drops idleTimeout from the answer", async () => {
    const ep = await create({ workers: { idleTimeout: 20 } });
    const res = await patch(ep.id, { scaling: { type: "REQUEST_COUNT", requestCount: 2 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      scaling: { type: "REQUEST_COUNT", requestCount: 2 },
      workers: { min: 0, max: 3 },
    });
    const stored = (await (await tp.request(`/v2/serverless/${ep.id}`)).json()) as Endpoint;
    expect(stored.workers).toEqual({ min: 0, max: 3 });
  });

  it("idleTimeout is rejected on update for a queue endpoint scaling on requestCount (400 naming workers.idleTimeout)", async () => {
    const ep = await create({ scaling: { type: "REQUEST_COUNT", requestCount: 2 } });
    expectNames(
      await problemOf(await patch(ep.id, { workers: { idleTimeout: 30 } }), 400),
      "workers.idleTimeout",
    );
  });

  it("the idleTimeout rule applies to the resulting combination: switching to requestCount while sending idleTimeout is a 400", async () => {
    const ep = await create();
    const res = await patch(ep.id, {
      scaling: { type: "REQUEST_COUNT", requestCount: 2 },
      workers: { idleTimeout: 30 },
    });
    expectNames(await problemOf(res, 400), "workers.idleTimeout");
  });

  it("switching back to QUEUE_DELAY brings idleTimeout back (sent value, else the default 10)", async () => {
    const ep = await create({ scaling: { type: "REQUEST_COUNT", requestCount: 2 } });
    const res = await patch(ep.id, { scaling: { type: "QUEUE_DELAY", queueDelay: 1.5 } });
    expect(await res.json()).toMatchObject({ workers: { min: 0, max: 3, idleTimeout: 10 } });
    const again = await patch(ep.id, { workers: { idleTimeout: 90 } });
    expect(await again.json()).toMatchObject({ workers: { idleTimeout: 90 } });
  });

  it("a LOAD_BALANCER endpoint cannot switch to QUEUE_DELAY (400 naming scaling.type)", async () => {
    const ep = await create({
      type: "LOAD_BALANCER",
      scaling: { type: "REQUEST_COUNT", requestCount: 4 },
    });
    expectNames(
      await problemOf(await patch(ep.id, { scaling: { type: "QUEUE_DELAY", queueDelay: 2 } }), 400),
      "scaling.type",
    );
  });

  it("workers.min greater than workers.max after the update is a 400 naming both", async () => {
    const ep = await create({ workers: { min: 1, max: 2 } });
    const p = await problemOf(await patch(ep.id, { workers: { min: 3 } }), 400);
    expectNames(p, "workers.min");
    expectNames(p, "workers.max");
  });

  it("cpu on update is a clear 400 'CPU endpoint create/update is unsupported'", async () => {
    const ep = await create();
    const p = await problemOf(await patch(ep.id, { cpu: [{ id: "cpu5c", vcpuCount: 4 }] }), 400);
    expect(p.detail).toBe("CPU endpoint create/update is unsupported");
  });

  it.each<[string, Json, string]>([
    ["unknown properties", { bogus: 1 }, "bogus"],
    ["type cannot be changed", { type: "LOAD_BALANCER" }, "type"],
    ["name has minLength 1", { name: "" }, "name"],
    ["gpu.count is at least 1", { gpu: { count: 0 } }, "gpu.count"],
    ["gpu.pools has at least 1 item", { gpu: { pools: [] } }, "gpu.pools"],
    [
      "queueDelay is at least 0.5",
      { scaling: { type: "QUEUE_DELAY", queueDelay: 0.1 } },
      "scaling.queueDelay",
    ],
    ["idleTimeout is at most 3600", { workers: { idleTimeout: 4000 } }, "workers.idleTimeout"],
    [
      "allowedCudaVersions entries are major.minor",
      { allowedCudaVersions: ["12.8.1"] },
      "allowedCudaVersions[0]",
    ],
  ])("PATCH 422 naming the field: %s", async (_rule, body, path) => {
    const ep = await create();
    expectNames(await problemOf(await patch(ep.id, body), 422), path);
  });

  it.each<[string, Json, string]>([
    ["unknown pool", { gpu: { pools: ["NOPE_99"] } }, "gpu.pools[0]"],
    ["unknown CUDA version", { allowedCudaVersions: ["1.0"] }, "allowedCudaVersions[0]"],
    ["unknown data center", { dataCenterIds: ["NOWHERE-1"] }, "dataCenterIds[0]"],
    ["foreign registry", { registry: "someone-elses" }, "registry"],
  ])("PATCH 400 naming the field: %s", async (_rule, body, path) => {
    const ep = await create();
    expectNames(await problemOf(await patch(ep.id, body), 400), path);
  });

  it("allowedCudaVersions [] on update clears the constraint", async () => {
    const ep = await create({ allowedCudaVersions: ["12.4"] });
    expect(await (await patch(ep.id, { allowedCudaVersions: [] })).json()).toMatchObject({
      allowedCudaVersions: [],
    });
  });

  it("gpu may be updated partially (count alone keeps the pools)", async () => {
    const ep = await create({ gpu: { pools: ["ADA_24", "AMPERE_48"] } });
    expect(await (await patch(ep.id, { gpu: { count: 2 } })).json()).toMatchObject({
      gpu: { pools: ["ADA_24", "AMPERE_48"], count: 2 },
    });
  });

  it("env on update replaces the endpoint's env", async () => {
    const ep = await create({ env: { A: "1", B: "2" } });
    expect(await (await patch(ep.id, { env: { C: "3" } })).json()).toMatchObject({
      env: { C: "3" },
    });
  });

  it("delete answers 204, the endpoint is gone, and endpoint.deleted is emitted", async () => {
    const ep = await create();
    const seen: string[] = [];
    const off = tp.running.services.events.on(
      "endpoint.deleted",
      (e) => void seen.push(e.endpointId),
    );
    const res = await tp.request(`/v2/serverless/${ep.id}`, { method: "DELETE" });
    off();
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(seen).toEqual([ep.id]);
    await problemOf(await tp.request(`/v2/serverless/${ep.id}`), 404);
    await problemOf(await tp.request(`/v2/serverless/${ep.id}`, { method: "DELETE" }), 404);
  });

  it("update emits endpoint.updated with the current version", async () => {
    const ep = await create();
    const seen: number[] = [];
    const off = tp.running.services.events.on("endpoint.updated", (e) => void seen.push(e.version));
    await patch(ep.id, { image: "hangar/echo-worker:2" });
    off();
    expect(seen).toEqual([2]);
  });

  it("endpoints survive a restart of the platform", async () => {
    const q = await startTestPlatform({ backend });
    const res = await q.request("/v2/serverless", {
      method: "POST",
      json: { ...QUEUE_BODY, name: "durable" },
    });
    const ep = (await res.json()) as Endpoint;
    const again = await q.restart();
    try {
      const got = await again.request(`/v2/serverless/${ep.id}`);
      expect(got.status).toBe(200);
      const { requestUrls: _a, ...stored } = (await got.json()) as Endpoint;
      const { requestUrls: _b, ...created } = ep;
      expect(stored).toEqual(created);
    } finally {
      await again.stop();
      await q.close();
    }
  });
});
