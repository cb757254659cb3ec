import { afterAll, beforeAll, expect, it } from "vitest";
import type { Worker } from "@/lib/schemas/endpoints";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

// `GET /v2/serverless/{id}/releases` (ListEndpointReleasesResponse) and `/workers`
// (ListEndpointWorkersResponse). Container changes (image, args, disk, ports, env, registry, gpu)
// make a new release; version 1 is the create.

type Json = Record<string, unknown>;
interface Release {
  id: string;
  version: number;
  source: string;
  workerCount: number;
  createdAt: string;
  diff: { field: string; old: unknown; new: unknown }[];
}
interface Releases {
  endpointVersion: number;
  rollout: Json;
  releases: Release[];
}

const QUEUE_BODY = {
  name: "releases",
  type: "QUEUE",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  image: "hangar/echo-worker:1",
};

describeEachBackend("Serverless endpoints: releases and workers", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  async function create(body: Json = {}): Promise<{ id: string }> {
    const res = await tp.request("/v2/serverless", {
      method: "POST",
      json: { ...QUEUE_BODY, ...body },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string };
  }
  const patch = async (id: string, json: unknown) => {
    const res = await tp.request(`/v2/serverless/${id}`, { method: "PATCH", json });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const releases = async (id: string) => {
    const res = await tp.request(`/v2/serverless/${id}/releases`);
    expect(res.status).toBe(200);
    return (await res.json()) as Releases;
  };

  it("version 1 is the create: one MANUAL release listing the initial container settings", async () => {
    const ep = await create({ env: { MODEL: "sdxl" } });
    const r = await releases(ep.id);
    expect(r.endpointVersion).toBe(1);
    expect(r.rollout).toEqual({
      inProgress: false,
      workersOnLatest: 0,
      workersTotal: 0,
      percentOnLatest: 0,
    });
    expect(r.releases).toHaveLength(1);
    expect(r.releases[0]).toMatchObject({
      version: 1,
      source: "MANUAL",
      buildId: null,
      workerCount: 0,
    });
    expect(r.releases[0]!.diff).toEqual(
      expect.arrayContaining([
        { field: "image", old: null, new: "hangar/echo-worker:1" },
        { field: "env.MODEL", old: null, new: "sdxl" },
        { field: "gpu.pools", old: null, new: ["ADA_24"] },
      ]),
    );
  });

  it("an image change creates a new release with a field-level diff, newest first", async () => {
    const ep = await create();
    await patch(ep.id, { image: "hangar/echo-worker:2" });
    const r = await releases(ep.id);
    expect(r.endpointVersion).toBe(2);
    expect(r.releases.map((x) => x.version)).toEqual([2, 1]);
    expect(r.releases[0]!.diff).toEqual([
      { field: "image", old: "hangar/echo-worker:1", new: "hangar/echo-worker:2" },
    ]);
  });

  it.each<[string, Json, { field: string; old: unknown; new: unknown }[]]>([
    ["args", { args: "--x" }, [{ field: "args", old: "", new: "--x" }]],
    ["disk", { disk: 40 }, [{ field: "disk", old: 20, new: 40 }]],
    ["ports", { ports: ["8000/http"] }, [{ field: "ports", old: [], new: ["8000/http"] }]],
    ["env (per key)", { env: { A: "1" } }, [{ field: "env.A", old: null, new: "1" }]],
    [
      "gpu",
      { gpu: { pools: ["ADA_24", "AMPERE_48"], count: 2 } },
      [
        { field: "gpu.pools", old: ["ADA_24"], new: ["ADA_24", "AMPERE_48"] },
        { field: "gpu.count", old: 1, new: 2 },
      ],
    ],
  ])("a container change (%s) creates a release", async (_name, body, diff) => {
    const ep = await create();
    await patch(ep.id, body);
    const r = await releases(ep.id);
    expect(r.endpointVersion).toBe(2);
    expect(r.releases[0]!.diff).toEqual(diff);
  });

  it("changes to workers, scaling, timeout, flashboot or name apply without a release", async () => {
    const ep = await create();
    await patch(ep.id, {
      name: "n",
      workers: { max: 9 },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      timeout: 1000,
      flashboot: "FLASHBOOT",
    });
    const r = await releases(ep.id);
    expect(r.endpointVersion).toBe(1);
    expect(r.releases).toHaveLength(1);
  });

  it("sending the same container values again creates no release", async () => {
    const ep = await create();
    await patch(ep.id, { image: QUEUE_BODY.image, env: {} });
    expect((await releases(ep.id)).releases).toHaveLength(1);
  });

  it("workers of a fresh endpoint: none, all summary counts 0, endpointVersion 1", async () => {
    const ep = await create();
    const res = await tp.request(`/v2/serverless/${ep.id}/workers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      endpointVersion: 1,
      summary: { running: 0, idle: 0, initializing: 0, throttled: 0, unhealthy: 0, total: 0 },
      workers: [],
    });
  });

  it("live workers from the worker directory: summary by status, per-release workerCount and rollout progress", async () => {
    const ep = await create();
    await patch(ep.id, { image: "hangar/echo-worker:2" });
    const worker = (id: string, status: Worker["status"], version: number): Worker => ({
      id,
      status,
      version,
      isStale: version !== 2,
      gpuCount: 1,
      image: version === 2 ? "hangar/echo-worker:2" : QUEUE_BODY.image,
      uptimeSeconds: 10,
      gpuTypeId: "NVIDIA GeForce RTX 4090",
      dataCenterId: "US-KS-2",
      startedAt: "2026-06-01T12:05:00.000Z",
    });
    const services = tp.running.services;
    const before = services.workers;
    services.workers = {
      list: async (id) =>
        id === ep.id
          ? [worker("w1", "RUNNING", 2), worker("w2", "IDLE", 1), worker("w3", "INITIALIZING", 2)]
          : [],
    };
    try {
      const w = (await (await tp.request(`/v2/serverless/${ep.id}/workers`)).json()) as Json;
      expect(w.summary).toEqual({
        running: 1,
        idle: 1,
        initializing: 1,
        throttled: 0,
        unhealthy: 0,
        total: 3,
      });
      expect((w.workers as Worker[]).map((x) => x.id)).toEqual(["w1", "w2", "w3"]);
      const r = await releases(ep.id);
      expect(r.rollout).toEqual({
        inProgress: true,
        workersOnLatest: 2,
        workersTotal: 3,
        percentOnLatest: 66,
      });
      expect(r.releases.map((x) => x.workerCount)).toEqual([2, 1]);
    } finally {
      services.workers = before;
    }
  });

  it("releases and workers need serverless read access", async () => {
    const ep = await create();
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: { name: "pods-only", permission: { type: "restricted", families: { pods: "write" } } },
    });
    const key = ((await res.json()) as { key: string }).key;
    expect((await tp.request(`/v2/serverless/${ep.id}/releases`, { auth: key })).status).toBe(403);
    expect((await tp.request(`/v2/serverless/${ep.id}/workers`, { auth: key })).status).toBe(403);
  });
});
