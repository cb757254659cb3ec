import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { problemOf, expectNames } from "./support/problems";

// `/v2/templates` (reference §3.6) and `GET /v2/catalog/templates`.

type Json = Record<string, unknown>;
interface Template {
  id: string;
  [k: string]: unknown;
}

const POD_TEMPLATE = { name: "PyTorch", image: "runpod/pytorch:2" };
const SERVERLESS_TEMPLATE = { name: "sdxl-worker", image: "hangar/sdxl:1", serverless: true };

describeEachBackend("Templates", (backend) => {
  let tp: TestPlatform;
  let other: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
    other = await tp.otherAccountKey();
  });
  afterAll(async () => tp?.close());

  async function create(body: Json, auth?: string): Promise<Template> {
    const res = await tp.request("/v2/templates", { method: "POST", json: body, auth });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Template;
  }
  const patch = (id: string, json: unknown, auth?: string) =>
    tp.request(`/v2/templates/${id}`, { method: "PATCH", json, auth });
  const del = (id: string, auth?: string) =>
    tp.request(`/v2/templates/${id}`, { method: "DELETE", auth });

  it("create answers 201 with every Template field and the reference defaults", async () => {
    const t = await create(POD_TEMPLATE);
    expect(t).toEqual({
      id: expect.any(String),
      name: "PyTorch",
      image: "runpod/pytorch:2",
      args: "",
      disk: 20,
      mounts: {},
      ports: [],
      env: {},
      registry: null,
      serverless: false,
      public: false,
      category: "NVIDIA",
      startSsh: true,
      startJupyter: true,
      allowedCudaVersions: [],
    });
  });

  it("create keeps every field it is given", async () => {
    const body = {
      ...POD_TEMPLATE,
      args: "--lab",
      disk: 50,
      mounts: { persistent: { size: 20, path: "/workspace" } },
      ports: ["8888/http", "22/tcp"],
      env: { JUPYTER_ENABLE_LAB: "yes" },
      category: "AMD",
      startSsh: false,
      startJupyter: false,
      allowedCudaVersions: ["12.8", "12.6"],
    };
    expect(await create(body)).toMatchObject(body);
  });

  it.each<[string, Json, string]>([
    ["name is required", { name: undefined }, "name"],
    ["name has minLength 1", { name: "" }, "name"],
    ["image is required", { image: undefined }, "image"],
    ["category is CPU, NVIDIA or AMD", { category: "INTEL" }, "category"],
    [
      "templates carry no network mount",
      { mounts: { network: [{ volumeId: "v", path: "/x" }] } },
      "mounts.network",
    ],
    [
      "a persistent mount needs a size of at least 10 GB",
      { mounts: { persistent: { size: 5, path: "/w" } } },
      "mounts.persistent.size",
    ],
    [
      "a persistent mount needs a path",
      { mounts: { persistent: { size: 20 } } },
      "mounts.persistent.path",
    ],
    [
      "allowedCudaVersions entries are major.minor",
      { allowedCudaVersions: ["12"] },
      "allowedCudaVersions[0]",
    ],
    ["disk is at least 1", { disk: 0 }, "disk"],
    ["ports entries are <port>/<protocol>", { ports: ["http"] }, "ports[0]"],
    ["serverless is a boolean", { serverless: "yes" }, "serverless"],
    ["unknown properties are rejected", { volumeInGb: 5 }, "volumeInGb"],
  ])("create 422 naming the field: %s", async (_rule, patchBody, path) => {
    const body: Json = { ...POD_TEMPLATE, ...patchBody };
    for (const k of Object.keys(patchBody)) if (patchBody[k] === undefined) delete body[k];
    expectNames(
      await problemOf(await tp.request("/v2/templates", { method: "POST", json: body }), 422),
      path,
    );
  });

  it("a registry must be one of the caller's credentials (400 naming registry)", async () => {
    const res = await tp.request("/v2/templates", {
      method: "POST",
      json: { ...POD_TEMPLATE, registry: "foreign" },
    });
    expectNames(await problemOf(res, 400), "registry");
  });

  it("list answers {templates:[…]} with the caller's own templates only", async () => {
    const mine = await create({ ...POD_TEMPLATE, name: "mine" });
    const theirs = await create({ ...POD_TEMPLATE, name: "theirs", public: true }, other);
    const list = (await (await tp.request("/v2/templates")).json()) as { templates: Template[] };
    const ids = list.templates.map((t) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it("get serves own templates, published ones of other accounts (without their registry), and 404 for private ones", async () => {
    const mine = await create(POD_TEMPLATE);
    expect(await (await tp.request(`/v2/templates/${mine.id}`)).json()).toEqual(mine);
    const published = await create({ ...SERVERLESS_TEMPLATE, public: true }, other);
    const got = await tp.request(`/v2/templates/${published.id}`);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual({ ...published, registry: null });
    const hidden = await create(POD_TEMPLATE, other);
    await problemOf(await tp.request(`/v2/templates/${hidden.id}`), 404);
    await problemOf(await tp.request("/v2/templates/unknown0000"), 404);
  });

  it("get also serves public catalogue templates, which are read-only (PATCH and DELETE answer 404)", async () => {
    const { templates } = (await (await tp.request("/v2/catalog/templates")).json()) as {
      templates: Template[];
    };
    expect(templates.length).toBeGreaterThan(0);
    const listed = templates[0]!;
    const res = await tp.request(`/v2/templates/${listed.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(listed);
    await problemOf(await patch(listed.id, { name: "mine now" }), 404);
    await problemOf(await del(listed.id), 404);
    const own = (await (await tp.request("/v2/templates")).json()) as { templates: Template[] };
    expect(own.templates.map((t) => t.id)).not.toContain(listed.id);
  });

  it("the official catalogue offers both pod and serverless templates", async () => {
    const { templates } = (await (
      await tp.request("/v2/catalog/templates?source=official")
    ).json()) as { templates: Template[] };
    expect(templates.some((t) => t.serverless)).toBe(true);
    expect(templates.some((t) => !t.serverless)).toBe(true);
  });

  it("PATCH changes only sent fields; allowedCudaVersions [] clears; mounts {} leaves the mount", async () => {
    const t = await create({
      ...POD_TEMPLATE,
      allowedCudaVersions: ["12.8"],
      mounts: { persistent: { size: 20, path: "/w" } },
    });
    const res = await patch(t.id, {
      name: "renamed",
      allowedCudaVersions: [],
      mounts: {},
      env: { A: "1" },
    });
    expect(res.status).toBe(200);
    const next = await res.json();
    expect(next).toEqual({ ...t, name: "renamed", allowedCudaVersions: [], env: { A: "1" } });
    expect(await (await tp.request(`/v2/templates/${t.id}`)).json()).toEqual(next);
  });

  it("PATCH may switch a template between pod and serverless", async () => {
    const t = await create(POD_TEMPLATE);
    expect(await (await patch(t.id, { serverless: true })).json()).toMatchObject({
      serverless: true,
    });
  });

  it.each<[string, Json, string]>([
    ["unknown properties", { bogus: 1 }, "bogus"],
    ["name has minLength 1", { name: "" }, "name"],
    ["network mounts", { mounts: { network: [] } }, "mounts.network"],
  ])("PATCH 422 naming the field: %s", async (_rule, body, path) => {
    const t = await create(POD_TEMPLATE);
    expectNames(await problemOf(await patch(t.id, body), 422), path);
  });

  it("PATCH and DELETE of another account's template, even a published one, answer 404", async () => {
    const published = await create({ ...POD_TEMPLATE, public: true }, other);
    await problemOf(await patch(published.id, { name: "mine now" }), 404);
    await problemOf(await del(published.id), 404);
    expect((await tp.request(`/v2/templates/${published.id}`, { auth: other })).status).toBe(200);
  });

  it("DELETE answers 204 and the template is gone", async () => {
    const t = await create(POD_TEMPLATE);
    const res = await del(t.id);
    expect(res.status).toBe(204);
    await problemOf(await tp.request(`/v2/templates/${t.id}`), 404);
    await problemOf(await del(t.id), 404);
  });

  it("a template bound to an endpoint cannot be deleted (400) until the endpoint is gone", async () => {
    const t = await create(SERVERLESS_TEMPLATE);
    const epRes = await tp.request("/v2/serverless", {
      method: "POST",
      json: {
        name: "bound",
        type: "QUEUE",
        gpu: { pools: ["ADA_24"] },
        scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
        templateId: t.id,
      },
    });
    expect(epRes.status).toBe(201);
    const ep = (await epRes.json()) as { id: string };
    const p = await problemOf(await del(t.id), 400);
    expect(p.detail).toContain(ep.id);
    expect((await tp.request(`/v2/serverless/${ep.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await del(t.id)).status).toBe(204);
  });

  it("a template referenced by a pod cannot be deleted (400) until the pod is terminated", async () => {
    const t = await create(POD_TEMPLATE);
    const podRes = await tp.request("/v2/pods", {
      method: "POST",
      json: { name: "from-template", gpu: { id: "NVIDIA GeForce RTX 4090" }, templateId: t.id },
    });
    expect(podRes.status, await podRes.clone().text()).toBe(201);
    const pod = (await podRes.json()) as { id: string };
    const p = await problemOf(await del(t.id), 400);
    expect(p.detail).toContain(pod.id);
    expect((await tp.request(`/v2/pods/${pod.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await del(t.id)).status).toBe(204);
  });

  it("editing a template does not change existing endpoints", async () => {
    const t = await create({ ...SERVERLESS_TEMPLATE, env: { A: "1" } });
    const epRes = await tp.request("/v2/serverless", {
      method: "POST",
      json: {
        name: "e",
        type: "QUEUE",
        gpu: { pools: ["ADA_24"] },
        scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
        templateId: t.id,
      },
    });
    const ep = (await epRes.json()) as Json;
    await patch(t.id, { image: "hangar/sdxl:2", env: { A: "2" } });
    expect(await (await tp.request(`/v2/serverless/${ep.id as string}`)).json()).toEqual(ep);
  });

  it("GET /v2/catalog/templates answers {templates:[…]} for each source, at most 100, registry always null", async () => {
    for (const source of ["official", "verified", "community", undefined]) {
      const res = await tp.request(`/v2/catalog/templates${source ? `?source=${source}` : ""}`);
      expect(res.status).toBe(200);
      const { templates } = (await res.json()) as { templates: Template[] };
      expect(templates.length).toBeLessThanOrEqual(100);
      for (const t of templates) expect(t.registry).toBeNull();
    }
  });

  it("the community catalogue lists published templates of every account, never private ones", async () => {
    const published = await create({ ...SERVERLESS_TEMPLATE, name: "shared", public: true }, other);
    const hidden = await create({ ...SERVERLESS_TEMPLATE, name: "private" }, other);
    const { templates } = (await (
      await tp.request("/v2/catalog/templates?source=community")
    ).json()) as { templates: Template[] };
    const ids = templates.map((t) => t.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(hidden.id);
    const official = (await (await tp.request("/v2/catalog/templates")).json()) as {
      templates: Template[];
    };
    expect(official.templates.map((t) => t.id)).not.toContain(published.id);
  });

  it("GET /v2/catalog/templates rejects an unknown source (422 naming source)", async () => {
    expectNames(
      await problemOf(await tp.request("/v2/catalog/templates?source=mine"), 422),
      "source",
    );
  });

  it("templates need the templates family; the catalogue any valid key", async () => {
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: {
        name: "no-templates",
        permission: { type: "restricted", families: { pods: "write" } },
      },
    });
    const key = ((await res.json()) as { key: string }).key;
    await problemOf(await tp.request("/v2/templates", { auth: key }), 403);
    await problemOf(
      await tp.request("/v2/templates", { method: "POST", json: POD_TEMPLATE, auth: key }),
      403,
    );
    expect((await tp.request("/v2/catalog/templates", { auth: key })).status).toBe(200);
  });
});
