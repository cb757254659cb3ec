import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import type { ListNetworkVolumeBillingResponse } from "@/lib/schemas/billing";
import type { Pod } from "@/lib/schemas/pods";
import { describeEachBackend } from "./support/backends";
import { BOOT_MS, body, createPod, createVolume, GPU } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const HOUR = 3_600_000;

/** A pod (0.44 USD/h) with the network volume `volumeId` mounted at /workspace. */
const podOn = (volumeId: string, name: string) => ({
  name,
  image: "img:1",
  gpu: { id: GPU },
  mounts: { network: [{ volumeId, path: "/workspace" }] },
});

describeEachBackend("State rule 4: when the balance reaches zero", (backend) => {
  let p: TestPlatform;
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 0) });
  beforeAll(async () => {
    p = await startTestPlatform({ backend, clock });
  });
  afterAll(async () => p?.close());

  /** A fresh account with `balance` USD, and a request function bound to its key. */
  async function account(balance: number) {
    const res = await body<{ account: { id: string }; key: { key: string } }>(
      await p.request("/_platform/accounts", {
        method: "POST",
        json: { name: "broke-soon", balance },
      }),
      201,
    );
    const key = res.key.key;
    const req = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      p.request(path, { ...init, auth: key });
    return { id: res.account.id, key, req };
  }

  it("pods with an attached network volume are stopped, their data stays on the volume, and the platform logs why", async () => {
    const a = await account(1);
    const vol = await createVolume(p, { name: "keep", size: 100 }, a.key);
    const pod = await createPod(p, podOn(vol.id, "on-volume"), a.key);
    clock.advance(BOOT_MS);
    expect((await body<Pod>(await a.req(`/v2/pods/${pod.id}`), 200)).status).toBe("RUNNING");
    clock.advance(3 * HOUR); // 0.44 USD/h: the 1 USD is gone
    const stopped = await body<Pod>(await a.req(`/v2/pods/${pod.id}`), 200);
    expect(stopped.status).toBe("EXITED");
    expect(stopped.cost).toBe(0);
    expect(stopped.mounts).toEqual({ network: [{ volumeId: vol.id, path: "/workspace" }] });
    await body(await a.req(`/v2/network-volumes/${vol.id}`), 200); // the data stays
    const events = await body<{
      events: { type: string; resourceId: string | null; detail: string }[];
    }>(await a.req("/_platform/events"), 200);
    expect(events.events.map((e) => e.type)).toEqual([
      "pod.stopped.balance-depleted",
      "account.balance-depleted",
    ]);
    expect(events.events[0]).toMatchObject({ resourceId: pod.id });
    expect(events.events[0]!.detail).toContain(`its data stays on network volume ${vol.id}`);
  });

  it("storage charges continue after the pods are stopped", async () => {
    const a = await account(0.5);
    const vol = await createVolume(p, { name: "keep", size: 100 }, a.key);
    await createPod(p, podOn(vol.id, "p"), a.key);
    const depletedBy = clock.now() + 2 * HOUR;
    clock.advance(2 * HOUR);
    await body(await a.req("/v2/pods"), 200); // the read applies the balance rule
    clock.advance(30 * 24 * HOUR);
    const after = await body<ListNetworkVolumeBillingResponse>(
      await a.req(
        `/v2/billing/network-volumes?bucketSize=hour&startTime=${new Date(depletedBy).toISOString()}&networkVolumeId=${vol.id}`,
      ),
      200,
    );
    // At least the 30 days after the pods stopped (the window starts at the hour the balance ran out).
    const thirtyDays = (100 * 0.07 * 30 * 24) / 730;
    expect(after.metadata.totals.standardAmount).toBeGreaterThanOrEqual(thirtyDays - 1e-9);
    expect(after.metadata.totals.standardAmount).toBeLessThan(thirtyDays + (100 * 0.07 * 3) / 730);
    const who = await body<{ account: { balance: number } }>(await a.req("/_platform/whoami"), 200);
    expect(who.account.balance).toBeLessThan(0);
  });

  it("a depletion caused by another product (serverless usage) stops the pods too", async () => {
    const a = await account(5);
    const pod = await createPod(p, { name: "p", image: "img:1", gpu: { id: GPU } }, a.key);
    clock.advance(BOOT_MS);
    await p.running.services.usage.record({
      accountId: a.id,
      product: "serverless",
      resourceId: "ep",
      amounts: { gpu: 10, total: 10 },
      at: clock.now(),
    });
    expect((await body<Pod>(await a.req(`/v2/pods/${pod.id}`), 200)).status).toBe("EXITED");
  });

  it("no new compute on an empty account: create and start answer 402", async () => {
    const a = await account(1);
    const pod = await createPod(p, { name: "p", image: "img:1", gpu: { id: GPU } }, a.key);
    clock.advance(BOOT_MS);
    await body(
      await a.req(`/v2/pods/${pod.id}/action`, { method: "POST", json: { action: "stop" } }),
      200,
    );
    await p.running.services.usage.record({
      accountId: a.id,
      product: "endpoint",
      resourceId: "flux",
      amounts: { total: 2 },
      at: clock.now(),
    });
    const create = await problemOf(
      await a.req("/v2/pods", {
        method: "POST",
        json: { name: "q", image: "img:1", gpu: { id: GPU } },
      }),
      402,
    );
    expect(create.detail).toMatch(/^insufficient balance/);
    await problemOf(
      await a.req(`/v2/pods/${pod.id}/action`, { method: "POST", json: { action: "start" } }),
      402,
    );
  });
});
