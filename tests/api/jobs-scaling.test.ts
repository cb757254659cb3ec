import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { ListEndpointWorkersResponse } from "@/lib/schemas/endpoints";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";

const COLD = { OFF: 6000, FLASHBOOT: 1500, PRIORITY_FLASHBOOT: 300 };

/** Seed "What the service does" 1 and EndpointWorkers / EndpointScaling; cold starts and placement. */
describeEachBackend("worker scaling", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, {
      PLATFORM_COLD_START_MS: `${COLD.OFF}/${COLD.FLASHBOOT}/${COLD.PRIORITY_FLASHBOOT}`,
    });
  });
  afterAll(async () => tp?.close());
  afterEach(async () => {
    await tp.request("/_platform/availability", { method: "DELETE" });
  });

  async function workers(ep: string) {
    const res = await tp.request(`/v2/serverless/${ep}/workers`);
    expect(res.status).toBe(200);
    return ListEndpointWorkersResponse.parse(await res.json());
  }
  const health = async (ep: string) =>
    (await jobApi(tp, ep, "/health")).body.workers as Record<string, number>;

  it("an endpoint starts with no workers unless workers.min > 0; min workers start and stay", async () => {
    const none = await createEndpoint(tp, { workers: { min: 0, max: 3 } });
    const two = await createEndpoint(tp, { workers: { min: 2, max: 3, idleTimeout: 1 } });
    await settle(tp);
    expect((await workers(none)).workers).toEqual([]);
    expect(await health(two)).toMatchObject({ initializing: 2 });
    await advance(tp, COLD.OFF);
    expect(await health(two)).toMatchObject({ idle: 2, ready: 2, initializing: 0 });
    await advance(tp, 600_000);
    expect(await health(two)).toMatchObject({ idle: 2 });
  });

  it.each([
    ["OFF", COLD.OFF],
    ["FLASHBOOT", COLD.FLASHBOOT],
    ["PRIORITY_FLASHBOOT", COLD.PRIORITY_FLASHBOOT],
  ] as const)(
    "cold start with flashboot %s takes %i ms; the first job's delayTime includes it",
    async (flashboot, ms) => {
      const ep = await createEndpoint(tp, { flashboot });
      const id = await run(tp, ep, {});
      await advance(tp, ms - 1);
      expect((await status(tp, ep, id)).body.status).toBe("IN_QUEUE");
      expect(await health(ep)).toMatchObject({ initializing: 1 });
      await advance(tp, 1);
      expect((await status(tp, ep, id)).body).toMatchObject({ status: "COMPLETED", delayTime: ms });
    },
  );

  it("an idle worker scales down after workers.idleTimeout seconds", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 0, max: 3, idleTimeout: 5 },
    });
    await run(tp, ep, {});
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    expect(await health(ep)).toMatchObject({ idle: 1 });
    await advance(tp, 4999);
    expect(await health(ep)).toMatchObject({ idle: 1 });
    await advance(tp, 1);
    expect((await workers(ep)).workers).toEqual([]);
  });

  it("QUEUE_DELAY adds a worker when the oldest queued job waited longer than queueDelay, up to workers.max", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
      workers: { min: 0, max: 3 },
    });
    for (let i = 0; i < 5; i++) await run(tp, ep, { mock_delay: 1000 });
    await settle(tp);
    expect((await workers(ep)).workers).toHaveLength(1); // the first worker starts at once
    await advance(tp, 1999);
    expect((await workers(ep)).workers).toHaveLength(1);
    await advance(tp, 2);
    expect((await workers(ep)).workers).toHaveLength(2);
    await advance(tp, 2000);
    expect((await workers(ep)).workers).toHaveLength(3);
    await advance(tp, 20_000);
    expect((await workers(ep)).summary).toMatchObject({ running: 3, total: 3 });
  });

  it("REQUEST_COUNT keeps ceil((inQueue + inProgress) / requestCount) workers, within workers.max", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      scaling: { type: "REQUEST_COUNT", requestCount: 2 },
      workers: { min: 0, max: 10 },
    });
    for (let i = 0; i < 5; i++) await run(tp, ep, { mock_delay: 10 });
    await settle(tp);
    expect((await workers(ep)).workers).toHaveLength(3);
    const capped = await createEndpoint(tp, {
      scaling: { type: "REQUEST_COUNT", requestCount: 1 },
      workers: { min: 0, max: 2 },
    });
    for (let i = 0; i < 6; i++) await run(tp, capped, { mock_delay: 10 });
    await settle(tp);
    expect((await workers(capped)).workers).toHaveLength(2);
    // Not needed any more: a queue endpoint scaling on requests has no idle timeout.
    await advance(tp, 60_000);
    expect((await workers(ep)).workers).toHaveLength(0);
  });

  it("policy.lowPriority jobs never trigger scaling", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 0, max: 3 },
    });
    const low = await run(tp, ep, { mock_return: "low" }, { policy: { lowPriority: true } });
    await advance(tp, 60_000);
    expect((await workers(ep)).workers).toEqual([]);
    expect((await status(tp, ep, low)).body.status).toBe("IN_QUEUE");
    const normal = await run(tp, ep, { mock_return: "normal" });
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    expect((await status(tp, ep, low)).body).toMatchObject({ status: "COMPLETED", output: "low" });
    expect((await status(tp, ep, normal)).body).toMatchObject({
      status: "COMPLETED",
      output: "normal",
    });
  });

  it("no capacity in any listed pool → the worker is THROTTLED, and starts when capacity returns", async () => {
    const put = (level: string | null) =>
      tp.request("/_platform/availability", {
        method: "PUT",
        json: { scope: "pool:ADA_24", level },
      });
    expect((await put("NONE")).status).toBe(200);
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 1, max: 1 },
    });
    await advance(tp, 10_000);
    expect(await health(ep)).toMatchObject({ throttled: 1, ready: 0 });
    expect((await workers(ep)).workers[0]).toMatchObject({
      status: "THROTTLED",
      dataCenterId: null,
    });
    await put(null);
    await advance(tp, 2000);
    expect(await health(ep)).toMatchObject({ throttled: 0, idle: 1 });
  });

  it("workers are placed on a listed pool with capacity, in the data center of the endpoint's network volume", async () => {
    const vol = await tp.request("/v2/network-volumes", {
      method: "POST",
      json: { name: "v", size: 10, dataCenter: "EUR-IS-1" },
    });
    expect(vol.status, await vol.clone().text()).toBe(201);
    const { id: volumeId } = (await vol.json()) as { id: string };
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      gpu: { pools: ["AMPERE_16", "ADA_24"] },
      networkVolumes: [volumeId],
      workers: { min: 1, max: 1 },
    });
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    const [w] = (await workers(ep)).workers;
    expect(w).toMatchObject({
      status: "IDLE",
      dataCenterId: "EUR-IS-1",
      gpuCount: 1,
      isStale: false,
    });
    expect(w!.gpuTypeId).toEqual(expect.any(String));
  });

  it("workers.max lowered below the running count: idle workers above it stop", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 3, max: 3 },
    });
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    expect((await workers(ep)).workers).toHaveLength(3);
    const res = await tp.request(`/v2/serverless/${ep}`, {
      method: "PATCH",
      json: { workers: { min: 1, max: 1 } },
    });
    expect(res.status).toBe(200);
    await settle(tp);
    expect((await workers(ep)).workers).toHaveLength(1);
  });

  it("deleting an endpoint cancels its jobs and stops its workers", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 1, max: 1 },
    });
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    const id = await run(tp, ep, { mock_delay: 100 });
    await settle(tp);
    expect((await tp.request(`/v2/serverless/${ep}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    await settle(tp);
    const rows = await tp.running.services.store.db
      .selectFrom("workers")
      .selectAll()
      .where("endpoint_id", "=", ep)
      .execute();
    expect(rows).toEqual([]);
    const job = await tp.running.services.store.db
      .selectFrom("jobs")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(job?.status).toBe("CANCELLED");
  });
  it("worker time is charged to the account by pool price (serverless usage)", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 1, max: 1 },
    });
    await settle(tp);
    await advance(tp, 3_600_000);
    expect((await tp.request(`/v2/serverless/${ep}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    await settle(tp);
    const rows = await tp.running.services.store.db
      .selectFrom("usage_records")
      .selectAll()
      .where("resource_id", "=", ep)
      .where("product", "=", "serverless")
      .execute();
    const total = rows.reduce((sum, r) => sum + Number(r.total), 0);
    // ADA_24: 0.00031 USD per GPU-second in the catalogue, 1.12 per hour to the cent.
    expect(total).toBeCloseTo(1.12, 2);
  });

  it("concurrent billing accruals (beside metrics reads, while the clock moves) charge each worker-second exactly once, for every worker of the endpoint", async () => {
    const ep = await createEndpoint(tp, {
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 3, max: 3 },
    });
    await settle(tp);
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    const read = () =>
      Promise.all([
        tp.request("/v2/billing/endpoints"),
        tp.request(`/_platform/endpoints/${ep}/metrics?window=1h`),
        tp.request(`/_platform/endpoints/${ep}/metrics?window=15m`),
      ]);
    // Everything up to now charged: the rows after it cover exactly the time measured here.
    for (const res of await read()) expect(res.status).toBe(200);
    const started = tp.clock.now();
    for (let i = 0; i < 6; i++) {
      const reads = read();
      const moved = advance(tp, 600_000);
      for (const res of await reads) expect(res.status).toBe(200);
      await moved;
    }
    await Promise.all([read(), read()]);
    const ended = tp.clock.now();
    expect((await tp.request(`/v2/serverless/${ep}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    await settle(tp);
    const rows = await tp.running.services.store.db
      .selectFrom("usage_records")
      .selectAll()
      .where("resource_id", "=", ep)
      .where("product", "=", "serverless")
      .where("at", ">", started)
      .execute();
    const total = rows.reduce((sum, r) => sum + Number(r.total), 0);
    // Three ADA_24 workers at 1.12 USD per hour each, for exactly the time between.
    expect(total).toBeCloseTo(((3 * 1.12) / 3600) * ((ended - started) / 1000), 6);
  });

  it("an endpoint's metrics read shows that endpoint's worker time up to the read in its last bucket without charging it; billing then charges exactly that, once", async () => {
    const workers = { min: 1, max: 1 };
    const read = await createEndpoint(tp, { flashboot: "PRIORITY_FLASHBOOT", workers });
    const other = await createEndpoint(tp, { flashboot: "PRIORITY_FLASHBOOT", workers });
    await settle(tp);
    await advance(tp, COLD.PRIORITY_FLASHBOOT);
    // Everything up to now charged; nothing else charges worker time while the clock moves.
    expect((await tp.request("/v2/billing/endpoints")).status).toBe(200);
    const started = tp.clock.now();
    await advance(tp, 600_000);
    const lastSpend = async () => {
      const res = await tp.request(`/_platform/endpoints/${read}/metrics?window=15m`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { buckets: { spend: number }[] };
      return body.buckets.at(-1)!.spend;
    };
    const charged = async (endpointId: string) =>
      (
        await tp.running.services.store.db
          .selectFrom("usage_records")
          .selectAll()
          .where("resource_id", "=", endpointId)
          .where("product", "=", "serverless")
          .where("at", ">", started)
          .execute()
      ).reduce((sum, r) => sum + Number(r.total), 0);
    // One ADA_24 worker at 1.12 USD per hour, for the 600 s the clock moved.
    const expected = (1.12 / 3600) * ((tp.clock.now() - started) / 1000);
    expect(await lastSpend()).toBeCloseTo(expected, 6);
    // The read charged nothing (neither endpoint); a second read shows the same.
    expect(await charged(read)).toBe(0);
    expect(await charged(other)).toBe(0);
    expect(await lastSpend()).toBeCloseTo(expected, 6);
    // Billing's accrual charges what the read showed, in the same bucket; not counted twice.
    expect((await tp.request("/v2/billing/endpoints")).status).toBe(200);
    expect(await charged(read)).toBeCloseTo(expected, 6);
    expect(await lastSpend()).toBeCloseTo(expected, 6);
  });
});
