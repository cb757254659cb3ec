import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { problemOf } from "./support/problems";

// Seed "Template rules (`templateId`)" 1–5 on endpoint create, and the one-shot `templateId` of PATCH.

type Json = Record<string, unknown>;

const ENDPOINT = {
  name: "from-template",
  type: "QUEUE",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
};
const TEMPLATE = {
  name: "sdxl-worker",
  image: "hangar/sdxl:1",
  args: "--serve",
  disk: 40,
  ports: ["8000/http"],
  env: { MODEL: "sdxl", STEPS: "30" },
  serverless: true,
};

describeEachBackend("Serverless endpoints: template rules", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  async function template(body: Json = {}, auth?: string): Promise<string> {
    const res = await tp.request("/v2/templates", {
      method: "POST",
      json: { ...TEMPLATE, ...body },
      auth,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const createEndpoint = (body: Json) =>
    tp.request("/v2/serverless", { method: "POST", json: { ...ENDPOINT, ...body } });
  async function endpoint(body: Json): Promise<Json> {
    const res = await createEndpoint(body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Json;
  }

  it("rule 1: the template is resolved once at create into image, args, disk, ports, env and registry", async () => {
    const reg = await tp.request("/v2/registries", {
      method: "POST",
      json: { name: `r-${backend}-1`, username: "u", password: "p" },
    });
    const registry = ((await reg.json()) as { id: string }).id;
    const id = await template({ registry });
    const ep = await endpoint({ templateId: id });
    expect(ep).toMatchObject({
      image: "hangar/sdxl:1",
      args: "--serve",
      disk: 40,
      ports: ["8000/http"],
      env: { MODEL: "sdxl", STEPS: "30" },
      registry,
    });
    expect(ep).not.toHaveProperty("templateId");
  });

  it("rule 1: later template edits do not affect the endpoint", async () => {
    const id = await template();
    const ep = await endpoint({ templateId: id });
    const res = await tp.request(`/v2/templates/${id}`, {
      method: "PATCH",
      json: { image: "hangar/sdxl:2", env: { MODEL: "flux" }, allowedCudaVersions: ["12.8"] },
    });
    expect(res.status).toBe(200);
    expect(await (await tp.request(`/v2/serverless/${ep.id as string}`)).json()).toEqual(ep);
  });

  it("rule 2: explicit body fields override the template's", async () => {
    const id = await template();
    const ep = await endpoint({
      templateId: id,
      image: "hangar/custom:3",
      args: "",
      disk: 10,
      ports: [],
    });
    expect(ep).toMatchObject({ image: "hangar/custom:3", args: "", disk: 10, ports: [] });
  });

  it("rule 2: env is merged per key with body values winning", async () => {
    const id = await template();
    const ep = await endpoint({ templateId: id, env: { STEPS: "50", EXTRA: "1" } });
    expect(ep.env).toEqual({ MODEL: "sdxl", STEPS: "50", EXTRA: "1" });
  });

  it("rule 3: the template's allowedCudaVersions seeds the endpoint's when the body omits it", async () => {
    const id = await template({ allowedCudaVersions: ["12.4", "12.6"] });
    expect((await endpoint({ templateId: id })).allowedCudaVersions).toEqual(["12.4", "12.6"]);
  });

  it("rule 3: the body's allowedCudaVersions wins over the template's, [] included", async () => {
    const id = await template({ allowedCudaVersions: ["12.4"] });
    expect(
      (await endpoint({ templateId: id, allowedCudaVersions: ["12.6"] })).allowedCudaVersions,
    ).toEqual(["12.6"]);
    expect(
      (await endpoint({ templateId: id, allowedCudaVersions: [] })).allowedCudaVersions,
    ).toEqual([]);
  });

  it("rule 3: template CUDA versions are checked against the pools like the body's (400 naming the entry)", async () => {
    const id = await template({ allowedCudaVersions: ["9.1"] });
    const p = await problemOf(await createEndpoint({ templateId: id }), 400);
    expect(p.errors).toEqual([
      expect.stringMatching(/^allowedCudaVersions\[0\]: CUDA 9\.1 \(from the template\)/),
    ]);
  });

  it("rule 4: pod-only flags startSsh and startJupyter are ignored (no PUBLIC_KEY or JUPYTER_PASSWORD, no such fields)", async () => {
    await tp.request("/v2/account/ssh-keys", {
      method: "PUT",
      json: { keys: ["ssh-ed25519 AAAAC3Nza me@host"] },
    });
    const id = await template({ startSsh: true, startJupyter: true });
    const ep = await endpoint({ templateId: id });
    expect(ep.env).toEqual(TEMPLATE.env);
    expect(ep).not.toHaveProperty("startSsh");
    expect(ep).not.toHaveProperty("startJupyter");
  });

  it("rule 5: another account's published template may be used (its registry is not carried over)", async () => {
    const other = await tp.otherAccountKey();
    const reg = await tp.request("/v2/registries", {
      method: "POST",
      json: { name: "theirs", username: "u", password: "p" },
      auth: other,
    });
    const registry = ((await reg.json()) as { id: string }).id;
    const id = await template({ public: true, registry }, other);
    const ep = await endpoint({ templateId: id });
    expect(ep).toMatchObject({ image: "hangar/sdxl:1", registry: null });
  });

  it("rule 5: a public catalogue template may be used", async () => {
    const { templates } = (await (
      await tp.request("/v2/catalog/templates?source=official")
    ).json()) as {
      templates: { id: string; serverless: boolean; image: string }[];
    };
    const listed = templates.find((t) => t.serverless);
    if (!listed) return; // the catalogue has no serverless template to try
    expect(await endpoint({ templateId: listed.id })).toMatchObject({ image: listed.image });
  });

  it("rule 5: an unknown template id is a 404", async () => {
    await problemOf(await createEndpoint({ templateId: "nosuchtemplate" }), 404);
  });

  it("rule 5: another account's private template is inaccessible: 404", async () => {
    const other = await tp.otherAccountKey();
    const id = await template({}, other);
    await problemOf(await createEndpoint({ templateId: id }), 404);
  });

  it("rule 5: a template that is not a serverless template is a 422 naming templateId", async () => {
    const id = await template({ serverless: false });
    const p = await problemOf(await createEndpoint({ templateId: id }), 422);
    expect(p.errors).toEqual([expect.stringMatching(/^templateId: /)]);
  });

  it("PATCH templateId applies the template once, env merged with the body's and replacing the endpoint's", async () => {
    const ep = await endpoint({ image: "hangar/own:1", env: { KEEP: "no", STEPS: "10" } });
    const id = await template();
    const res = await tp.request(`/v2/serverless/${ep.id as string}`, {
      method: "PATCH",
      json: { templateId: id, env: { STEPS: "99" }, disk: 25 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      image: "hangar/sdxl:1",
      args: "--serve",
      disk: 25,
      ports: ["8000/http"],
      env: { MODEL: "sdxl", STEPS: "99" },
    });
    // One-shot: editing the template afterwards changes nothing.
    await tp.request(`/v2/templates/${id}`, { method: "PATCH", json: { image: "hangar/sdxl:9" } });
    expect(await (await tp.request(`/v2/serverless/${ep.id as string}`)).json()).toMatchObject({
      image: "hangar/sdxl:1",
    });
  });

  it("PATCH templateId follows rule 5 too: unknown 404, pod template 422", async () => {
    const ep = await endpoint({ image: "hangar/own:1" });
    const patch = (json: Json) =>
      tp.request(`/v2/serverless/${ep.id as string}`, { method: "PATCH", json });
    await problemOf(await patch({ templateId: "nosuchtemplate" }), 404);
    await problemOf(await patch({ templateId: await template({ serverless: false }) }), 422);
  });
});
