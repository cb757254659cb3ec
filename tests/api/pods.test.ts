import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import type { Pod } from "@/lib/schemas/pods";
import { describeEachBackend } from "./support/backends";
import { body, createPod, GPU, getPod, podBody, setAvailability } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

describeEachBackend("Pods: create, list, get, placement", (backend) => {
  let p: TestPlatform;
  let other: string;
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 12) });
  beforeAll(async () => {
    p = await startTestPlatform({ backend, clock });
    other = await p.otherAccountKey();
  });
  afterAll(async () => p?.close());

  const create = (json: Record<string, unknown>) => p.request("/v2/pods", { method: "POST", json });

  it("POST /v2/pods answers 201 with a full Pod in PROVISIONING", async () => {
    const pod = await createPod(p, {
      name: "trainer",
      ports: ["8888/http", "22/tcp"],
      env: { A: "1" },
      disk: 40,
    });
    expect(pod).toMatchObject({
      name: "trainer",
      image: "runpod/pytorch:2.4",
      args: "",
      disk: 40,
      ports: ["8888/http", "22/tcp"],
      env: { A: "1" },
      registry: null,
      status: "PROVISIONING",
      actions: ["stop", "terminate"],
      mounts: {},
      cloud: "SECURE",
      gpu: { id: GPU, count: 1 },
      template: null,
      locked: false,
      globalNetworking: { enabled: false },
      runtime: null,
      startedAt: null,
    });
    expect(pod.id).toMatch(/^[a-z0-9]{14}$/);
    expect(pod.dataCenterId).toBeTruthy();
    expect(pod.ssh.proxy?.username).toMatch(new RegExp(`^${pod.id}-[0-9a-f]{8}$`));
    expect(pod.ssh.direct).toBeNull(); // published only once RUNNING
    expect(pod.cpu).toBeUndefined();
    expect(pod.cluster).toBeUndefined();
  });

  it("a CPU pod carries cpu (memory from the flavor) and its per-vCPU price", async () => {
    const pod = await body<Pod>(
      await create(podBody({ gpu: undefined, cpu: { id: "cpu5c", vcpuCount: 4 } })),
      201,
    );
    expect(pod.cpu).toEqual({ id: "cpu5c", vcpuCount: 4, memory: 8 });
    expect(pod.gpu).toBeUndefined();
    expect(pod.cost).toBeCloseTo(0.16, 6);
    expect(pod.cudaVersion).toBeNull();
  });

  it("GET /v2/pods lists the account's pods; GET /v2/pods/{id} reads one", async () => {
    const pod = await createPod(p);
    const list = await body<{ pods: Pod[] }>(await p.request("/v2/pods"), 200);
    expect(list.pods.map((x) => x.id)).toContain(pod.id);
    expect((await getPod(p, pod.id)).name).toBe(pod.name);
  });

  it.each([
    ["GET", ""],
    ["PATCH", ""],
    ["DELETE", ""],
    ["POST", "/action"],
  ])("%s on another account's pod%s answers 404", async (method, suffix) => {
    const pod = await createPod(p);
    const json =
      method === "PATCH" ? { name: "x" } : method === "POST" ? { action: "stop" } : undefined;
    const problem = await problemOf(
      await p.request(`/v2/pods/${pod.id}${suffix}`, { method, json, auth: other }),
      404,
    );
    expect(problem.detail).toBe("pod not found");
    expect((await getPod(p, pod.id)).status).toBe("PROVISIONING");
  });

  it.each([
    [
      "both gpu and cpu",
      { cpu: { id: "cpu5c", vcpuCount: 2 } },
      400,
      "exactly one of gpu and cpu must be set",
    ],
    ["neither gpu nor cpu", { gpu: undefined }, 400, "exactly one of gpu and cpu must be set"],
    [
      "no image and no template",
      { image: undefined },
      422,
      "image: is required unless templateId is set",
    ],
    [
      "an unknown GPU type",
      { gpu: { id: "NVIDIA GTX 9999" } },
      400,
      "gpu.id: unknown GPU type NVIDIA GTX 9999",
    ],
    ["more GPUs than a machine has", { gpu: { id: GPU, count: 9 } }, 400, "gpu.count: at most 8"],
    ["zero GPUs", { gpu: { id: GPU, count: 0 } }, 422, "gpu.count: must be at least 1"],
    [
      "a GPU the cloud does not offer",
      { cloud: "COMMUNITY", gpu: { id: "NVIDIA A40" } },
      400,
      "cloud: NVIDIA A40 is not offered on COMMUNITY cloud",
    ],
    [
      "a CPU pod on community cloud",
      { gpu: undefined, cloud: "COMMUNITY", cpu: { id: "cpu5c", vcpuCount: 2 } },
      400,
      "cloud: CPU pods run on SECURE cloud only",
    ],
    [
      "a vCPU count that is not a power of two",
      { gpu: undefined, cpu: { id: "cpu5c", vcpuCount: 3 } },
      422,
      "cpu.vcpuCount: must be a power of two",
    ],
    [
      "a vCPU count beyond the flavor",
      { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 64 } },
      400,
      "cpu.vcpuCount: must be between 2 and 16 for cpu3c",
    ],
    [
      "an unknown CPU flavor",
      { gpu: undefined, cpu: { id: "cpu9x", vcpuCount: 2 } },
      400,
      "cpu.id: unknown CPU flavor cpu9x",
    ],
    [
      "a persistent mount on a CPU pod",
      {
        gpu: undefined,
        cpu: { id: "cpu5c", vcpuCount: 2 },
        mounts: { persistent: { size: 20, path: "/workspace" } },
      },
      400,
      "mounts.persistent: is not available on CPU pods",
    ],
    [
      "an unknown data center",
      { dataCenterIds: ["MARS-1"] },
      400,
      "dataCenterIds[0]: unknown data center MARS-1",
    ],
    [
      "a CUDA set with a CUDA floor",
      { gpu: { id: GPU, allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
      400,
      "gpu.minCudaVersion: cannot be combined with a non-empty allowedCudaVersions",
    ],
    [
      "a CUDA version that is not major.minor",
      { gpu: { id: GPU, allowedCudaVersions: ["12"] } },
      422,
      "gpu.allowedCudaVersions[0]: must be major.minor, e.g. 12.8",
    ],
    [
      "a CUDA version no machine reports",
      { gpu: { id: GPU, allowedCudaVersions: ["10.2"] } },
      400,
      "no capacity",
    ],
    [
      "global networking on a CPU pod",
      { gpu: undefined, cpu: { id: "cpu5c", vcpuCount: 2 }, globalNetworking: true },
      400,
      "globalNetworking: needs an NVIDIA GPU pod",
    ],
    [
      "global networking on an AMD GPU",
      { gpu: { id: "AMD Instinct MI300X OAM" }, globalNetworking: true },
      400,
      "globalNetworking: needs an NVIDIA GPU pod",
    ],
    [
      "global networking where no data center has it",
      {
        gpu: { id: "NVIDIA GeForce RTX 3090" },
        dataCenterIds: ["US-IL-1"],
        globalNetworking: true,
      },
      400,
      "globalNetworking: needs a data center with global networking",
    ],
    [
      "an unknown registry credential",
      { registry: "nope" },
      400,
      "registry: registry credential nope not found",
    ],
    ["an unknown property", { colour: "red" }, 422, "colour: unknown property"],
    ["an empty name", { name: "" }, 422, "name: enter a name"],
    [
      "a malformed port",
      { ports: ["8888"] },
      422,
      "ports[0]: must be formatted <port>/<protocol>, e.g. 8888/http",
    ],
    [
      "a GPU type sold out everywhere",
      { gpu: { id: "NVIDIA B300 SXM6 AC" } },
      400,
      "no capacity for 1× NVIDIA B300 SXM6 AC",
    ],
  ])("create with %s answers %i naming the field", async (_what, patch, status, text) => {
    const problem = await problemOf(await create(podBody(patch)), status);
    const all = [problem.detail, ...(problem.errors ?? [])].join("\n");
    expect(all).toContain(text);
  });

  it("placement honours dataCenterIds and skips a sold-out site (RTX 4090 in EU-RO-1)", async () => {
    const there = await createPod(p, { dataCenterIds: ["EUR-IS-1"] });
    expect(there.dataCenterId).toBe("EUR-IS-1");
    const next = await createPod(p, { dataCenterIds: ["EU-RO-1", "US-KS-2"] });
    expect(next.dataCenterId).toBe("US-KS-2");
    const none = await problemOf(await create(podBody({ dataCenterIds: ["EU-RO-1"] })), 400);
    expect(none.detail).toMatch(
      /no capacity for 1× NVIDIA GeForce RTX 4090 on SECURE cloud in EU-RO-1/,
    );
  });

  it("a GPU pool with no availability cannot place pods (400 no capacity) until it is back", async () => {
    await setAvailability(p, "pool:ADA_24", "NONE");
    try {
      const problem = await problemOf(await create(podBody()), 400);
      expect(problem.detail).toMatch(/no capacity/);
    } finally {
      await setAvailability(p, "pool:ADA_24", null);
    }
    expect((await createPod(p)).status).toBe("PROVISIONING");
  });

  it("an allowed CUDA set picks the highest allowed version a machine offers", async () => {
    const pod = await createPod(p, { gpu: { id: GPU, allowedCudaVersions: ["12.2", "12.6"] } });
    expect(pod.cudaVersion).toBe("12.6");
    const floor = await createPod(p, {
      gpu: { id: "NVIDIA GeForce RTX 5090", minCudaVersion: "12.9" },
    });
    expect(floor.cudaVersion).toBe("13.0");
  });

  it("globalNetworking on create places the pod in a global-network data center and enables it", async () => {
    const pod = await createPod(p, {
      globalNetworking: true,
      dataCenterIds: ["EU-CZ-1", "US-KS-2"],
    });
    expect(pod.dataCenterId).toBe("US-KS-2");
    expect(pod.globalNetworking.enabled).toBe(true);
    expect(pod.globalNetworking.internalDns).toBe(`${pod.id}.runpod.internal`);
  });

  it("startJupyter injects JUPYTER_PASSWORD; startSsh injects the account's SSH keys as PUBLIC_KEY", async () => {
    const key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHangarTestKey me@host";
    await body(
      await p.request("/v2/account/ssh-keys", { method: "PUT", json: { keys: [key] } }),
      200,
    );
    const pod = await createPod(p, { startJupyter: true, startSsh: true });
    expect(pod.env.JUPYTER_PASSWORD).toMatch(/^[0-9a-f]{20}$/);
    expect(pod.env.PUBLIC_KEY).toBe(key);
    const own = await createPod(p, { startJupyter: true, env: { JUPYTER_PASSWORD: "mine" } });
    expect(own.env.JUPYTER_PASSWORD).toBe("mine");
  });
});
