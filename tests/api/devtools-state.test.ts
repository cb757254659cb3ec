import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { StateSnapshot, StateSummary } from "@/lib/schemas/devtools";
import { describeEachBackend } from "./support/backends";
import {
  createEndpoint,
  run,
  settle,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";
import { newKey, startTestPlatform } from "./support/platform";
import { queuedJobRow } from "./support/job-rows";

describeEachBackend("devtools: account state reset, export and import", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  const endpointNames = async () =>
    (
      (await (await tp.request("/v2/serverless")).json()) as { endpoints: { name: string }[] }
    ).endpoints
      .map((e) => e.name)
      .sort();
  async function exportState() {
    const res = await tp.request("/_platform/state/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("hangar-state.json");
    return StateSnapshot.parse(await res.json());
  }

  it("export, reset and import bring back the same endpoints, templates and jobs", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const tpl = await tp.request("/v2/templates", {
      method: "POST",
      json: { name: "snap-tpl", image: "busybox:1", serverless: true },
    });
    expect(tpl.status, await tpl.clone().text()).toBe(201);
    const job = await run(tp, ep, { mock_return: "kept" });
    await settle(tp);
    const names = await endpointNames();
    expect(names).toHaveLength(2);

    const snapshot = await exportState();
    expect(snapshot.format).toBe("hangar-state");
    expect(snapshot.scope).toBe("account");
    expect(snapshot.tables.endpoints).toHaveLength(2);
    expect(snapshot.tables.workers).toBeUndefined();
    // Identity and instance settings are never in an account's snapshot.
    for (const t of ["accounts", "api_keys", "platform_meta", "availability_overrides"])
      expect(snapshot.tables[t], t).toBeUndefined();

    const reset = await tp.request("/_platform/state/reset", { method: "POST" });
    expect(reset.status).toBe(200);
    const after = StateSummary.parse(await reset.json());
    expect(after.tables).toMatchObject({ endpoints: 0, jobs: 0, templates: 0, workers: 0 });
    expect(after.tables.accounts).toBeUndefined();
    expect(await endpointNames()).toEqual([]);
    expect((await status(tp, ep, job)).status).toBe(404);
    // The key still works after a reset.
    expect((await tp.request("/_platform/whoami")).status).toBe(200);

    const imported = await tp.request("/_platform/state/import", {
      method: "POST",
      json: snapshot,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await endpointNames()).toEqual(names);
    expect((await status(tp, ep, job)).body).toMatchObject({ status: "COMPLETED", output: "kept" });
    const { templates } = (await (await tp.request("/v2/templates")).json()) as {
      templates: { name: string }[];
    };
    expect(templates.map((t) => t.name)).toContain("snap-tpl");
    // Imported endpoints run jobs again (a worker starts for min 1).
    const again = await run(tp, ep, { mock_return: "after import" });
    await settle(tp);
    expect((await status(tp, ep, again)).body).toMatchObject({ status: "COMPLETED" });
  });

  it("an import after a reset takes back an endpoint the metrics sampler had seen running (the sampler stops at the reset)", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await settle(tp);
    const metrics = tp.running.services.devtools.metrics;
    await metrics.sampleActive(); // the endpoint has a worker: sampled, and again next time
    const snapshot = await exportState();
    expect(snapshot.tables.endpoint_samples?.length).toBeGreaterThan(0);
    expect((await tp.request("/_platform/state/reset", { method: "POST" })).status).toBe(200);
    // The sampler's next turn, between the reset and the import, writes nothing for it.
    await metrics.sampleActive();
    const imported = await tp.request("/_platform/state/import", {
      method: "POST",
      json: snapshot,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect((await tp.request(`/v2/serverless/${ep}`)).status).toBe(200);
  });

  it("an account snapshot holds only the caller's rows; the instance export (operator) holds every account's", async () => {
    const otherKey = await tp.otherAccountKey();
    const mine = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const theirs = await createEndpoint(tp, { workers: { min: 0, max: 0 } }, otherKey);
    const own = await exportState();
    const ids = (own.tables.endpoints ?? []).map((r) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const whole = await tp.request("/_platform/instance/state/export");
    expect(whole.status).toBe(200);
    const instance = StateSnapshot.parse(await whole.json());
    expect(instance.scope).toBe("instance");
    expect((instance.tables.endpoints ?? []).map((r) => r.id)).toEqual(
      expect.arrayContaining([mine, theirs]),
    );
    expect(instance.tables.api_keys?.length).toBeGreaterThan(1);
    // The instance import refuses an account's snapshot (it would wipe every other account).
    const wrong = await tp.request("/_platform/instance/state/import", {
      method: "POST",
      json: own,
    });
    expect(wrong.status).toBe(400);
    // An account reset leaves other accounts alone.
    expect((await tp.request("/_platform/state/reset", { method: "POST" })).status).toBe(200);
    const left = (await (await tp.request("/v2/serverless", { auth: otherKey })).json()) as {
      endpoints: { id: string }[];
    };
    expect(left.endpoints.map((e) => e.id)).toEqual([theirs]);
  });

  it("the operator's instance reset empties every account and keeps accounts and keys", async () => {
    const otherKey = await tp.otherAccountKey();
    await createEndpoint(tp, { workers: { min: 0, max: 0 } }, otherKey);
    const res = await tp.request("/_platform/instance/state/reset", { method: "POST" });
    expect(res.status).toBe(200);
    const after = StateSummary.parse(await res.json());
    expect(after.tables).toMatchObject({ endpoints: 0, jobs: 0 });
    expect(after.tables.accounts).toBeGreaterThan(1);
    expect((await tp.request("/_platform/whoami", { auth: otherKey })).status).toBe(200);
  });

  it("refuses a snapshot of another format (422) or with unknown tables (400)", async () => {
    const bad = await tp.request("/_platform/state/import", {
      method: "POST",
      json: { format: "x" },
    });
    expect(bad.status).toBe(422);
    const unknown = await tp.request("/_platform/state/import", {
      method: "POST",
      json: {
        format: "hangar-state",
        version: 1,
        exportedAt: new Date().toISOString(),
        tables: { nope: [] },
      },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("nope");
  });
});

describeEachBackend("devtools: account import is checked row by row", (backend) => {
  let tp: JobsPlatform;
  let otherKey: string;
  let otherAccount: string;
  let otherEndpoint: string;
  let base: StateSnapshot;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
    otherKey = await tp.otherAccountKey();
    otherAccount = (
      (await (await tp.request("/_platform/whoami", { auth: otherKey })).json()) as {
        account: { id: string };
      }
    ).account.id;
    otherEndpoint = await createEndpoint(tp, { workers: { min: 0, max: 0 } }, otherKey);
    await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    base = StateSnapshot.parse(await (await tp.request("/_platform/state/export")).json());
  });
  afterAll(async () => tp?.close());

  const withRows = (table: string, rows: Record<string, unknown>[]) => ({
    ...base,
    tables: { ...base.tables, [table]: [...(base.tables[table] ?? []), ...rows] },
  });
  const myEndpoint = () => base.tables.endpoints![0]!;
  const rows = async (key?: string) => {
    const snap = StateSnapshot.parse(
      await (await tp.request("/_platform/state/export", { auth: key })).json(),
    );
    return JSON.stringify(snap.tables);
  };

  const CASES: [string, () => unknown, RegExp][] = [
    [
      "a row of another account",
      () => withRows("templates", [{ ...tplRow("tpl-x"), account_id: otherAccount }]),
      /templates\[\d+\].*account_id/,
    ],
    [
      "an unknown column",
      () => withRows("templates", [{ ...tplRow("tpl-y"), sneaky: 1 }]),
      /unknown column sneaky/,
    ],
    [
      "a value of the wrong type",
      () => withRows("templates", [{ ...tplRow("tpl-z"), serverless: "yes" }]),
      /serverless must be integer/,
    ],
    [
      "a missing required column",
      () => {
        const { name: _n, ...row } = tplRow("tpl-w");
        return withRows("templates", [row]);
      },
      /missing column name/,
    ],
    [
      "an id another account has",
      () => withRows("endpoints", [{ ...myEndpoint(), id: otherEndpoint }]),
      /endpoints \S+: the id belongs to another account/,
    ],
    [
      "a child row under another account's parent",
      () =>
        withRows("endpoint_releases", [
          {
            id: "rel-x",
            endpoint_id: otherEndpoint,
            version: 9,
            diff: "[]",
            created_by: null,
            created_at: 1,
          },
        ]),
      /endpoint_releases\[\d+\].*endpoint_id/,
    ],
    [
      "a job in another account's queue",
      () => withRows("jobs", [{ ...jobRow("job-x"), endpoint_id: otherEndpoint }]),
      /jobs: endpoint_id .* another account/,
    ],
    ["api keys", () => withRows("api_keys", [{ id: "k" }]), /refused: api_keys/],
    ["accounts", () => withRows("accounts", [{ id: "a" }]), /refused: accounts/],
    [
      "platform metadata",
      () => withRows("platform_meta", [{ key: "k", value: "v" }]),
      /refused: platform_meta/,
    ],
  ];

  it.each(CASES)("refuses %s (400) and changes nothing", async (_what, build, detail) => {
    const mineBefore = await rows();
    const theirsBefore = await rows(otherKey);
    const res = await tp.request("/_platform/state/import", { method: "POST", json: build() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(detail);
    expect(await rows()).toBe(mineBefore);
    expect(await rows(otherKey)).toBe(theirsBefore);
  });

  it("takes its own export back, rows without account_id filled in with the caller's", async () => {
    const { account_id: _a, ...row } = tplRow("tpl-own");
    const res = await tp.request("/_platform/state/import", {
      method: "POST",
      json: withRows("templates", [row]),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const snap = StateSnapshot.parse(await (await tp.request("/_platform/state/export")).json());
    expect(snap.tables.templates?.find((t) => t.id === "tpl-own")).toBeDefined();
  });

  function tplRow(id: string): Record<string, unknown> {
    const now = Date.UTC(2026, 0, 1);
    return {
      id,
      account_id: myEndpoint().account_id,
      name: id,
      serverless: 1,
      public: 0,
      registry_id: null,
      data: JSON.stringify({ image: "busybox:1" }),
      created_at: now,
      updated_at: now,
    };
  }
  function jobRow(id: string): Record<string, unknown> {
    const ep = myEndpoint();
    const ids = { id, endpointId: String(ep.id), accountId: String(ep.account_id) };
    return { ...queuedJobRow(ids, Date.UTC(2026, 5, 1, 12)) };
  }
});

describeEachBackend("devtools: PLATFORM_SEED", (backend) => {
  it("seeds accounts, keys, templates, endpoints and volumes from a declarative file at the first start", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-seed-"));
    const file = path.join(dir, "seed.json");
    const second = newKey();
    fs.writeFileSync(
      file,
      JSON.stringify({
        accounts: [
          {
            name: "team",
            balance: 50,
            keys: [{ name: "ci", value: newKey(), permission: "read" }],
            templates: [{ name: "base", image: "runpod/mock-worker:1", serverless: true }],
            endpoints: [
              {
                name: "from-template",
                templateName: "base",
                type: "QUEUE",
                scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
                gpu: { pools: ["ADA_24"] },
                workers: { min: 0, max: 1 },
              },
            ],
            volumes: [{ name: "data", size: 10, dataCenter: "EU-RO-1" }],
          },
          { name: "second", keys: [{ name: "main", value: second }] },
        ],
      }),
    );
    const tp = await startTestPlatform({ backend, env: { PLATFORM_SEED: file } });
    try {
      const me = (await (await tp.request("/_platform/whoami")).json()) as {
        account: { name: string };
      };
      expect(me.account.name).toBe("team");
      const { endpoints } = (await (await tp.request("/v2/serverless")).json()) as {
        endpoints: { name: string; templateId: string | null }[];
      };
      expect(endpoints.map((e) => e.name)).toEqual(["from-template"]);
      const { networkVolumes } = (await (await tp.request("/v2/network-volumes")).json()) as {
        networkVolumes: { name: string }[];
      };
      expect(networkVolumes.map((v) => v.name)).toEqual(["data"]);
      const other = (await (await tp.request("/_platform/whoami", { auth: second })).json()) as {
        account: { name: string };
      };
      expect(other.account.name).toBe("second");
      // No temporary key is left behind.
      const keys = (await (await tp.request("/_platform/keys")).json()) as {
        keys: { name: string }[];
      };
      expect(keys.keys.map((k) => k.name).sort()).toEqual(["ci", "default"]);
    } finally {
      await tp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a bad seed file stops the start with a message naming the problem", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-seed-"));
    const file = path.join(dir, "seed.json");
    fs.writeFileSync(
      file,
      JSON.stringify({ accounts: [{ name: "x", endpoints: [{ name: "e" }] }] }),
    );
    try {
      await expect(startTestPlatform({ backend, env: { PLATFORM_SEED: file } })).rejects.toThrow(
        /accounts\.0\.endpoints\.0: 4\d\d/,
      );
      fs.writeFileSync(file, "{ not json");
      await expect(startTestPlatform({ backend, env: { PLATFORM_SEED: file } })).rejects.toThrow(
        /PLATFORM_SEED: cannot read/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
