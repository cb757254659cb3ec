import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import type { Cluster } from "@/lib/schemas/clusters";
import type { Pod } from "@/lib/schemas/pods";
import { describeEachBackend } from "./support/backends";
import { BOOT_MS, body, createVolume, getPod, setAvailability } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const H100 = "NVIDIA H100 80GB HBM3";

describeEachBackend("Clusters (/v2/clusters) and their member pods", (backend) => {
  let p: TestPlatform;
  let other: string;
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 12) });
  beforeAll(async () => {
    p = await startTestPlatform({ backend, clock });
    other = await p.otherAccountKey();
  });
  afterAll(async () => p?.close());

  const clusterBody = (extra: Record<string, unknown> = {}) => ({
    name: "trainers",
    type: "TRAINING",
    image: "runpod/pytorch:2.4",
    ports: ["22/tcp"],
    compute: { gpuTypeId: H100, gpuCountPerPod: 8, podCount: 3 },
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) =>
    body<Cluster>(
      await p.request("/v2/clusters", { method: "POST", json: clusterBody(extra) }),
      201,
    );
  const members = async (id: string) =>
    (await body<{ pods: Pod[] }>(await p.request(`/v2/clusters/${id}/pods`), 200)).pods;

  it("create answers 201 and makes podCount member pods in one data center", async () => {
    const cluster = await create();
    expect(cluster).toMatchObject({
      name: "trainers",
      type: "TRAINING",
      compute: { gpuTypeId: H100, gpuCountPerPod: 8, podCount: 3 },
      pods: { total: 3, byStatus: { PROVISIONING: 3 } },
      network: { cidr: "10.65.0.0/16", vxlanPort: 4789 },
    });
    expect(cluster.primary?.status).toBe("PROVISIONING");
    const pods = await members(cluster.id);
    expect(pods).toHaveLength(3);
    expect(new Set(pods.map((x) => x.dataCenterId))).toEqual(new Set([cluster.dataCenterId]));
    expect(pods.map((x) => x.cluster?.rank).sort()).toEqual([0, 1, 2]);
    expect(pods[0]).toMatchObject({
      gpu: { id: H100, count: 8 },
      cloud: "SECURE",
      cluster: { id: cluster.id },
    });
    expect(pods.find((x) => x.cluster?.rank === 0)?.id).toBe(cluster.primary?.podId);
  });

  it("SLURM and RAY members carry their roles; the primary gets an SSH endpoint once RUNNING", async () => {
    const slurm = await create({ type: "SLURM" });
    const roles = (await members(slurm.id)).map((x) => [x.cluster?.rank, x.cluster?.role]).sort();
    expect(roles).toEqual([
      [0, "SLURM_CONTROLLER"],
      [1, "SLURM_COMPUTE"],
      [2, "SLURM_COMPUTE"],
    ]);
    const ray = await create({
      type: "RAY",
      compute: { gpuTypeId: H100, gpuCountPerPod: 1, podCount: 2 },
    });
    expect((await members(ray.id)).map((x) => x.cluster?.role).sort()).toEqual([
      "RAY_HEAD",
      "RAY_WORKER",
    ]);
    clock.advance(BOOT_MS);
    const running = await body<Cluster>(await p.request(`/v2/clusters/${ray.id}`), 200);
    expect(running.pods).toEqual({ total: 2, byStatus: { RUNNING: 2 } });
    expect(running.primary?.sshEndpoint).toMatch(/^203\.0\.113\.\d+:\d+$/);
  });

  it("member pods are excluded from the pod list by default; includeClusterPods=true includes them", async () => {
    const cluster = await create();
    const ids = (await members(cluster.id)).map((x) => x.id);
    const plain = await body<{ pods: Pod[] }>(await p.request("/v2/pods"), 200);
    expect(plain.pods.map((x) => x.id)).not.toEqual(expect.arrayContaining([ids[0]]));
    const all = await body<{ pods: Pod[] }>(
      await p.request("/v2/pods?includeClusterPods=true"),
      200,
    );
    expect(all.pods.map((x) => x.id)).toEqual(expect.arrayContaining(ids));
    await problemOf(await p.request("/v2/pods?includeClusterPods=yes"), 422);
  });

  it.each([
    ["PATCH", "", { name: "x" }],
    ["DELETE", "", undefined],
    ["POST", "/action", { action: "stop" }],
    ["POST", "/action", { action: "terminate" }],
  ])(
    "a member pod cannot be modified or deleted through the pod endpoints (%s %s → 409)",
    async (method, suffix, json) => {
      const cluster = await create();
      const [pod] = await members(cluster.id);
      const problem = await problemOf(
        await p.request(`/v2/pods/${pod!.id}${suffix}`, { method, json }),
        409,
      );
      expect(problem.detail).toContain(`belongs to cluster ${cluster.id}`);
      expect((await getPod(p, pod!.id)).status).not.toBe("TERMINATED");
    },
  );

  it("PATCH renames a cluster (name only)", async () => {
    const cluster = await create();
    const renamed = await body<Cluster>(
      await p.request(`/v2/clusters/${cluster.id}`, { method: "PATCH", json: { name: "renamed" } }),
      200,
    );
    expect(renamed.name).toBe("renamed");
    const problem = await problemOf(
      await p.request(`/v2/clusters/${cluster.id}`, {
        method: "PATCH",
        json: { name: "x", type: "RAY" },
      }),
      422,
    );
    expect(problem.errors).toEqual(["type: unknown property"]);
    await problemOf(
      await p.request(`/v2/clusters/${cluster.id}`, { method: "PATCH", json: {} }),
      422,
    );
  });

  it("DELETE terminates every member pod and removes the cluster", async () => {
    const cluster = await create();
    const ids = (await members(cluster.id)).map((x) => x.id);
    expect((await p.request(`/v2/clusters/${cluster.id}`, { method: "DELETE" })).status).toBe(204);
    await problemOf(await p.request(`/v2/clusters/${cluster.id}`), 404);
    for (const id of ids) expect((await getPod(p, id)).status).toBe("TERMINATED");
    const all = await body<{ pods: Pod[] }>(
      await p.request("/v2/pods?includeClusterPods=true"),
      200,
    );
    expect(all.pods.map((x) => x.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it("GET /v2/clusters lists the account's clusters; another account's answers 404", async () => {
    const cluster = await create();
    const list = await body<{ clusters: Cluster[] }>(await p.request("/v2/clusters"), 200);
    expect(list.clusters.map((c) => c.id)).toContain(cluster.id);
    for (const [method, suffix] of [
      ["GET", ""],
      ["GET", "/pods"],
      ["DELETE", ""],
    ] as const) {
      await problemOf(
        await p.request(`/v2/clusters/${cluster.id}${suffix}`, { method, auth: other }),
        404,
      );
    }
  });

  it("Network volume attachment rule 4: a cluster volume is attached at creation, at /workspace on every node", async () => {
    const vol = await createVolume(p, { dataCenter: "US-KS-2" });
    const cluster = await create({
      mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] },
    });
    expect(cluster.dataCenterId).toBe("US-KS-2");
    for (const pod of await members(cluster.id))
      expect(pod.mounts).toEqual({ network: [{ volumeId: vol.id, path: "/workspace" }] });
    await problemOf(await p.request(`/v2/network-volumes/${vol.id}`, { method: "DELETE" }), 400);
  });

  it("Network volume attachment rule 4: a custom mount path for a cluster volume is refused with 400 naming /workspace", async () => {
    const vol = await createVolume(p, { dataCenter: "US-KS-2" });
    const before = (await body<{ clusters: Cluster[] }>(await p.request("/v2/clusters"), 200))
      .clusters.length;
    const res = await p.request("/v2/clusters", {
      method: "POST",
      json: clusterBody({ mounts: { network: [{ volumeId: vol.id, path: "/data" }] } }),
    });
    const problem = await problemOf(res, 400);
    expect(problem.errors).toEqual([
      `mounts.network[0].path: a cluster's network volume mounts at /workspace on every node; got "/data"`,
    ]);
    const after = (await body<{ clusters: Cluster[] }>(await p.request("/v2/clusters"), 200))
      .clusters.length;
    expect(after).toBe(before);
  });

  it.each([
    [
      "an unknown GPU type",
      { compute: { gpuTypeId: "GTX 1", gpuCountPerPod: 1, podCount: 2 } },
      400,
      "compute.id: unknown GPU type GTX 1",
    ],
    [
      "more GPUs per pod than a machine has",
      { compute: { gpuTypeId: H100, gpuCountPerPod: 9, podCount: 2 } },
      400,
      "compute.count: at most 8",
    ],
    [
      "a single pod",
      { compute: { gpuTypeId: H100, gpuCountPerPod: 1, podCount: 1 } },
      422,
      "compute.podCount: must be at least 2",
    ],
    ["no image", { image: undefined }, 422, "image: enter a container image"],
    [
      "a registry (not supported for clusters)",
      { registry: "r" },
      422,
      "registry: unknown property",
    ],
    ["an unknown type", { type: "MPI" }, 422, "type: choose one of"],
    [
      "an unknown data center",
      { dataCenterIds: ["MARS-1"] },
      400,
      "dataCenterIds[0]: unknown data center MARS-1",
    ],
  ])("create with %s answers %i naming the field", async (_what, extra, status, text) => {
    const problem = await problemOf(
      await p.request("/v2/clusters", { method: "POST", json: clusterBody(extra) }),
      status,
    );
    expect([problem.detail, ...(problem.errors ?? [])].join("\n")).toContain(text);
  });

  it("a GPU type without capacity cannot make a cluster (400 no capacity)", async () => {
    await setAvailability(p, `gpu:${H100}`, "NONE");
    try {
      const problem = await problemOf(
        await p.request("/v2/clusters", { method: "POST", json: clusterBody() }),
        400,
      );
      expect(problem.detail).toMatch(/no capacity/);
    } finally {
      await setAvailability(p, `gpu:${H100}`, null);
    }
  });
});
