import { afterAll, beforeAll, expect, it } from "vitest";
import {
  WORKER_VOLUME_MOUNT_PATH,
  workerVolume,
} from "@/lib/platform/management/endpoints/endpoint-record";
import { getEndpointRecord } from "@/lib/platform/management/endpoints/endpoints.repository";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { problemOf, expectNames } from "./support/problems";

// Seed "Network volume attachment rules" 1 on serverless endpoints: volumes are the caller's, one
// per data center, a single volume confines workers to its data center, and workers mount the
// volume of their location at /platform-volume.

type Json = Record<string, unknown>;

const ENDPOINT = {
  name: "with-volume",
  type: "QUEUE",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
  image: "hangar/echo-worker:1",
};

describeEachBackend("Serverless endpoints: network volumes", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  async function volume(dataCenter: string, auth?: string): Promise<string> {
    const res = await tp.request("/v2/network-volumes", {
      method: "POST",
      json: { name: "data", size: 10, dataCenter },
      auth,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const create = (body: Json) =>
    tp.request("/v2/serverless", { method: "POST", json: { ...ENDPOINT, ...body } });
  async function endpoint(body: Json): Promise<Json> {
    const res = await create(body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Json;
  }

  it("a single attached volume confines workers to its data center (effective placement stored and answered)", async () => {
    const v = await volume("US-KS-2");
    const ep = await endpoint({ networkVolumes: [v] });
    expect(ep).toMatchObject({ networkVolumes: [v], dataCenterIds: ["US-KS-2"] });
    const record = await getEndpointRecord(tp.running.services.store.db, ep.id as string);
    expect(record?.dataCenterIds).toEqual(["US-KS-2"]);
  });

  it("a requested placement that includes the volume's data center is narrowed to it", async () => {
    const v = await volume("US-KS-2");
    const ep = await endpoint({ networkVolumes: [v], dataCenterIds: ["US-TX-3", "US-KS-2"] });
    expect(ep.dataCenterIds).toEqual(["US-KS-2"]);
  });

  it("dataCenterIds that exclude the single volume's data center is a 400 naming dataCenterIds", async () => {
    const v = await volume("US-KS-2");
    expectNames(
      await problemOf(await create({ networkVolumes: [v], dataCenterIds: ["US-TX-3"] }), 400),
      "dataCenterIds",
    );
  });

  it("several volumes may be attached, one per data center; workers may run in any of those data centers", async () => {
    const a = await volume("US-KS-2");
    const b = await volume("EU-RO-1");
    const ep = await endpoint({ networkVolumes: [a, b] });
    expect(ep).toMatchObject({ networkVolumes: [a, b], dataCenterIds: ["US-KS-2", "EU-RO-1"] });
  });

  it("at most one network volume per data center (400 naming the second)", async () => {
    const a = await volume("US-KS-2");
    const b = await volume("US-KS-2");
    expectNames(
      await problemOf(await create({ networkVolumes: [a, b] }), 400),
      "networkVolumes[1]",
    );
  });

  it("volume ids must exist (400 naming the entry)", async () => {
    expectNames(
      await problemOf(await create({ networkVolumes: ["novolume00"] }), 400),
      "networkVolumes[0]",
    );
  });

  it("volume ids must be the caller's: another account's volume reads as not found", async () => {
    const theirs = await volume("US-KS-2", await tp.otherAccountKey());
    const p = await problemOf(await create({ networkVolumes: [theirs] }), 400);
    expectNames(p, "networkVolumes[0]");
    expect(p.errors?.[0]).toContain("not found");
  });

  it("listing a volume twice is a 400", async () => {
    const v = await volume("US-KS-2");
    expectNames(
      await problemOf(await create({ networkVolumes: [v, v] }), 400),
      "networkVolumes[1]",
    );
  });

  it("workers mount the volume of their data center at /platform-volume (worker environment contract)", async () => {
    const a = await volume("US-KS-2");
    const b = await volume("EU-RO-1");
    const ep = await endpoint({ networkVolumes: [a, b] });
    const record = (await getEndpointRecord(tp.running.services.store.db, ep.id as string))!;
    expect(WORKER_VOLUME_MOUNT_PATH).toBe("/platform-volume");
    expect(workerVolume(record, "US-KS-2")).toEqual({ volumeId: a, mountPath: "/platform-volume" });
    expect(workerVolume(record, "EU-RO-1")).toEqual({ volumeId: b, mountPath: "/platform-volume" });
    expect(workerVolume(record, "US-TX-3")).toBeNull();
  });

  it("PATCH networkVolumes re-applies the rules to the result; removing the volumes restores the requested placement", async () => {
    const v = await volume("US-KS-2");
    const ep = await endpoint({ dataCenterIds: ["US-KS-2", "US-TX-3"] });
    const patch = (json: Json) =>
      tp.request(`/v2/serverless/${ep.id as string}`, { method: "PATCH", json });
    let res = await patch({ networkVolumes: [v] });
    expect(await res.json()).toMatchObject({ networkVolumes: [v], dataCenterIds: ["US-KS-2"] });
    expectNames(await problemOf(await patch({ dataCenterIds: ["US-TX-3"] }), 400), "dataCenterIds");
    res = await patch({ networkVolumes: [] });
    expect(await res.json()).toMatchObject({
      networkVolumes: [],
      dataCenterIds: ["US-KS-2", "US-TX-3"],
    });
  });
});
