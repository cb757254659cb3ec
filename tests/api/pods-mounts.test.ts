import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import type { Pod } from "@/lib/schemas/pods";
import { describeEachBackend } from "./support/backends";
import { body, createPod, createVolume, GPU, podAction, podBody } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

describeEachBackend(
  "Pods: templates and mounts at create (Mounts rules, attachment rule 3)",
  (backend) => {
    let p: TestPlatform;
    let other: string;
    const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 12) });
    beforeAll(async () => {
      p = await startTestPlatform({ backend, clock });
      other = await p.otherAccountKey();
    });
    afterAll(async () => p?.close());

    const create = (json: Record<string, unknown>) =>
      p.request("/v2/pods", { method: "POST", json });

    it("templateId at create: template settings, body overrides, env merged per key, template id kept", async () => {
      const t = await body<{ id: string }>(
        await p.request("/v2/templates", {
          method: "POST",
          json: {
            name: "tpl",
            image: "tpl/image:1",
            args: "serve",
            disk: 33,
            ports: ["7860/http"],
            env: { A: "t", B: "t" },
            mounts: { persistent: { size: 25, path: "/workspace" } },
            startJupyter: false,
            startSsh: false,
          },
        }),
        201,
      );
      const pod = await body<Pod>(
        await create({
          name: "from-tpl",
          templateId: t.id,
          gpu: { id: GPU },
          env: { B: "body" },
          disk: 50,
        }),
        201,
      );
      expect(pod).toMatchObject({
        image: "tpl/image:1",
        args: "serve",
        disk: 50,
        ports: ["7860/http"],
        env: { A: "t", B: "body" },
        mounts: { persistent: { size: 25, path: "/workspace" } },
        template: t.id,
      });
      const cpu = await body<Pod>(
        await create({ name: "cpu-tpl", templateId: t.id, cpu: { id: "cpu5c", vcpuCount: 2 } }),
        201,
      );
      expect(cpu.mounts).toEqual({}); // CPU pods do not inherit a persistent mount
    });

    it("templateId at create: unknown or another account's private template is 404, a serverless one 422", async () => {
      expect((await problemOf(await create(podBody({ templateId: "nope" })), 404)).detail).toBe(
        "template not found",
      );
      const foreign = await body<{ id: string }>(
        await p.request("/v2/templates", {
          method: "POST",
          json: { name: "theirs", image: "x:1" },
          auth: other,
        }),
        201,
      );
      await problemOf(await create(podBody({ templateId: foreign.id })), 404);
      const sls = await body<{ id: string }>(
        await p.request("/v2/templates", {
          method: "POST",
          json: { name: "sls", image: "x:1", serverless: true },
        }),
        201,
      );
      const problem = await problemOf(await create(podBody({ templateId: sls.id })), 422);
      expect(problem.errors?.[0]).toMatch(/^templateId: /);
    });

    it("Network volume attachment rule 3: a network volume replaces /workspace and pins the pod to its data center", async () => {
      const vol = await createVolume(p, { dataCenter: "EUR-IS-1" });
      const pod = await createPod(p, {
        mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] },
      });
      expect(pod.dataCenterId).toBe("EUR-IS-1");
      expect(pod.mounts).toEqual({ network: [{ volumeId: vol.id, path: "/workspace" }] });
    });

    it.each([
      [
        "on community cloud",
        { cloud: "COMMUNITY" },
        400,
        "cloud: network volumes can be attached only to SECURE cloud pods",
      ],
      [
        "with dataCenterIds that leave out the volume's",
        { dataCenterIds: ["US-KS-2"] },
        400,
        "dataCenterIds: must include EUR-IS-1",
      ],
      [
        "with a GPU type the volume's data center lacks",
        { gpu: { id: "NVIDIA L4" } },
        400,
        "no capacity: 1× NVIDIA L4 is not offered on SECURE cloud in EUR-IS-1",
      ],
    ])(
      "Network volume attachment rule 3: a volume mount %s answers %i",
      async (_what, patch, status, text) => {
        const vol = await createVolume(p, { dataCenter: "EUR-IS-1" });
        const problem = await problemOf(
          await create(
            podBody({ ...patch, mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] } }),
          ),
          status,
        );
        expect(problem.detail).toContain(text);
      },
    );

    it("Mounts: a volume that is not the caller's answers 404 naming the field", async () => {
      const theirs = await createVolume(p, {}, other);
      const problem = await problemOf(
        await create(
          podBody({ mounts: { network: [{ volumeId: theirs.id, path: "/workspace" }] } }),
        ),
        404,
      );
      expect(problem.errors).toEqual([
        `mounts.network[0].volumeId: network volume ${theirs.id} not found`,
      ]);
    });

    it.each([
      [
        "both kinds",
        { persistent: { size: 20, path: "/w" }, network: [{ volumeId: "v", path: "/n" }] },
        400,
        "mounts: persistent and network cannot both be set",
      ],
      [
        "two network volumes",
        {
          network: [
            { volumeId: "a", path: "/a" },
            { volumeId: "b", path: "/b" },
          ],
        },
        422,
        "mounts.network: choose at most 1 network volume",
      ],
      [
        "a network entry without path",
        { network: [{ volumeId: "a" }] },
        422,
        "mounts.network[0].path: enter a path",
      ],
      [
        "a persistent entry without size",
        { persistent: { path: "/w" } },
        422,
        "mounts.persistent.size: enter a number of GB",
      ],
      [
        "a persistent volume under 10 GB",
        { persistent: { size: 5, path: "/w" } },
        422,
        "mounts.persistent.size: must be at least 10 GB",
      ],
    ])("Mounts: %s at create answers %i", async (_what, mounts, status, text) => {
      const problem = await problemOf(await create(podBody({ mounts })), status);
      expect([problem.detail, ...(problem.errors ?? [])].join("\n")).toContain(text);
    });

    it("a pod stop/start keeps its mounts, and a terminated pod no longer holds its volume", async () => {
      const vol = await createVolume(p, { dataCenter: "US-KS-2" });
      const pod = await createPod(p, {
        mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] },
      });
      expect((await podAction(p, pod.id, "terminate")).status).toBe(204);
      expect((await p.request(`/v2/network-volumes/${vol.id}`, { method: "DELETE" })).status).toBe(
        204,
      );
    });
  },
);
