import { z } from "zod";
import {
  BillingQueryParams,
  ClusterBillingQueryParams,
  EndpointBillingQueryParams,
  ListBillingResponse,
  ListClusterBillingResponse,
  ListEndpointBillingResponse,
  ListNetworkVolumeBillingResponse,
  ListPodBillingResponse,
  ListServerlessBillingResponse,
  NetworkVolumeBillingQueryParams,
  PodBillingQueryParams,
  ServerlessBillingQueryParams,
} from "@/lib/schemas/billing";
import type { PlatformServices } from "../platform";
import { listAccountEvents } from "./account-events";
import { resolveWindow, type BillingWindow, type BucketSize } from "./billing-window";
import {
  aggregateRecords,
  groupedUsage,
  perResourceRecords,
  toClusterAmounts,
  toPodAmounts,
  toServerlessAmounts,
  toVolumeAmounts,
} from "./billing.service";

const TAGS = ["Billing"];
const ACCESS = { family: "billing", need: "read" } as const;
const ERRORS = [400, 422];

const iso = (ms: number) => new Date(ms).toISOString();
const echo = (w: BillingWindow) => ({
  startTime: iso(w.start),
  endTime: iso(w.end),
  bucketSize: w.bucketSize,
});

interface WindowQuery {
  startTime?: string;
  endTime?: string;
  bucketSize: BucketSize;
  lastN?: number;
}

/** `/v2/billing*`: computed from the usage rows after bringing every meter of the account up to date. */
export function registerBillingRoutes(services: PlatformServices) {
  const { routes, clock, store, usage } = services;

  async function prepare(accountId: string, query: WindowQuery): Promise<BillingWindow> {
    const now = clock.now();
    const window = resolveWindow(query, now);
    await usage.accrueAll(now, accountId);
    return window;
  }

  routes.add({
    method: "get",
    path: "/v2/billing",
    summary: "Total spend per time bucket across all products",
    tags: TAGS,
    access: ACCESS,
    query: BillingQueryParams,
    responses: { 200: ListBillingResponse },
    errors: ERRORS,
    handler: async ({ auth, query }) => {
      const window = await prepare(auth.account.id, query);
      const grouped = await groupedUsage(store.db, auth.account.id, window, [
        "pod",
        "serverless",
        "storage",
        "endpoint",
        "cluster",
      ]);
      const { records, totals } = aggregateRecords(window, grouped);
      return {
        status: 200,
        body: { records, metadata: { query: echo(window), recordCount: records.length, totals } },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/billing/pods",
    summary: "Pod spend per pod and time bucket",
    tags: TAGS,
    access: ACCESS,
    query: PodBillingQueryParams,
    responses: { 200: ListPodBillingResponse },
    errors: ERRORS,
    handler: async ({ auth, query }) => {
      const window = await prepare(auth.account.id, query);
      const grouped = await groupedUsage(store.db, auth.account.id, window, ["pod"], query.podId);
      const r = perResourceRecords(window, grouped, toPodAmounts, query.podId);
      return {
        status: 200,
        body: {
          records: r.records.map(({ resourceId, ...rest }) => ({ ...rest, podId: resourceId })),
          metadata: {
            query: { ...echo(window), podId: query.podId ?? null },
            recordCount: r.records.length,
            uniquePodCount: r.resources,
            totals: r.totals,
          },
        },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/billing/serverless",
    summary: "Serverless spend per endpoint and time bucket",
    tags: TAGS,
    access: ACCESS,
    query: ServerlessBillingQueryParams,
    responses: { 200: ListServerlessBillingResponse },
    errors: ERRORS,
    handler: async ({ auth, query }) => {
      const window = await prepare(auth.account.id, query);
      const grouped = await groupedUsage(
        store.db,
        auth.account.id,
        window,
        ["serverless"],
        query.serverlessId,
      );
      const r = perResourceRecords(window, grouped, toServerlessAmounts, query.serverlessId);
      return {
        status: 200,
        body: {
          records: r.records.map(({ resourceId, ...rest }) => ({
            ...rest,
            serverlessId: resourceId,
          })),
          metadata: {
            query: { ...echo(window), serverlessId: query.serverlessId ?? null },
            recordCount: r.records.length,
            uniqueServerlessCount: r.resources,
            totals: r.totals,
          },
        },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/billing/endpoints",
    summary: "Hosted model (public endpoint) spend per time bucket",
    tags: TAGS,
    access: ACCESS,
    query: EndpointBillingQueryParams,
    responses: { 200: ListEndpointBillingResponse },
    errors: ERRORS,
    handler: async ({ auth, query }) => {
      const window = await prepare(auth.account.id, query);
      const grouped = await groupedUsage(store.db, auth.account.id, window, ["endpoint"]);
      const { records, totals } = aggregateRecords(window, grouped);
      return {
        status: 200,
        body: {
          records: records.map((r) => ({
            startTime: r.startTime,
            endTime: r.endTime,
            totalAmount: r.endpointAmount,
          })),
          metadata: {
            query: echo(window),
            recordCount: records.length,
            totals: { totalAmount: totals.endpointAmount },
          },
        },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/billing/network-volumes",
    summary: "Network volume storage spend per volume and time bucket",
    tags: TAGS,
    access: ACCESS,
    query: NetworkVolumeBillingQueryParams,
    responses: { 200: ListNetworkVolumeBillingResponse },
    errors: ERRORS,
    handler: async ({ auth, query }) => {
      const window = await prepare(auth.account.id, query);
      const grouped = await groupedUsage(
        store.db,
        auth.account.id,
        window,
        ["storage"],
        query.networkVolumeId,
      );
      const r = perResourceRecords(window, grouped, toVolumeAmounts, query.networkVolumeId);
      return {
        status: 200,
        body: {
          records: r.records.map(({ resourceId, ...rest }) => ({
            ...rest,
            networkVolumeId: resourceId,
          })),
          metadata: {
            query: { ...echo(window), networkVolumeId: query.networkVolumeId ?? null },
            recordCount: r.records.length,
            uniqueNetworkVolumeCount: r.resources,
            totals: r.totals,
          },
        },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/billing/clusters",
    summary: "Cluster spend per cluster and time bucket",
    tags: TAGS,
    access: ACCESS,
    query: ClusterBillingQueryParams,
    responses: { 200: ListClusterBillingResponse },
    errors: ERRORS,
    handler: async ({ auth, query }) => {
      const window = await prepare(auth.account.id, query);
      const grouped = await groupedUsage(
        store.db,
        auth.account.id,
        window,
        ["cluster"],
        query.clusterId,
      );
      const r = perResourceRecords(window, grouped, toClusterAmounts, query.clusterId);
      return {
        status: 200,
        body: {
          records: r.records.map(({ resourceId, ...rest }) => ({ ...rest, clusterId: resourceId })),
          metadata: {
            query: { ...echo(window), clusterId: query.clusterId ?? null },
            recordCount: r.records.length,
            uniqueClusterCount: r.resources,
            totals: r.totals,
          },
        },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/_platform/events",
    summary:
      "What the platform did to the account on its own (balance depleted, pods stopped…), newest first",
    tags: ["Local platform"],
    access: { control: true },
    hidden: true,
    responses: { 200: AccountEventsResponse },
    handler: async ({ auth }) => {
      await usage.accrueAll(clock.now(), auth.account.id);
      return { status: 200, body: { events: await listAccountEvents(store.db, auth.account.id) } };
    },
  });
}

const AccountEventsResponse = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      resourceType: z.string().nullable(),
      resourceId: z.string().nullable(),
      detail: z.string(),
      at: z.string(),
    }),
  ),
});
