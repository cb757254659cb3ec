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

describeEachBackend("devtools: state reset, export and import", (backend) => {
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
    expect(snapshot.tables.endpoints).toHaveLength(2);
    expect(snapshot.tables.workers).toBeUndefined();

    const reset = await tp.request("/_platform/state/reset", { method: "POST" });
    expect(reset.status).toBe(200);
    const after = StateSummary.parse(await reset.json());
    expect(after.tables).toMatchObject({ endpoints: 0, jobs: 0, templates: 0, workers: 0 });
    expect(after.tables.accounts).toBeGreaterThan(0);
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
