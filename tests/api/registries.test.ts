import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { problemOf, expectNames } from "./support/problems";

// `/v2/registries` (reference §3.8): container registry credentials. The username and password are
// write-only: stored, never in any answer.

type Json = Record<string, unknown>;

const SECRET = "s3cr3t-PASSWORD-value";
const USER = "robot-user-name";

describeEachBackend("Registries", (backend) => {
  let tp: TestPlatform;
  let n = 0;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  async function create(body: Json = {}, auth?: string): Promise<{ id: string; name: string }> {
    const res = await tp.request("/v2/registries", {
      method: "POST",
      json: { name: `dockerhub-${++n}`, username: USER, password: SECRET, ...body },
      auth,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; name: string };
  }

  it("create answers 201 with {id, name} only: the password and username are write-only", async () => {
    const res = await tp.request("/v2/registries", {
      method: "POST",
      json: { name: "dockerhub-private", username: USER, password: SECRET },
    });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ id: expect.any(String), name: "dockerhub-private" });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(USER);
  });

  it("list and get never carry the password or username", async () => {
    const r = await create();
    const list = await (await tp.request("/v2/registries")).text();
    const one = await (await tp.request(`/v2/registries/${r.id}`)).text();
    for (const text of [list, one]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(USER);
    }
    expect(JSON.parse(list)).toEqual({ registries: expect.arrayContaining([r]) });
    expect(JSON.parse(one)).toEqual(r);
  });

  it("the password is stored (for image pulls) though never returned", async () => {
    const r = await create();
    const { RegistriesService } =
      await import("@/lib/platform/management/registries/registries.service");
    const whoami = (await (await tp.request("/_platform/whoami")).json()) as {
      account: { id: string };
    };
    const s = tp.running.services;
    // Stored sealed (tests/api/secrets-at-rest.test.ts); the service opens it.
    expect(
      await new RegistriesService(s.store.db, s.clock, s.ids, s.secrets).credentials(
        whoami.account.id,
        r.id,
      ),
    ).toEqual({
      username: USER,
      password: SECRET,
    });
  });

  it.each<[string, Json, string]>([
    ["name is required", { name: undefined }, "name"],
    ["name has minLength 1", { name: "" }, "name"],
    ["username is required", { username: undefined }, "username"],
    ["password is required", { password: undefined }, "password"],
    ["password has minLength 1", { password: "" }, "password"],
    ["unknown properties are rejected", { server: "ghcr.io" }, "server"],
  ])("create 422 naming the field: %s", async (_rule, patch, path) => {
    const body: Json = { name: "x", username: "u", password: "p", ...patch };
    for (const k of Object.keys(patch)) if (patch[k] === undefined) delete body[k];
    const p = await problemOf(
      await tp.request("/v2/registries", { method: "POST", json: body }),
      422,
    );
    expectNames(p, path);
    expect(JSON.stringify(p)).not.toContain(SECRET);
  });

  it("a second credential with the same name is a 400 naming name", async () => {
    const r = await create();
    const res = await tp.request("/v2/registries", {
      method: "POST",
      json: { name: r.name, username: "u", password: "p" },
    });
    expectNames(await problemOf(res, 400), "name");
  });

  it("another account's credentials are not listed and answer 404", async () => {
    const r = await create();
    const other = await tp.otherAccountKey();
    const list = (await (await tp.request("/v2/registries", { auth: other })).json()) as {
      registries: { id: string }[];
    };
    expect(list.registries.map((x) => x.id)).not.toContain(r.id);
    await problemOf(await tp.request(`/v2/registries/${r.id}`, { auth: other }), 404);
    await problemOf(
      await tp.request(`/v2/registries/${r.id}`, { method: "DELETE", auth: other }),
      404,
    );
  });

  it("delete answers 204 and the credential is gone", async () => {
    const r = await create();
    expect((await tp.request(`/v2/registries/${r.id}`, { method: "DELETE" })).status).toBe(204);
    await problemOf(await tp.request(`/v2/registries/${r.id}`), 404);
  });

  it("delete while an endpoint pulls with it is a 400 naming the endpoint", async () => {
    const r = await create();
    const ep = await tp.request("/v2/serverless", {
      method: "POST",
      json: {
        name: "private",
        type: "QUEUE",
        gpu: { pools: ["ADA_24"] },
        scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
        image: "me/private:1",
        registry: r.id,
      },
    });
    expect(ep.status).toBe(201);
    const epId = ((await ep.json()) as { id: string }).id;
    const p = await problemOf(
      await tp.request(`/v2/registries/${r.id}`, { method: "DELETE" }),
      400,
    );
    expect(p.detail).toContain(epId);
    expect(
      (await tp.request(`/v2/serverless/${epId}`, { method: "PATCH", json: { registry: null } }))
        .status,
    ).toBe(200);
    expect((await tp.request(`/v2/registries/${r.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("delete while a pod pulls with it is a 400 naming the pod", async () => {
    const r = await create();
    const podRes = await tp.request("/v2/pods", {
      method: "POST",
      json: {
        name: "private-pod",
        gpu: { id: "NVIDIA GeForce RTX 4090" },
        image: "me/private:1",
        registry: r.id,
      },
    });
    expect(podRes.status, await podRes.clone().text()).toBe(201);
    const pod = (await podRes.json()) as { id: string };
    const p = await problemOf(
      await tp.request(`/v2/registries/${r.id}`, { method: "DELETE" }),
      400,
    );
    expect(p.detail).toContain(pod.id);
    expect((await tp.request(`/v2/pods/${pod.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await tp.request(`/v2/registries/${r.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("delete clears the credential from the account's templates", async () => {
    const r = await create();
    const t = await tp.request("/v2/templates", {
      method: "POST",
      json: { name: "t", image: "me/private:1", registry: r.id },
    });
    const tpl = (await t.json()) as { id: string; registry: string | null };
    expect(tpl.registry).toBe(r.id);
    expect((await tp.request(`/v2/registries/${r.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await (await tp.request(`/v2/templates/${tpl.id}`)).json()).toMatchObject({
      registry: null,
    });
  });

  it("registries need the registries family", async () => {
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: {
        name: "read-registries",
        permission: { type: "restricted", families: { registries: "read" } },
      },
    });
    const key = ((await res.json()) as { key: string }).key;
    expect((await tp.request("/v2/registries", { auth: key })).status).toBe(200);
    await problemOf(
      await tp.request("/v2/registries", {
        method: "POST",
        json: { name: "n", username: "u", password: "p" },
        auth: key,
      }),
      403,
    );
  });

  describe("ECR delegations (/v2/registries/delegations)", () => {
    const ARN = "arn:aws:ecr:us-east-2:418399314813:repository/runpod/deployment";
    let m = 0;
    async function delegate(body: Json = {}, auth?: string): Promise<Json> {
      const res = await tp.request("/v2/registries/delegations", {
        method: "POST",
        json: { resource: `${ARN}-${++m}`, ...body },
        auth,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as Json;
    }

    it("create answers 201 with the delegation described from the ARN (region, AWS account, repository, tag)", async () => {
      const res = await tp.request("/v2/registries/delegations", {
        method: "POST",
        json: { resource: `${ARN}:v1.2`, name: "deploy" },
      });
      expect(res.status).toBe(201);
      const whoami = (await (await tp.request("/_platform/whoami")).json()) as {
        account: { id: string };
      };
      expect(await res.json()).toEqual({
        id: expect.any(String),
        name: "deploy",
        delegatorUserId: whoami.account.id,
        awsUser: "418399314813",
        repository: "runpod/deployment",
        tag: "v1.2",
        awsRegion: "us-east-2",
        dockerRegistryUri: "418399314813.dkr.ecr.us-east-2.amazonaws.com",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it("an ARN without a tag delegates `latest`; name defaults to null", async () => {
      const d = await delegate();
      expect(d).toMatchObject({ tag: "latest", name: null });
    });

    it("list answers the account's delegations; `delegations` is not taken for a credential id", async () => {
      const d = await delegate();
      const res = await tp.request("/v2/registries/delegations");
      expect(res.status).toBe(200);
      const body = (await res.json()) as { delegations: Json[] };
      expect(body.delegations).toEqual(expect.arrayContaining([d]));
      // The credential list is unaffected by delegations.
      const creds = (await (await tp.request("/v2/registries")).json()) as {
        registries: { id: string }[];
      };
      expect(creds.registries.map((r) => r.id)).not.toContain(d.id);
    });

    it("delete answers 204 and the delegation is gone from the list; a second delete is 404", async () => {
      const d = await delegate();
      const del = await tp.request(`/v2/registries/delegations/${String(d.id)}`, {
        method: "DELETE",
      });
      expect(del.status).toBe(204);
      expect(await del.text()).toBe("");
      const list = (await (await tp.request("/v2/registries/delegations")).json()) as {
        delegations: Json[];
      };
      expect(list.delegations.map((x) => x.id)).not.toContain(d.id);
      await problemOf(
        await tp.request(`/v2/registries/delegations/${String(d.id)}`, { method: "DELETE" }),
        404,
      );
    });

    it.each<[string, Json, string]>([
      ["resource is required", { resource: undefined }, "resource"],
      [
        "resource must be an ECR repository ARN",
        { resource: "docker.io/library/ubuntu" },
        "resource",
      ],
      [
        "the ARN must name an ECR repository",
        { resource: "arn:aws:s3:us-east-2:418399314813:bucket/x" },
        "resource",
      ],
      [
        "the AWS account id has 12 digits",
        { resource: "arn:aws:ecr:us-east-2:4183:repository/x" },
        "resource",
      ],
      ["name is a string or null", { name: 7 }, "name"],
      ["unknown properties are rejected", { region: "us-east-2" }, "region"],
    ])("create 422 naming the field: %s", async (_rule, patch, path) => {
      const body: Json = { resource: ARN, ...patch };
      for (const k of Object.keys(patch)) if (patch[k] === undefined) delete body[k];
      const p = await problemOf(
        await tp.request("/v2/registries/delegations", { method: "POST", json: body }),
        422,
      );
      expectNames(p, path);
    });

    it("malformed JSON is a 400", async () => {
      const res = await tp.request("/v2/registries/delegations", {
        method: "POST",
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      await problemOf(res, 400);
    });

    it("delegating the same repository and tag twice is a 400 naming resource", async () => {
      const d = await delegate();
      const res = await tp.request("/v2/registries/delegations", {
        method: "POST",
        json: { resource: `${ARN}-${m}` },
      });
      const p = await problemOf(res, 400);
      expectNames(p, "resource");
      expect(p.detail).toContain(String(d.id));
    });

    it("another account's delegations are not listed and answer 404 on delete", async () => {
      const d = await delegate();
      const other = await tp.otherAccountKey();
      const list = (await (
        await tp.request("/v2/registries/delegations", { auth: other })
      ).json()) as { delegations: Json[] };
      expect(list.delegations).toEqual([]);
      await problemOf(
        await tp.request(`/v2/registries/delegations/${String(d.id)}`, {
          method: "DELETE",
          auth: other,
        }),
        404,
      );
      // Still there for its owner.
      const mine = (await (await tp.request("/v2/registries/delegations")).json()) as {
        delegations: Json[];
      };
      expect(mine.delegations.map((x) => x.id)).toContain(d.id);
    });

    it("DELETE on the delegation collection is a 405, never a credential lookup", async () => {
      const res = await tp.request("/v2/registries/delegations", { method: "DELETE" });
      await problemOf(res, 405);
      expect(res.headers.get("allow")).toBe("GET, POST");
    });

    it("GET on a single delegation is not an operation: 405 with Allow: DELETE", async () => {
      const d = await delegate();
      const res = await tp.request(`/v2/registries/delegations/${String(d.id)}`);
      await problemOf(res, 405);
      expect(res.headers.get("allow")).toBe("DELETE");
    });

    it("delegations need the registries family (read lists, write creates)", async () => {
      const res = await tp.request("/_platform/keys", {
        method: "POST",
        json: {
          name: "read-registries-delegations",
          permission: { type: "restricted", families: { registries: "read" } },
        },
      });
      const key = ((await res.json()) as { key: string }).key;
      expect((await tp.request("/v2/registries/delegations", { auth: key })).status).toBe(200);
      await problemOf(
        await tp.request("/v2/registries/delegations", {
          method: "POST",
          json: { resource: ARN },
          auth: key,
        }),
        403,
      );
    });
  });
});
