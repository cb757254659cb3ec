import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import type { ListNetworkVolumeBillingResponse } from "@/lib/schemas/billing";
import type { NetworkVolume, NetworkVolumeV1 } from "@/lib/schemas/network-volumes";
import { describeEachBackend } from "./support/backends";
import { body, createPod, createVolume, podAction } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const MONTH_MS = 730 * 3_600_000;

describeEachBackend(
  "Network volumes (v2 /v2/network-volumes and v1 /v1/networkvolumes)",
  (backend) => {
    let p: TestPlatform;
    let other: string;
    const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 0) });
    beforeAll(async () => {
      p = await startTestPlatform({ backend, clock });
      other = await p.otherAccountKey();
    });
    afterAll(async () => p?.close());

    const create = (json: Record<string, unknown>, auth?: string) =>
      p.request("/v2/network-volumes", { method: "POST", json, auth });
    const patch = (id: string, json: unknown) =>
      p.request(`/v2/network-volumes/${id}`, { method: "PATCH", json });
    const del = (id: string, auth?: string) =>
      p.request(`/v2/network-volumes/${id}`, { method: "DELETE", auth });

    it("POST /v2/network-volumes answers 201 with id, name, size, dataCenter and type", async () => {
      const vol = await createVolume(p, {
        name: "dataset",
        size: 100,
        dataCenter: "US-KS-2",
        type: "HIGH_PERFORMANCE",
      });
      expect(vol).toEqual({
        id: expect.stringMatching(/^[a-z0-9]{10}$/),
        name: "dataset",
        size: 100,
        dataCenter: "US-KS-2",
        type: "HIGH_PERFORMANCE",
      });
    });

    it("Network volume tiers: an omitted type is the data center's primary tier", async () => {
      expect((await createVolume(p, { dataCenter: "US-KS-2" })).type).toBe("STANDARD");
      expect((await createVolume(p, { dataCenter: "US-TX-3" })).type).toBe("HIGH_PERFORMANCE");
    });

    it.each([
      [
        "Network volume tiers: High-Performance where the data center does not offer it",
        { dataCenter: "US-IL-1", type: "HIGH_PERFORMANCE" },
        400,
        "type: HIGH_PERFORMANCE storage is not offered in US-IL-1 (offered: STANDARD)",
      ],
      [
        "an unknown data center",
        { dataCenter: "MARS-1" },
        400,
        "dataCenter: unknown data center MARS-1",
      ],
      [
        "a data center without network storage",
        { dataCenter: "US-NC-1" },
        400,
        "dataCenter: data center US-NC-1 offers no network volumes",
      ],
      ["a size under 10 GB", { size: 5 }, 422, "size: must be at least 10 GB"],
      ["a size over 4096 GB", { size: 5000 }, 422, "size: must be at most 4096 GB"],
      ["a fractional size", { size: 10.5 }, 422, "size: "],
      ["no name", { name: undefined }, 422, "name: enter a name"],
      [
        "an unknown tier",
        { type: "FAST" },
        422,
        "type: choose one of STANDARD or HIGH_PERFORMANCE",
      ],
      ["an unknown property", { region: "EU" }, 422, "region: unknown property"],
    ])("create with %s answers %i naming the field", async (_what, extra, status, text) => {
      const problem = await problemOf(
        await create({ name: "v", size: 50, dataCenter: "US-KS-2", ...extra }),
        status,
      );
      expect([problem.detail, ...(problem.errors ?? [])].join("\n")).toContain(text);
    });

    it("GET lists the account's volumes and reads one; another account's answers 404", async () => {
      const vol = await createVolume(p);
      const list = await body<{ networkVolumes: NetworkVolume[] }>(
        await p.request("/v2/network-volumes"),
        200,
      );
      expect(list.networkVolumes).toContainEqual(vol);
      expect(
        await body<NetworkVolume>(await p.request(`/v2/network-volumes/${vol.id}`), 200),
      ).toEqual(vol);
      const theirs = await body<{ networkVolumes: NetworkVolume[] }>(
        await p.request("/v2/network-volumes", { auth: other }),
        200,
      );
      expect(theirs.networkVolumes.map((v) => v.id)).not.toContain(vol.id);
      expect(
        (await problemOf(await p.request(`/v2/network-volumes/${vol.id}`, { auth: other }), 404))
          .detail,
      ).toBe("network volume not found");
    });

    it("PATCH renames and grows a volume; the same size is accepted", async () => {
      const vol = await createVolume(p, { size: 50 });
      expect(
        await body<NetworkVolume>(await patch(vol.id, { name: "renamed", size: 80 }), 200),
      ).toMatchObject({ name: "renamed", size: 80 });
      expect((await body<NetworkVolume>(await patch(vol.id, { size: 80 }), 200)).size).toBe(80);
    });

    it("Network volume size rule: a volume can grow but never shrink (400 naming size)", async () => {
      const vol = await createVolume(p, { size: 100 });
      const problem = await problemOf(await patch(vol.id, { size: 50 }), 400);
      expect(problem.errors).toEqual([
        "size: must be at least the current 100 GB: network volumes can grow but never shrink",
      ]);
      expect(
        (await body<NetworkVolume>(await p.request(`/v2/network-volumes/${vol.id}`), 200)).size,
      ).toBe(100);
    });

    it.each([
      [{}, "$: must set at least one of name, size"],
      [{ type: "STANDARD" }, "type: unknown property"],
      [{ size: 10_000 }, "size: must be at most 4096 GB"],
    ])("PATCH with %j answers 422", async (json, error) => {
      const vol = await createVolume(p);
      const problem = await problemOf(await patch(vol.id, json), 422);
      expect(problem.errors).toContain(error);
    });

    it("Delete a network volume: 204 with no body, then it is gone", async () => {
      const vol = await createVolume(p);
      const res = await del(vol.id);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      await problemOf(await p.request(`/v2/network-volumes/${vol.id}`), 404);
    });

    it("Delete a network volume: only the owner's — another account gets 404 and the volume stays", async () => {
      const vol = await createVolume(p);
      await problemOf(await del(vol.id, other), 404);
      await body(await p.request(`/v2/network-volumes/${vol.id}`), 200);
      await problemOf(await del("no-such-volume"), 404);
    });

    it("a volume attached to a pod cannot be deleted (400 naming the pod) until the pod is terminated", async () => {
      const vol = await createVolume(p);
      const pod = await createPod(p, {
        name: "holder",
        mounts: { network: [{ volumeId: vol.id, path: "/workspace" }] },
      });
      const problem = await problemOf(await del(vol.id), 400);
      expect(problem.detail).toContain(`is attached to pod ${pod.id} (holder)`);
      expect((await podAction(p, pod.id, "terminate")).status).toBe(204);
      expect((await del(vol.id)).status).toBe(204);
    });

    it("a volume attached to a serverless endpoint cannot be deleted (400 naming the endpoint)", async () => {
      const vol = await createVolume(p);
      const endpoint = await body<{ id: string }>(
        await p.request("/v2/serverless", {
          method: "POST",
          json: {
            name: "with-volume",
            type: "QUEUE",
            image: "runpod/worker:1",
            gpu: { pools: ["ADA_24"] },
            scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
            networkVolumes: [vol.id],
          },
        }),
        201,
      );
      const problem = await problemOf(await del(vol.id), 400);
      expect(problem.detail).toContain(`serverless endpoint ${endpoint.id}`);
      expect((await p.request(`/v2/serverless/${endpoint.id}`, { method: "DELETE" })).status).toBe(
        204,
      );
      expect((await del(vol.id)).status).toBe(204);
    });

    it("Storage charges: 0.07 USD per GB-month for the first 1 TB and 0.05 beyond; high-performance 0.14", async () => {
      const start = clock.now();
      const small = await createVolume(p, { size: 100, dataCenter: "US-KS-2", type: "STANDARD" });
      const large = await createVolume(p, { size: 2000, dataCenter: "US-KS-2", type: "STANDARD" });
      const fast = await createVolume(p, {
        size: 100,
        dataCenter: "US-KS-2",
        type: "HIGH_PERFORMANCE",
      });
      clock.advance(MONTH_MS);
      const q = `startTime=${new Date(start).toISOString()}&bucketSize=year`;
      const amount = async (id: string) => {
        const r = await body<ListNetworkVolumeBillingResponse>(
          await p.request(`/v2/billing/network-volumes?${q}&networkVolumeId=${id}`),
          200,
        );
        return r.metadata.totals;
      };
      expect((await amount(small.id)).standardAmount).toBeCloseTo(7, 6);
      expect((await amount(large.id)).standardAmount).toBeCloseTo(1000 * 0.07 + 1000 * 0.05, 6);
      const hp = await amount(fast.id);
      expect(hp.highPerformanceAmount).toBeCloseTo(14, 6);
      expect(hp.standardAmount).toBe(0);
      for (const v of [small, large, fast]) expect((await del(v.id)).status).toBe(204);
    });

    it("Storage charges: growing a volume bills the old size until the resize; deleting stops the charges", async () => {
      const start = clock.now();
      const vol = await createVolume(p, { size: 100, type: "STANDARD" });
      clock.advance(MONTH_MS / 2);
      await body(await patch(vol.id, { size: 200 }), 200);
      clock.advance(MONTH_MS / 2);
      expect((await del(vol.id)).status).toBe(204);
      clock.advance(MONTH_MS);
      const r = await body<ListNetworkVolumeBillingResponse>(
        await p.request(
          `/v2/billing/network-volumes?startTime=${new Date(start).toISOString()}&bucketSize=year&networkVolumeId=${vol.id}`,
        ),
        200,
      );
      expect(r.metadata.totals.totalAmount).toBeCloseTo(3.5 + 7, 6);
    });

    // ---- v1 ----

    it("POST /v1/networkvolumes answers 200 with the v1 NetworkVolume (dataCenterId, no type)", async () => {
      const res = await p.request("/v1/networkvolumes", {
        method: "POST",
        json: { name: "my-network-volume", size: 100, dataCenterId: "US-KS-2" },
      });
      const vol = await body<NetworkVolumeV1>(res, 200);
      expect(vol).toEqual({
        id: expect.any(String),
        name: "my-network-volume",
        size: 100,
        dataCenterId: "US-KS-2",
      });
      expect(
        (await body<NetworkVolume>(await p.request(`/v2/network-volumes/${vol.id}`), 200)).type,
      ).toBe("STANDARD");
    });

    it("Create a network volume (v1): volumes beyond 4 TB are arranged with support (400); 4000 GB is fine", async () => {
      const problem = await problemOf(
        await p.request("/v1/networkvolumes", {
          method: "POST",
          json: { name: "huge", size: 4001, dataCenterId: "US-KS-2" },
        }),
        400,
      );
      expect(problem.detail).toContain("volumes larger than 4 TB");
      expect(problem.errors).toEqual([
        "size: volumes larger than 4 TB (4000 GB) must be arranged with support",
      ]);
      await body(
        await p.request("/v1/networkvolumes", {
          method: "POST",
          json: { name: "big", size: 4000, dataCenterId: "US-KS-2" },
        }),
        200,
      );
    });

    it.each([
      [{ name: "v", size: 10 }, "dataCenterId: enter a data center"],
      [{ name: "v", size: 10, dataCenterId: "MARS-1" }, "dataCenterId: unknown data center MARS-1"],
      [{ name: "v", size: 0, dataCenterId: "US-KS-2" }, "size: must be at least 1 GB"],
      [{ name: "v", size: 10, dataCenter: "US-KS-2" }, "dataCenter: unknown property"],
    ])("v1 create with %j answers a problem+json 4xx naming the field", async (json, text) => {
      const res = await p.request("/v1/networkvolumes", { method: "POST", json });
      expect([400, 422]).toContain(res.status);
      const problem = await problemOf(res, res.status);
      expect([problem.detail, ...(problem.errors ?? [])].join("\n")).toContain(text);
    });

    it("v1 GET lists (a bare array) and reads one; unknown ids answer 404; no key answers 401", async () => {
      const vol = await body<NetworkVolumeV1>(
        await p.request("/v1/networkvolumes", {
          method: "POST",
          json: { name: "listed", size: 20, dataCenterId: "EU-RO-1" },
        }),
        200,
      );
      const list = await body<NetworkVolumeV1[]>(await p.request("/v1/networkvolumes"), 200);
      expect(Array.isArray(list)).toBe(true);
      expect(list).toContainEqual(vol);
      expect(
        await body<NetworkVolumeV1>(await p.request(`/v1/networkvolumes/${vol.id}`), 200),
      ).toEqual(vol);
      await problemOf(await p.request("/v1/networkvolumes/nope"), 404);
      await problemOf(await p.request(`/v1/networkvolumes/${vol.id}`, { auth: other }), 404);
      await problemOf(await p.request("/v1/networkvolumes", { auth: null }), 401);
    });

    it("v1 update grows a volume (the new size must exceed the current one) and v1 DELETE answers 204", async () => {
      const vol = await body<NetworkVolumeV1>(
        await p.request("/v1/networkvolumes", {
          method: "POST",
          json: { name: "v1", size: 20, dataCenterId: "US-KS-2" },
        }),
        200,
      );
      const grown = await body<NetworkVolumeV1>(
        await p.request(`/v1/networkvolumes/${vol.id}`, { method: "PATCH", json: { size: 30 } }),
        200,
      );
      expect(grown.size).toBe(30);
      const viaPost = await body<NetworkVolumeV1>(
        await p.request(`/v1/networkvolumes/${vol.id}/update`, {
          method: "POST",
          json: { name: "renamed" },
        }),
        200,
      );
      expect(viaPost.name).toBe("renamed");
      const same = await problemOf(
        await p.request(`/v1/networkvolumes/${vol.id}`, { method: "PATCH", json: { size: 30 } }),
        400,
      );
      expect(same.errors).toEqual([
        "size: must be greater than the current 30 GB: network volumes can grow but never shrink",
      ]);
      expect((await p.request(`/v1/networkvolumes/${vol.id}`, { method: "DELETE" })).status).toBe(
        204,
      );
    });
  },
);
