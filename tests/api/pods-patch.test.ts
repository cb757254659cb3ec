import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import { POD_TIMINGS } from "@/lib/platform/management/pods/pod-lifecycle";
import type { Pod } from "@/lib/schemas/pods";
import { describeEachBackend } from "./support/backends";
import { body, createPod, createVolume, getPod, podAction, runningPod } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

describeEachBackend("PATCH /v2/pods/{id} (seed 'Update a pod' rules 1–4)", (backend) => {
  let p: TestPlatform;
  let other: string;
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 12) });
  beforeAll(async () => {
    p = await startTestPlatform({ backend, clock });
    other = await p.otherAccountKey();
  });
  afterAll(async () => p?.close());

  const patch = (id: string, json: unknown, auth?: string) =>
    p.request(`/v2/pods/${id}`, { method: "PATCH", json, auth });
  const template = async (json: Record<string, unknown>, auth?: string) =>
    body<{ id: string }>(
      await p.request("/v2/templates", {
        method: "POST",
        json: { name: "t", image: "tpl/img:1", ...json },
        auth,
      }),
      201,
    );

  it("container fields and name change; env replaces the pod's env; answers 200 with the Pod", async () => {
    const pod = await createPod(p, { env: { A: "1", B: "2" } });
    const updated = await body<Pod>(
      await patch(pod.id, {
        name: "renamed",
        image: "new/img:2",
        args: "--x",
        disk: 64,
        ports: ["22/tcp"],
        env: { C: "3" },
      }),
      200,
    );
    expect(updated).toMatchObject({
      name: "renamed",
      image: "new/img:2",
      args: "--x",
      disk: 64,
      ports: ["22/tcp"],
      env: { C: "3" },
    });
    expect(await getPod(p, pod.id)).toMatchObject({ name: "renamed", env: { C: "3" } });
  });

  it("Update rule 1: templateId applies image, args, disk, ports, env, registry — not mounts", async () => {
    const t = await template({
      args: "tpl-args",
      disk: 31,
      ports: ["7860/http"],
      env: { T: "t" },
      mounts: { persistent: { size: 40, path: "/data" } },
    });
    const pod = await createPod(p, { env: { OLD: "x" } });
    const updated = await body<Pod>(await patch(pod.id, { templateId: t.id }), 200);
    expect(updated).toMatchObject({
      image: "tpl/img:1",
      args: "tpl-args",
      disk: 31,
      ports: ["7860/http"],
      env: { T: "t" },
      registry: null,
    });
    expect(updated.mounts).toEqual({});
  });

  it("Update rule 1: explicit body fields override the template; env is merged per key (body wins) then replaces the pod's env", async () => {
    const t = await template({ env: { A: "tpl", B: "tpl" }, disk: 31 });
    const pod = await createPod(p, { env: { OLD: "gone", A: "pod" } });
    const updated = await body<Pod>(
      await patch(pod.id, { templateId: t.id, disk: 99, env: { B: "body", C: "body" } }),
      200,
    );
    expect(updated.disk).toBe(99);
    expect(updated.env).toEqual({ A: "tpl", B: "body", C: "body" });
  });

  it("Update rule 1: no link to the template is kept (template keeps the creation template; later edits do not reach the pod)", async () => {
    const t = await template({ env: { V: "1" } });
    const pod = await createPod(p);
    const updated = await body<Pod>(await patch(pod.id, { templateId: t.id }), 200);
    expect(updated.template).toBeNull();
    await body(
      await p.request(`/v2/templates/${t.id}`, {
        method: "PATCH",
        json: { image: "tpl/img:2", env: { V: "2" } },
      }),
      200,
    );
    expect(await getPod(p, pod.id)).toMatchObject({ image: "tpl/img:1", env: { V: "1" } });
  });

  it("Update rule 1: an unknown or another account's private template is 404", async () => {
    const pod = await createPod(p);
    expect((await problemOf(await patch(pod.id, { templateId: "missing" }), 404)).detail).toBe(
      "template not found",
    );
    const theirs = await template({}, other);
    await problemOf(await patch(pod.id, { templateId: theirs.id }), 404);
  });

  it("Update rule 1: a serverless template is 422", async () => {
    const sls = await template({ serverless: true });
    const pod = await createPod(p);
    const problem = await problemOf(await patch(pod.id, { templateId: sls.id }), 422);
    expect(problem.errors).toEqual([`templateId: template ${sls.id} is a serverless template`]);
  });

  it("Update rule 2: mounts omitted or {} leave mounts unchanged", async () => {
    const pod = await createPod(p, { mounts: { persistent: { size: 20, path: "/workspace" } } });
    expect((await body<Pod>(await patch(pod.id, { name: "a" }), 200)).mounts).toEqual(pod.mounts);
    expect((await body<Pod>(await patch(pod.id, { mounts: {} }), 200)).mounts).toEqual(pod.mounts);
  });

  it("Update rule 2: the same kind may change its size or path", async () => {
    const pod = await createPod(p, { mounts: { persistent: { size: 20, path: "/workspace" } } });
    const updated = await body<Pod>(
      await patch(pod.id, { mounts: { persistent: { size: 50, path: "/data" } } }),
      200,
    );
    expect(updated.mounts).toEqual({ persistent: { size: 50, path: "/data" } });
    const vol = await createVolume(p);
    const net = await createPod(p, {
      mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] },
    });
    const moved = await body<Pod>(
      await patch(net.id, { mounts: { network: [{ volumeId: vol.id, path: "/vol" }] } }),
      200,
    );
    expect(moved.mounts).toEqual({ network: [{ volumeId: vol.id, path: "/vol" }] });
  });

  it("Update rule 2: network: [] answers 400", async () => {
    const vol = await createVolume(p);
    const pod = await createPod(p, {
      mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] },
    });
    const problem = await problemOf(await patch(pod.id, { mounts: { network: [] } }), 400);
    expect(problem.errors).toEqual([
      "mounts.network: cannot be empty: clearing mounts is not supported",
    ]);
  });

  it.each([
    [
      "persistent on a network pod",
      "network",
      { persistent: { size: 20, path: "/w" } },
      "mounts.persistent: cannot be added: the mount kind is fixed at creation and this pod has a network mount",
    ],
    [
      "network on a persistent pod",
      "persistent",
      { network: [{ volumeId: "VOL", path: "/w" }] },
      "mounts.network: cannot be added: the mount kind is fixed at creation and this pod has a persistent mount",
    ],
    [
      "persistent on a mountless pod",
      "none",
      { persistent: { size: 20, path: "/w" } },
      "mounts.persistent: cannot be added: the mount kind is fixed at creation and this pod has no mount",
    ],
    [
      "network on a mountless pod",
      "none",
      { network: [{ volumeId: "VOL", path: "/w" }] },
      "mounts.network: cannot be added: the mount kind is fixed at creation and this pod has no mount",
    ],
  ])("Update rule 2: introducing %s answers 400", async (_what, created, mounts, error) => {
    const vol = await createVolume(p);
    const createdMounts =
      created === "network"
        ? { network: [{ volumeId: vol.id, path: "/workspace" }] }
        : created === "persistent"
          ? { persistent: { size: 20, path: "/workspace" } }
          : undefined;
    const pod = await createPod(p, createdMounts ? { mounts: createdMounts } : {});
    const json = JSON.parse(JSON.stringify({ mounts }).replace("VOL", vol.id)) as unknown;
    const problem = await problemOf(await patch(pod.id, json), 400);
    expect(problem.errors).toEqual([error]);
    expect((await getPod(p, pod.id)).mounts).toEqual(pod.mounts);
  });

  it("Update rule 2: a different volumeId answers 400 (volumes attach only at deployment)", async () => {
    const a = await createVolume(p);
    const b = await createVolume(p);
    const pod = await createPod(p, {
      mounts: { network: [{ volumeId: a.id, path: "/workspace" }] },
    });
    const problem = await problemOf(
      await patch(pod.id, { mounts: { network: [{ volumeId: b.id, path: "/workspace" }] } }),
      400,
    );
    expect(problem.errors).toEqual([
      "mounts.network[0].volumeId: is immutable: a network mount cannot change volume",
    ]);
  });

  it("Update rule 2: both kinds at once answer 400", async () => {
    const pod = await createPod(p, { mounts: { persistent: { size: 20, path: "/workspace" } } });
    const problem = await problemOf(
      await patch(pod.id, {
        mounts: { persistent: { size: 20, path: "/w" }, network: [{ volumeId: "x", path: "/n" }] },
      }),
      400,
    );
    expect(problem.errors).toEqual(["mounts: persistent and network cannot both be set"]);
  });

  it.each([
    [{ persistent: { size: 30 } }, "mounts.persistent.path: enter a path"],
    [{ persistent: { path: "/w" } }, "mounts.persistent.size: enter a number of GB"],
    [{ network: [{ path: "/w" }] }, "mounts.network[0].volumeId: enter a network volume"],
    [{ network: [{ volumeId: "v" }] }, "mounts.network[0].path: enter a path"],
  ])("Update rule 2: an incomplete mount entry %j answers 422", async (mounts, error) => {
    const pod = await createPod(p, { mounts: { persistent: { size: 20, path: "/workspace" } } });
    const problem = await problemOf(await patch(pod.id, { mounts }), 422);
    expect(problem.errors).toContain(error);
  });

  it("Update rule 3: locked true locks the pod, false unlocks it", async () => {
    const pod = await runningPod(p, clock);
    expect((await body<Pod>(await patch(pod.id, { locked: true }), 200)).locked).toBe(true);
    expect((await getPod(p, pod.id)).locked).toBe(true);
    await problemOf(await podAction(p, pod.id, "stop"), 409);
    expect((await body<Pod>(await patch(pod.id, { locked: false }), 200)).locked).toBe(false);
    expect((await podAction(p, pod.id, "stop")).status).toBe(200);
  });

  it("Update rule 4: globalNetworking takes effect at the next restart, not live", async () => {
    const pod = await runningPod(p, clock, { dataCenterIds: ["US-KS-2"] });
    const patched = await body<Pod>(await patch(pod.id, { globalNetworking: true }), 200);
    expect(patched.globalNetworking.enabled).toBe(false);
    const restarted = await body<Pod>(await podAction(p, pod.id, "restart"), 200);
    expect(restarted.globalNetworking.enabled).toBe(true);
    expect(restarted.globalNetworking.ip).toMatch(/^10\.65\./);
  });

  it("Update rule 4: globalNetworking takes effect at the next start of a stopped pod (and off likewise)", async () => {
    const pod = await runningPod(p, clock, { dataCenterIds: ["US-KS-2"], globalNetworking: true });
    expect(pod.globalNetworking.enabled).toBe(true);
    await body(await podAction(p, pod.id, "stop"), 200);
    expect(
      (await body<Pod>(await patch(pod.id, { globalNetworking: false }), 200)).globalNetworking
        .enabled,
    ).toBe(true);
    const started = await body<Pod>(await podAction(p, pod.id, "start"), 200);
    expect(started.globalNetworking).toEqual({ enabled: false });
  });

  it.each([
    [
      "a CPU pod",
      { gpu: undefined, cpu: { id: "cpu5c", vcpuCount: 2 } },
      "globalNetworking: needs an NVIDIA GPU pod",
    ],
    [
      "an AMD pod",
      { gpu: { id: "AMD Instinct MI300X OAM" } },
      "globalNetworking: needs an NVIDIA GPU pod",
    ],
    [
      "a pod in a data center without global networking",
      { gpu: { id: "NVIDIA GeForce RTX 4090" }, dataCenterIds: ["EU-CZ-1"] },
      "globalNetworking: needs a data center with global networking; EU-CZ-1 has none",
    ],
  ])("Update rule 4: globalNetworking on %s answers 400", async (_what, extra, text) => {
    const pod = await createPod(p, extra);
    const problem = await problemOf(await patch(pod.id, { globalNetworking: true }), 400);
    expect(problem.detail).toContain(text);
  });

  it.each([
    [{ name: "" }, "name: enter a name"],
    [{ disk: 0 }, "disk: must be at least 1 GB"],
    [{ locked: "yes" }, "locked: "],
    [{ mounts: { tmp: {} } }, "mounts.tmp: unknown property"],
    [{ gpu: { id: "x" } }, "gpu: unknown property"],
  ])("a PATCH body %j that fails validation answers 422 naming the field", async (json, error) => {
    const pod = await createPod(p);
    const problem = await problemOf(await patch(pod.id, json), 422);
    expect(problem.errors?.some((e) => e.startsWith(error))).toBe(true);
  });

  it("a TERMINATED pod cannot be modified (409)", async () => {
    const pod = await createPod(p);
    expect((await podAction(p, pod.id, "terminate")).status).toBe(204);
    await problemOf(await patch(pod.id, { name: "late" }), 409);
  });

  it("published ports follow PATCHed ports (the runtime shows the new mapping)", async () => {
    const pod = await runningPod(p, clock, { ports: ["8888/http"] });
    expect(pod.ssh.direct).toBeNull();
    await body(await patch(pod.id, { ports: ["8888/http", "22/tcp"] }), 200);
    clock.advance(POD_TIMINGS.startMs);
    const after = await getPod(p, pod.id);
    expect(after.ssh.direct?.port).toBeGreaterThanOrEqual(10_000);
  });
});
