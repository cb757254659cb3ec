import { describe, expect, it } from "vitest";
import type { Mounts } from "./common";
import {
  applyMountPatch,
  CreatePodInput,
  ListPodsQuery,
  mountKind,
  type MountKind,
  mountPatchViolations,
  mountViolations,
  Pod,
  PodActionInput,
  podComputeViolations,
  UpdatePodInput,
} from "./pods";
import { failedPaths, parsed } from "./test-helpers";

const gpuPod = {
  name: "pytorch-training",
  image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
  gpu: { id: "NVIDIA GeForce RTX 4090" },
};

describe("CreatePodInput", () => {
  const valid: [string, unknown][] = [
    ["a minimal GPU pod", gpuPod],
    ["a CPU pod", { name: "cpu", image: "ubuntu", cpu: { id: "cpu5c", vcpuCount: 4 } }],
    ["a template instead of an image", { name: "x", templateId: "tpl1", gpu: { id: "NVIDIA L4" } }],
    [
      "a persistent mount at the 10 GB floor",
      { ...gpuPod, mounts: { persistent: { size: 10, path: "/workspace" } } },
    ],
    [
      "one network mount",
      { ...gpuPod, mounts: { network: [{ volumeId: "vol1", path: "/workspace" }] } },
    ],
    [
      "both mount kinds (a 400 rule, not a schema error)",
      {
        ...gpuPod,
        mounts: { persistent: { size: 20, path: "/a" }, network: [{ volumeId: "v", path: "/b" }] },
      },
    ],
    [
      "CUDA constraints inside gpu",
      { ...gpuPod, gpu: { id: "NVIDIA L4", count: 2, allowedCudaVersions: ["12.8"] } },
    ],
    [
      "community cloud with global networking",
      { ...gpuPod, cloud: "COMMUNITY", globalNetworking: true },
    ],
  ];
  it.each(valid)("CreatePodInput – accepts %s", (_, body) => {
    expect(failedPaths(CreatePodInput, body)).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ["a missing name", { ...gpuPod, name: undefined }, "name"],
    ["an unknown property", { ...gpuPod, volumeInGb: 20 }, "volumeInGb"],
    [
      "a persistent mount below 10 GB",
      { ...gpuPod, mounts: { persistent: { size: 5, path: "/w" } } },
      "mounts.persistent.size",
    ],
    [
      "a persistent mount without path (incomplete entry)",
      { ...gpuPod, mounts: { persistent: { size: 20 } } },
      "mounts.persistent.path",
    ],
    [
      "a network mount without volumeId (incomplete entry)",
      { ...gpuPod, mounts: { network: [{ path: "/w" }] } },
      "mounts.network.0.volumeId",
    ],
    [
      "two network mounts",
      {
        ...gpuPod,
        mounts: {
          network: [
            { volumeId: "a", path: "/a" },
            { volumeId: "b", path: "/b" },
          ],
        },
      },
      "mounts.network",
    ],
    ["an unknown mount kind", { ...gpuPod, mounts: { s3: {} } }, "mounts.s3"],
    [
      "a vcpuCount that is not a power of two",
      { name: "c", image: "u", cpu: { id: "cpu5c", vcpuCount: 6 } },
      "cpu.vcpuCount",
    ],
    [
      "a vcpuCount of 1",
      { name: "c", image: "u", cpu: { id: "cpu5c", vcpuCount: 1 } },
      "cpu.vcpuCount",
    ],
    [
      "cpu memory (derived, not sent)",
      { name: "c", image: "u", cpu: { id: "cpu5c", vcpuCount: 4, memory: 8 } },
      "cpu.memory",
    ],
    ["a gpu without id", { ...gpuPod, gpu: { count: 1 } }, "gpu.id"],
    [
      "a malformed minCudaVersion",
      { ...gpuPod, gpu: { id: "NVIDIA L4", minCudaVersion: "12" } },
      "gpu.minCudaVersion",
    ],
    ["an unknown cloud", { ...gpuPod, cloud: "PRIVATE" }, "cloud"],
  ];
  it.each(invalid)("CreatePodInput – rejects %s", (_, body, path) => {
    expect(failedPaths(CreatePodInput, body)).toContain(path);
  });

  it("CreatePodInput – defaults cloud, gpu.count and globalNetworking but leaves startSsh for the template", () => {
    const out = parsed(CreatePodInput, gpuPod);
    expect(out.cloud).toBe("SECURE");
    expect(out.gpu?.count).toBe(1);
    expect(out.globalNetworking).toBe(false);
    expect(out.startSsh).toBeUndefined();
    expect(out.startJupyter).toBeUndefined();
  });

  const computeRules: [string, Parameters<typeof podComputeViolations>[0], string[]][] = [
    ["a GPU pod is fine", { gpu: { id: "x", count: 1 } }, []],
    ["neither gpu nor cpu", {}, ["$"]],
    ["both gpu and cpu", { gpu: { id: "x", count: 1 }, cpu: { id: "cpu5c", vcpuCount: 2 } }, ["$"]],
    [
      "a CUDA set with a floor",
      { gpu: { id: "x", count: 1, allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
      ["gpu.minCudaVersion"],
    ],
    [
      "an empty CUDA set with a floor is fine",
      { gpu: { id: "x", count: 1, allowedCudaVersions: [], minCudaVersion: "12.4" } },
      [],
    ],
    [
      "a persistent mount on a CPU pod",
      { cpu: { id: "cpu5c", vcpuCount: 2 }, mounts: { persistent: { size: 10, path: "/w" } } },
      ["mounts.persistent"],
    ],
  ];
  it.each(computeRules)("podComputeViolations – %s", (_, body, paths) => {
    expect(podComputeViolations(body).map((v) => v.path)).toEqual(paths);
  });
});

describe("UpdatePodInput", () => {
  const valid: [string, unknown][] = [
    ["an empty body", {}],
    ["empty mounts (unchanged)", { mounts: {} }],
    [
      "lock, rename and global networking",
      { locked: true, name: "renamed", globalNetworking: false },
    ],
    [
      "container fields and a template",
      {
        image: "x",
        args: "",
        disk: 30,
        ports: ["22/tcp"],
        env: {},
        registry: "reg1",
        templateId: "t",
      },
    ],
    ["network: [] (a 400 rule, not a schema error)", { mounts: { network: [] } }],
  ];
  it.each(valid)("UpdatePodInput – accepts %s", (_, body) => {
    expect(failedPaths(UpdatePodInput, body)).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ["an empty name", { name: "" }, "name"],
    ["a non-boolean locked", { locked: "yes" }, "locked"],
    [
      "a partial network entry (422)",
      { mounts: { network: [{ path: "/data" }] } },
      "mounts.network.0.volumeId",
    ],
    [
      "a partial persistent entry (422)",
      { mounts: { persistent: { path: "/data" } } },
      "mounts.persistent.size",
    ],
    ["a status change (use the action route)", { status: "EXITED" }, "status"],
    ["gpu changes", { gpu: { id: "NVIDIA L4" } }, "gpu"],
  ];
  it.each(invalid)("UpdatePodInput – rejects %s", (_, body, path) => {
    expect(failedPaths(UpdatePodInput, body)).toContain(path);
  });
});

describe("mount rules", () => {
  const persistent: Mounts = { persistent: { size: 20, path: "/workspace" } };
  const network: Mounts = { network: [{ volumeId: "vol1", path: "/workspace" }] };
  const none: Mounts = {};

  const kinds: [string, Mounts, MountKind | null][] = [
    ["persistent", persistent, "persistent"],
    ["network", network, "network"],
    ["none", none, null],
    ["an empty network list", { network: [] }, null],
  ];
  it.each(kinds)("mountKind – %s", (_, mounts, kind) => {
    expect(mountKind(mounts)).toBe(kind);
  });

  it("mountViolations – rejects both kinds at once", () => {
    expect(mountViolations({ ...persistent, ...network }).map((v) => v.path)).toEqual(["mounts"]);
    expect(mountViolations(persistent)).toEqual([]);
  });

  const patches: [string, Mounts, Mounts | undefined, string[]][] = [
    ["omitted mounts leave them unchanged", network, undefined, []],
    ["{} leaves them unchanged", network, {}, []],
    [
      "a new path on the same volume",
      network,
      { network: [{ volumeId: "vol1", path: "/data" }] },
      [],
    ],
    ["a new persistent size and path", persistent, { persistent: { size: 40, path: "/data" } }, []],
    ["network: [] cannot clear", network, { network: [] }, ["mounts.network"]],
    [
      "a different volumeId",
      network,
      { network: [{ volumeId: "vol2", path: "/workspace" }] },
      ["mounts.network[0].volumeId"],
    ],
    ["persistent on a network pod", network, persistent, ["mounts.persistent"]],
    ["network on a persistent pod", persistent, network, ["mounts.network"]],
    ["any mount on a mountless pod", none, persistent, ["mounts.persistent"]],
    ["both kinds in the patch", network, { ...persistent, ...network }, ["mounts"]],
  ];
  it.each(patches)("mountPatchViolations – %s", (_, stored, patch, paths) => {
    expect(mountPatchViolations(stored, patch).map((v) => v.path)).toEqual(paths);
  });

  it("applyMountPatch – replaces the entry of the same kind and keeps mounts on {}", () => {
    expect(applyMountPatch(network, { network: [{ volumeId: "vol1", path: "/data" }] })).toEqual({
      network: [{ volumeId: "vol1", path: "/data" }],
    });
    expect(applyMountPatch(network, {})).toBe(network);
    expect(applyMountPatch(network, undefined)).toBe(network);
  });
});

describe("pod queries, actions and responses", () => {
  it.each([
    ["absent", {}, false],
    ["true", { includeClusterPods: "true" }, true],
    ["false", { includeClusterPods: "false" }, false],
  ])("ListPodsQuery – reads includeClusterPods %s", (_, query, expected) => {
    expect(parsed(ListPodsQuery, query).includeClusterPods).toBe(expected);
  });

  it.each([["yes"], ["1"], ["TRUE "]])("ListPodsQuery – rejects includeClusterPods=%s", (value) => {
    expect(failedPaths(ListPodsQuery, { includeClusterPods: value })).toContain(
      "includeClusterPods",
    );
  });

  it.each([["start"], ["stop"], ["restart"], ["terminate"]])(
    "PodActionInput – accepts %s",
    (action) => {
      expect(failedPaths(PodActionInput, { action })).toEqual([]);
    },
  );

  it.each([
    ["reset (v1 only)", { action: "reset" }, "action"],
    ["a missing action", {}, "action"],
    ["an extra property", { action: "stop", force: true }, "force"],
  ])("PodActionInput – rejects %s", (_, body, path) => {
    expect(failedPaths(PodActionInput, body)).toContain(path);
  });

  const pod = {
    id: "7h9k2m4n6p",
    name: "pytorch-training",
    image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
    args: "",
    disk: 50,
    ports: ["8888/http", "22/tcp"],
    env: { MODEL_NAME: "llama-3" },
    registry: null,
    status: "RUNNING",
    actions: ["stop", "restart", "terminate"],
    mounts: { persistent: { size: 20, path: "/workspace" } },
    gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
    cloud: "SECURE",
    dataCenterId: "US-KS-2",
    cudaVersion: "12.8",
    ssh: {
      proxy: {
        host: "ssh.example.test",
        port: 22,
        username: "7h9k2m4n6p-64411eb2",
        command: "ssh 7h9k2m4n6p-64411eb2@ssh.example.test",
      },
      direct: null,
    },
    template: "9x4m2p7v",
    cost: 0.44,
    locked: false,
    globalNetworking: { enabled: false },
    runtime: {
      uptime: 3600,
      gpus: [{ util: 30, memoryUtil: 12 }],
      cpu: { util: 5 },
      memory: { util: 20 },
      ports: [{ private: 22, public: 34446, type: "tcp", ip: "203.0.113.3" }],
    },
    createdAt: "2026-06-01T12:00:00Z",
    startedAt: "2026-06-01T12:01:00Z",
  };

  it("Pod – accepts the reference example", () => {
    expect(failedPaths(Pod, pod)).toEqual([]);
  });

  it("Pod – accepts a stopped cluster member with null runtime", () => {
    const stopped = {
      ...pod,
      status: "EXITED",
      actions: ["start", "terminate"],
      cost: 0,
      runtime: null,
      cluster: { id: "c1", rank: 0, role: "RAY_HEAD" },
    };
    expect(failedPaths(Pod, stopped)).toEqual([]);
  });

  it.each([
    ["ssh"],
    ["runtime"],
    ["globalNetworking"],
    ["cudaVersion"],
    ["registry"],
    ["startedAt"],
  ])("Pod – requires %s", (field) => {
    const { [field as keyof typeof pod]: _, ...rest } = pod;
    expect(failedPaths(Pod, rest)).toContain(field);
  });
});
