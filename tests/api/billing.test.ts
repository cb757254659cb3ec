import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import type {
  ListBillingResponse,
  ListClusterBillingResponse,
  ListEndpointBillingResponse,
  ListPodBillingResponse,
  ListServerlessBillingResponse,
} from "@/lib/schemas/billing";
import { describeEachBackend } from "./support/backends";
import { balance, body, createPod } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachBackend("Billing (/v2/billing*) computed from usage rows", (backend) => {
  let p: TestPlatform;
  // Wednesday 2026-06-03 00:00 UTC: week buckets start on Monday 2026-06-01.
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 3, 0) });
  beforeAll(async () => {
    p = await startTestPlatform({ backend, clock });
  });
  afterAll(async () => p?.close());

  const get = async <T>(path: string, key?: string) =>
    body<T>(await p.request(path, { auth: key }), 200);
  const record = (
    accountId: string,
    product: "pod" | "serverless" | "storage" | "endpoint" | "cluster",
    resourceId: string,
    amounts: Record<string, number>,
    at: number,
  ) =>
    p.running.services.usage.record({
      accountId,
      product,
      resourceId,
      amounts: amounts as { total: number },
      at,
    });

  /** A fresh account (its own key), so each test reads only its own usage. */
  async function account(balanceUsd = 100): Promise<{ id: string; key: string }> {
    const res = await body<{ account: { id: string }; key: { key: string } }>(
      await p.request("/_platform/accounts", {
        method: "POST",
        json: { name: "billing", balance: balanceUsd },
      }),
      201,
    );
    return { id: res.account.id, key: res.key.key };
  }

  it("GET /v2/billing answers one record per bucket with every amount, the resolved query and totals", async () => {
    const a = await account();
    const now = clock.now();
    await record(a.id, "pod", "pod1", { gpu: 1, cpu: 0.5, disk: 0.25, total: 1.75 }, now - 2 * DAY);
    await record(a.id, "serverless", "ep1", { gpu: 2, fee: 0.1, total: 2.1 }, now - DAY);
    await record(
      a.id,
      "storage",
      "vol1",
      { standard: 0.3, highPerformance: 0.2, total: 0.5 },
      now - DAY,
    );
    await record(a.id, "endpoint", "black-forest-labs-flux-1-dev", { total: 0.02 }, now);
    await record(a.id, "cluster", "c1", { gpu: 3, disk: 0.1, networking: 0.05, total: 3.15 }, now);
    const r = await get<ListBillingResponse>("/v2/billing?bucketSize=day&lastN=3", a.key);
    expect(r.metadata.query).toEqual({
      startTime: "2026-06-01T00:00:00.000Z",
      endTime: "2026-06-04T00:00:00.000Z",
      bucketSize: "day",
    });
    expect(r.metadata.recordCount).toBe(3);
    expect(r.records.map((x) => x.startTime)).toEqual([
      "2026-06-01T00:00:00.000Z",
      "2026-06-02T00:00:00.000Z",
      "2026-06-03T00:00:00.000Z",
    ]);
    expect(r.records[0]).toMatchObject({
      totalAmount: 1.75,
      podGpuAmount: 1,
      podCpuAmount: 0.5,
      podDiskAmount: 0.25,
    });
    expect(r.records[1]).toMatchObject({
      totalAmount: 2.6,
      serverlessGpuAmount: 2,
      serverlessFeeAmount: 0.1,
      storageStandardAmount: 0.3,
      storageHighPerformanceAmount: 0.2,
    });
    expect(r.records[2]).toMatchObject({
      totalAmount: 3.17,
      endpointAmount: 0.02,
      clusterGpuAmount: 3,
      clusterDiskAmount: 0.1,
      clusterNetworkingAmount: 0.05,
    });
    expect(r.metadata.totals.totalAmount).toBeCloseTo(7.52, 9);
    expect(await balance(p, a.key)).toBeCloseTo(100 - 7.52, 9);
  });

  it("per-product routes: one record per resource per bucket, filters, unique counts and totals", async () => {
    const a = await account();
    const now = clock.now();
    await record(a.id, "pod", "podA", { gpu: 1, total: 1 }, now - DAY);
    await record(a.id, "pod", "podB", { cpu: 2, total: 2 }, now);
    const pods = await get<ListPodBillingResponse>("/v2/billing/pods?lastN=2", a.key);
    expect(pods.metadata).toMatchObject({
      recordCount: 4,
      uniquePodCount: 2,
      totals: { totalAmount: 3, gpuAmount: 1, cpuAmount: 2, diskAmount: 0 },
    });
    expect(
      pods.records.map((x) => `${x.startTime.slice(0, 10)} ${x.podId} ${x.totalAmount}`),
    ).toEqual(["2026-06-02 podA 1", "2026-06-02 podB 0", "2026-06-03 podA 0", "2026-06-03 podB 2"]);
    const one = await get<ListPodBillingResponse>("/v2/billing/pods?lastN=2&podId=podB", a.key);
    expect(one.metadata).toMatchObject({
      recordCount: 2,
      uniquePodCount: 1,
      query: { podId: "podB" },
    });
    await record(
      a.id,
      "serverless",
      "ep9",
      { gpu: 1, cpu: 0, disk: 0.5, fee: 0.25, total: 1.75 },
      now,
    );
    const sls = await get<ListServerlessBillingResponse>(
      "/v2/billing/serverless?lastN=1&serverlessId=ep9",
      a.key,
    );
    expect(sls.records).toEqual([
      {
        startTime: "2026-06-03T00:00:00.000Z",
        endTime: "2026-06-04T00:00:00.000Z",
        serverlessId: "ep9",
        totalAmount: 1.75,
        gpuAmount: 1,
        cpuAmount: 0,
        diskAmount: 0.5,
        feeAmount: 0.25,
      },
    ]);
    await record(a.id, "endpoint", "flux", { total: 0.5 }, now);
    const eps = await get<ListEndpointBillingResponse>("/v2/billing/endpoints?lastN=1", a.key);
    expect(eps.records).toEqual([
      {
        startTime: "2026-06-03T00:00:00.000Z",
        endTime: "2026-06-04T00:00:00.000Z",
        totalAmount: 0.5,
      },
    ]);
    expect(eps.metadata.totals).toEqual({ totalAmount: 0.5 });
    await record(a.id, "cluster", "cl1", { gpu: 4, networking: 1, total: 5 }, now);
    const cl = await get<ListClusterBillingResponse>("/v2/billing/clusters?lastN=1", a.key);
    expect(cl.records[0]).toMatchObject({
      clusterId: "cl1",
      gpuAmount: 4,
      networkingAmount: 1,
      diskAmount: 0,
      totalAmount: 5,
    });
    expect(cl.metadata.uniqueClusterCount).toBe(1);
  });

  it("startTime snaps down and endTime (exclusive) snaps up to bucket boundaries; weeks start on Monday", async () => {
    const a = await account();
    const r = await get<ListBillingResponse>(
      "/v2/billing?startTime=2026-05-13T10:30:00Z&endTime=2026-06-02T01:00:00Z&bucketSize=week",
      a.key,
    );
    expect(r.metadata.query).toEqual({
      startTime: "2026-05-11T00:00:00.000Z",
      endTime: "2026-06-08T00:00:00.000Z",
      bucketSize: "week",
    });
    expect(r.records).toHaveLength(4);
    const m = await get<ListBillingResponse>(
      "/v2/billing?startTime=2026-01-15T00:00:00Z&endTime=2026-03-01T00:00:00Z&bucketSize=month",
      a.key,
    );
    expect(m.records.map((x) => x.startTime.slice(0, 7))).toEqual(["2026-01", "2026-02"]);
    const d = await get<ListBillingResponse>("/v2/billing", a.key);
    expect(d.metadata.query.bucketSize).toBe("day");
    expect(d.metadata.query.startTime).toBe("2026-05-04T00:00:00.000Z"); // now − 30 days, snapped
    expect(d.metadata.query.endTime).toBe("2026-06-03T00:00:00.000Z"); // now, already a boundary
  });

  it("a running pod accrues per interval into the hour buckets it ran in", async () => {
    const a = await account();
    const start = clock.now();
    const pod = await createPod(p, { gpu: { id: "NVIDIA GeForce RTX 4090", count: 2 } }, a.key);
    clock.advance(2 * HOUR);
    expect(
      (
        await p.request(`/v2/pods/${pod.id}/action`, {
          method: "POST",
          json: { action: "stop" },
          auth: a.key,
        })
      ).status,
    ).toBe(200);
    clock.advance(HOUR);
    const r = await get<ListPodBillingResponse>(
      `/v2/billing/pods?bucketSize=hour&startTime=${new Date(start).toISOString()}&podId=${pod.id}`,
      a.key,
    );
    expect(r.records.map((x) => x.gpuAmount)).toEqual([0.88, 0.88, 0]);
    // 20 GB container disk at 0.10 USD per GB-month while it ran; nothing when stopped (no persistent volume).
    expect(r.metadata.totals.diskAmount).toBeCloseTo((20 * 0.1 * 2) / 730, 9);
  });

  it("usage reaching zero emits account.balance-depleted and records an account event", async () => {
    const a = await account(1);
    const seen: string[] = [];
    const off = p.running.services.events.on("account.balance-depleted", ({ accountId }) => {
      seen.push(accountId);
    });
    try {
      const first = await record(a.id, "serverless", "ep", { gpu: 0.6, total: 0.6 }, clock.now());
      expect(first).toEqual({ balance: expect.closeTo(0.4, 9), depleted: false });
      const second = await record(a.id, "serverless", "ep", { gpu: 0.6, total: 0.6 }, clock.now());
      expect(second.depleted).toBe(true);
      expect(seen).toEqual([a.id]);
      const third = await record(a.id, "serverless", "ep", { gpu: 0.6, total: 0.6 }, clock.now());
      expect(third.depleted).toBe(false); // only the crossing is an event
    } finally {
      off();
    }
    const events = await get<{ events: { type: string; detail: string }[] }>(
      "/_platform/events",
      a.key,
    );
    expect(events.events.map((e) => e.type)).toEqual(["account.balance-depleted"]);
  });

  it.each([
    [
      "lastN with startTime",
      "?lastN=2&startTime=2026-06-01T00:00:00Z",
      400,
      "lastN: cannot be combined with startTime or endTime",
    ],
    [
      "endTime before startTime",
      "?startTime=2026-06-02T00:00:00Z&endTime=2026-06-01T00:00:00Z",
      400,
      "endTime: must be after startTime",
    ],
    ["too many buckets", "?bucketSize=hour&startTime=2020-01-01T00:00:00Z", 400, "bucketSize"],
    [
      "an unknown bucket size",
      "?bucketSize=minute",
      422,
      "bucketSize: choose one of hour, day, week, month or year",
    ],
    ["lastN 0", "?lastN=0", 422, "lastN: must be at least 1"],
    ["a malformed time", "?startTime=yesterday", 422, "startTime: "],
  ])("a query with %s answers %i naming the parameter", async (_what, q, status, text) => {
    const problem = await problemOf(await p.request(`/v2/billing${q}`), status);
    expect([problem.detail, ...(problem.errors ?? [])].join("\n")).toContain(text);
  });

  it("billing needs billing read access", async () => {
    const key = await body<{ key: string }>(
      await p.request("/_platform/keys", {
        method: "POST",
        json: {
          name: "no-billing",
          permission: { type: "restricted", families: { pods: "write" } },
        },
      }),
      201,
    );
    await problemOf(await p.request("/v2/billing", { auth: key.key }), 403);
  });
});
