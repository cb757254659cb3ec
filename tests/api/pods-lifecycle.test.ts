import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import { POD_TIMINGS } from "@/lib/platform/management/pods/pod-lifecycle";
import type { Pod } from "@/lib/schemas/pods";
import { describeEachBackend } from "./support/backends";
import {
  body,
  BOOT_MS,
  createPod,
  getPod,
  podAction,
  runningPod,
  setAvailability,
} from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

describeEachBackend("Pod lifecycle (timed by the platform clock)", (backend) => {
  let p: TestPlatform;
  let first: TestPlatform;
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 12) });
  beforeAll(async () => {
    first = p = await startTestPlatform({ backend, clock });
  });
  afterAll(async () => {
    if (p !== first) await p?.close();
    await first?.close(); // removes the storage both used
  });

  const act = async (id: string, action: string) => body<Pod>(await podAction(p, id, action), 200);
  const fail = async (id: string) =>
    body<Pod>(await p.request(`/_platform/pods/${id}/fail`, { method: "POST" }), 200);

  it("a new pod goes PROVISIONING → STARTING → RUNNING as the clock passes the stored due times", async () => {
    const pod = await createPod(p);
    expect(pod.status).toBe("PROVISIONING");
    clock.advance(POD_TIMINGS.provisionMs - 1);
    expect((await getPod(p, pod.id)).status).toBe("PROVISIONING");
    clock.advance(1);
    expect((await getPod(p, pod.id)).status).toBe("STARTING");
    clock.advance(POD_TIMINGS.startMs);
    const running = await getPod(p, pod.id);
    expect(running.status).toBe("RUNNING");
    expect(running.startedAt).toBe(new Date(Date.parse(pod.createdAt) + BOOT_MS).toISOString());
  });

  it("a long jump applies every due transition in order (startedAt is when RUNNING was reached)", async () => {
    const pod = await createPod(p);
    clock.advance(3_600_000);
    const running = await getPod(p, pod.id);
    expect(running.status).toBe("RUNNING");
    expect(running.startedAt).toBe(new Date(Date.parse(pod.createdAt) + BOOT_MS).toISOString());
    expect(running.runtime?.uptime).toBe((3_600_000 - BOOT_MS) / 1000);
  });

  it("the scheduler tick advances pods without any read", async () => {
    const { advancePods } = await import("@/lib/platform/management/pods/pods.module");
    const pod = await createPod(p);
    clock.advance(BOOT_MS);
    await advancePods(p.running.services, clock.now());
    const row = await p.running.services.store.db
      .selectFrom("pods")
      .select("status")
      .where("id", "=", pod.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("RUNNING");
  });

  it("actions list exactly the valid transitions of each status", async () => {
    const pod = await createPod(p);
    expect(pod.actions).toEqual(["stop", "terminate"]);
    clock.advance(POD_TIMINGS.provisionMs);
    expect((await getPod(p, pod.id)).actions).toEqual(["stop", "terminate"]); // STARTING
    clock.advance(POD_TIMINGS.startMs);
    expect((await getPod(p, pod.id)).actions).toEqual(["stop", "restart", "terminate"]); // RUNNING
    expect((await act(pod.id, "stop")).actions).toEqual(["start", "terminate"]); // EXITED
    const restarted = await act(pod.id, "start");
    expect(restarted.status).toBe("STARTING");
    clock.advance(POD_TIMINGS.startMs);
    expect((await fail(pod.id)).actions).toEqual(["start", "terminate"]); // ERROR
  });

  it("stop → EXITED, start → STARTING → RUNNING, restart → STARTING → RUNNING", async () => {
    const pod = await runningPod(p, clock);
    const stopped = await act(pod.id, "stop");
    expect(stopped.status).toBe("EXITED");
    const starting = await act(pod.id, "start");
    expect(starting.status).toBe("STARTING");
    clock.advance(POD_TIMINGS.startMs);
    const again = await getPod(p, pod.id);
    expect(again.status).toBe("RUNNING");
    expect(again.startedAt).toBe(new Date(clock.now()).toISOString());
    clock.advance(60_000);
    const restarting = await act(pod.id, "restart");
    expect(restarting.status).toBe("STARTING");
    clock.advance(POD_TIMINGS.startMs);
    const back = await getPod(p, pod.id);
    expect(back.status).toBe("RUNNING");
    expect(back.runtime?.uptime).toBe(0);
  });

  it("terminate → 204, the pod is TERMINATED and gone from the list", async () => {
    const pod = await runningPod(p, clock);
    const res = await podAction(p, pod.id, "terminate");
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const gone = await getPod(p, pod.id);
    expect(gone.status).toBe("TERMINATED");
    expect(gone.actions).toEqual([]);
    const list = await body<{ pods: Pod[] }>(await p.request("/v2/pods"), 200);
    expect(list.pods.map((x) => x.id)).not.toContain(pod.id);
  });

  it("DELETE /v2/pods/{id} terminates like the terminate action", async () => {
    const pod = await createPod(p);
    expect((await p.request(`/v2/pods/${pod.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await getPod(p, pod.id)).status).toBe("TERMINATED");
    const again = await problemOf(await p.request(`/v2/pods/${pod.id}`, { method: "DELETE" }), 409);
    expect(again.detail).toMatch(/cannot terminate a pod that is TERMINATED/);
  });

  it("ERROR is reachable through fault injection and a failed pod can be started again", async () => {
    const pod = await runningPod(p, clock);
    const failed = await fail(pod.id);
    expect(failed.status).toBe("ERROR");
    expect(failed.runtime).toBeNull();
    const started = await act(pod.id, "start");
    expect(started.status).toBe("STARTING");
  });

  it.each([
    [
      "PROVISIONING",
      "start",
      "cannot start a pod that is PROVISIONING; valid actions: stop, terminate",
    ],
    [
      "PROVISIONING",
      "restart",
      "cannot restart a pod that is PROVISIONING; valid actions: stop, terminate",
    ],
    [
      "RUNNING",
      "start",
      "cannot start a pod that is RUNNING; valid actions: stop, restart, terminate",
    ],
    ["EXITED", "stop", "cannot stop a pod that is EXITED; valid actions: start, terminate"],
    ["EXITED", "restart", "cannot restart a pod that is EXITED; valid actions: start, terminate"],
    ["TERMINATED", "start", "cannot start a pod that is TERMINATED; valid actions: none"],
  ])(
    "an action not valid for %s (%s) answers 409 naming the valid ones",
    async (status, action, detail) => {
      const pod = await createPod(p);
      if (status !== "PROVISIONING") clock.advance(BOOT_MS);
      if (status === "EXITED") await act(pod.id, "stop");
      if (status === "TERMINATED")
        expect((await podAction(p, pod.id, "terminate")).status).toBe(204);
      const problem = await problemOf(await podAction(p, pod.id, action), 409);
      expect(problem.detail).toBe(detail);
    },
  );

  it.each([
    [{ action: "reset" }, "action: choose one of start, stop, restart or terminate"],
    [{}, "action: choose start, stop, restart or terminate"],
    [{ action: "stop", force: true }, "force: unknown property"],
  ])("an invalid action body %j answers 422 naming the field", async (json, error) => {
    const pod = await createPod(p);
    const problem = await problemOf(
      await p.request(`/v2/pods/${pod.id}/action`, { method: "POST", json }),
      422,
    );
    expect(problem.errors).toContain(error);
  });

  it("State rule 1: cost is the catalogue price × count while the pod holds compute, 0.0 when EXITED or TERMINATED", async () => {
    const pod = await createPod(p, { gpu: { id: "NVIDIA GeForce RTX 4090", count: 2 } });
    expect(pod.cost).toBeCloseTo(0.88, 6);
    clock.advance(BOOT_MS);
    expect((await getPod(p, pod.id)).cost).toBeCloseTo(0.88, 6);
    expect((await act(pod.id, "stop")).cost).toBe(0);
    expect((await podAction(p, pod.id, "terminate")).status).toBe(204);
    expect((await getPod(p, pod.id)).cost).toBe(0);
  });

  it("State rule 1: community cloud pods cost the community price", async () => {
    const pod = await createPod(p, {
      cloud: "COMMUNITY",
      gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
    });
    expect(pod.cost).toBeCloseTo(0.31, 6);
  });

  it("State rule 2: runtime is null unless RUNNING, then carries uptime and utilisation", async () => {
    const pod = await createPod(p, { ports: ["8888/http", "22/tcp"] });
    expect(pod.runtime).toBeNull();
    clock.advance(POD_TIMINGS.provisionMs);
    expect((await getPod(p, pod.id)).runtime).toBeNull();
    clock.advance(POD_TIMINGS.startMs + 90_000);
    const running = await getPod(p, pod.id);
    expect(running.runtime?.uptime).toBe(90);
    expect(running.runtime?.gpus).toHaveLength(1);
    expect(running.runtime?.gpus?.[0]?.util).toBeGreaterThanOrEqual(0);
    expect(running.runtime?.ports?.map((x) => x.private)).toEqual([8888, 22]);
    expect(running.ssh.direct?.port).toBe(running.runtime?.ports?.[1]?.public);
    expect((await act(pod.id, "stop")).runtime).toBeNull();
  });

  it("State rule 3: a locked pod cannot be stopped or reset (409 with a clear detail)", async () => {
    const pod = await runningPod(p, clock);
    await body(
      await p.request(`/v2/pods/${pod.id}`, { method: "PATCH", json: { locked: true } }),
      200,
    );
    for (const action of ["stop", "restart"]) {
      const problem = await problemOf(await podAction(p, pod.id, action), 409);
      expect(problem.detail).toMatch(/is locked: a locked pod cannot be stopped or reset/);
    }
    expect((await getPod(p, pod.id)).status).toBe("RUNNING");
    await body(
      await p.request(`/v2/pods/${pod.id}`, { method: "PATCH", json: { locked: false } }),
      200,
    );
    expect((await act(pod.id, "stop")).status).toBe("EXITED");
  });

  it("cudaVersion is assigned at placement and kept while the pod is stopped", async () => {
    const pod = await runningPod(p, clock, {
      gpu: { id: "NVIDIA GeForce RTX 4090", count: 1, allowedCudaVersions: ["12.4"] },
    });
    expect(pod.cudaVersion).toBe("12.4");
    const stopped = await act(pod.id, "stop");
    expect(stopped.cudaVersion).toBe("12.4");
    expect(stopped.dataCenterId).toBe(pod.dataCenterId);
  });

  it("a stopped pod cannot start while its GPU type has no capacity in its data center (400 no capacity)", async () => {
    const pod = await runningPod(p, clock, { gpu: { id: "NVIDIA RTX A5000", count: 1 } });
    await act(pod.id, "stop");
    await setAvailability(p, `gpu:NVIDIA RTX A5000@${pod.dataCenterId}`, "NONE");
    try {
      const problem = await problemOf(await podAction(p, pod.id, "start"), 400);
      expect(problem.detail).toMatch(/no capacity/);
    } finally {
      await setAvailability(p, `gpu:NVIDIA RTX A5000@${pod.dataCenterId}`, null);
    }
    expect((await act(pod.id, "start")).status).toBe("STARTING");
  });

  it("the lifecycle survives a restart of the platform (due times are stored, not timers)", async () => {
    const pod = await createPod(p);
    const again = await p.restart();
    try {
      clock.advance(BOOT_MS);
      const res = await again.request(`/v2/pods/${pod.id}`);
      expect(((await res.json()) as Pod).status).toBe("RUNNING");
    } finally {
      p = again;
    }
  });
});
