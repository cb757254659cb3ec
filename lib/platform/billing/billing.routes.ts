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
  type UsageSums,
} from "./billing.service";
import type { UsageProduct } from "./usage-recorder";

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

/** What differs between the billing routes; the window, access and accrual are shared. */
interface BillingRoute<Q extends WindowQuery> {
  path: string;
  summary: string;
  query: z.ZodType<Q>;
  response: z.ZodType;
  body: (accountId: string, window: BillingWindow, query: Q) => Promise<unknown>;
}

/** A per-resource route (`/pods`, `/serverless`, …): records and metadata name the resource `idKey`. */
interface PerResourceRoute<K extends string> {
  path: string;
  summary: string;
  query: z.ZodType<WindowQuery & { [P in K]?: string }>;
  response: z.ZodType;
  product: UsageProduct;
  idKey: K;
  countKey: string;
  toAmounts: (s: UsageSums) => object;
}

/** `/v2/billing*`: computed from the usage rows after bringing every meter of the account up to date. */
export function registerBillingRoutes(services: PlatformServices) {
  const { routes, clock, store, usage } = services;

  function addBillingRoute<Q extends WindowQuery>(spec: BillingRoute<Q>) {
    routes.add({
      method: "get",
      path: spec.path,
      summary: spec.summary,
      tags: ["Billing"],
      access: { family: "billing", need: "read" },
      query: spec.query as z.ZodType<WindowQuery>,
      responses: { 200: spec.response },
      errors: [400, 422],
      handler: async ({ auth, query }) => {
        const now = clock.now();
        const window = resolveWindow(query, now);
        await usage.accrueAll(now, auth.account.id);
        return { status: 200, body: await spec.body(auth.account.id, window, query as Q) };
      },
    });
  }

  function addPerResourceRoute<K extends string>(spec: PerResourceRoute<K>) {
    addBillingRoute({
      ...spec,
      body: async (accountId, window, query) => {
        const id = query[spec.idKey];
        const grouped = await groupedUsage(store.db, accountId, window, [spec.product], id);
        const r = perResourceRecords(window, grouped, spec.toAmounts, id);
        return {
          records: r.records.map(({ resourceId, ...rest }) => ({
            ...rest,
            [spec.idKey]: resourceId,
          })),
          metadata: {
            query: { ...echo(window), [spec.idKey]: id ?? null },
            recordCount: r.records.length,
            [spec.countKey]: r.resources,
            totals: r.totals,
          },
        };
      },
    });
  }

  addBillingRoute({
    path: "/v2/billing",
    summary: "Total spend per time bucket across all products",
    query: BillingQueryParams,
    response: ListBillingResponse,
    body: async (accountId, window) => {
      const grouped = await groupedUsage(store.db, accountId, window, [
        "pod",
        "serverless",
        "storage",
        "endpoint",
        "cluster",
      ]);
      const { records, totals } = aggregateRecords(window, grouped);
      return { records, metadata: { query: echo(window), recordCount: records.length, totals } };
    },
  });

  addPerResourceRoute({
    path: "/v2/billing/pods",
    summary: "Pod spend per pod and time bucket",
    query: PodBillingQueryParams,
    response: ListPodBillingResponse,
    product: "pod",
    idKey: "podId",
    countKey: "uniquePodCount",
    toAmounts: toPodAmounts,
  });

  addPerResourceRoute({
    path: "/v2/billing/serverless",
    summary: "Serverless spend per endpoint and time bucket",
    query: ServerlessBillingQueryParams,
    response: ListServerlessBillingResponse,
    product: "serverless",
    idKey: "serverlessId",
    countKey: "uniqueServerlessCount",
    toAmounts: toServerlessAmounts,
  });

  addBillingRoute({
    path: "/v2/billing/endpoints",
    summary: "Hosted model (public endpoint) spend per time bucket",
    query: EndpointBillingQueryParams,
    response: ListEndpointBillingResponse,
    body: async (accountId, window) => {
      const grouped = await groupedUsage(store.db, accountId, window, ["endpoint"]);
      const { records, totals } = aggregateRecords(window, grouped);
      return {
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
      };
    },
  });

  addPerResourceRoute({
    path: "/v2/billing/network-volumes",
    summary: "Network volume storage spend per volume and time bucket",
    query: NetworkVolumeBillingQueryParams,
    response: ListNetworkVolumeBillingResponse,
    product: "storage",
    idKey: "networkVolumeId",
    countKey: "uniqueNetworkVolumeCount",
    toAmounts: toVolumeAmounts,
  });

  addPerResourceRoute({
    path: "/v2/billing/clusters",
    summary: "Cluster spend per cluster and time bucket",
    query: ClusterBillingQueryParams,
    response: ListClusterBillingResponse,
    product: "cluster",
    idKey: "clusterId",
    countKey: "uniqueClusterCount",
    toAmounts: toClusterAmounts,
  });

  routes.add({
    method: "get",
    path: "/_platform/events",
    summary:
      "What the platform did to the account on its own (balance depleted, pods stopped…), newest first",
    tags: ["Local platform"],
    access: { control: "account" },
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
