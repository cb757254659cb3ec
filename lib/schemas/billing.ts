import { z } from "zod";
import { IsoDateTime, queryInt, type RuleViolation } from "./common";

// Billing: `/v2/billing` (aggregate) and per product `/pods`, `/serverless`, `/endpoints` (hosted
// model spend), `/network-volumes`, `/clusters`. Reference shapes; amounts are USD.

export const BillingBucketSize = z
  .enum(["hour", "day", "week", "month", "year"])
  .meta({ id: "BillingBucketSize" });
export type BillingBucketSize = z.infer<typeof BillingBucketSize>;

// ---- Query strings ----

/**
 * Window of every billing route. `startTime`/`endTime` default (now − 30 days, now) in the service,
 * not here, because `lastN` excludes both and the service must see which were sent.
 */
const billingWindowQuery = {
  /** Snapped down to the start of its bucket. */
  startTime: IsoDateTime.optional(),
  /** Exclusive; snapped up to the end of its bucket. */
  endTime: IsoDateTime.optional(),
  bucketSize: BillingBucketSize.default("day"),
  /** The last N buckets, ending with the current one. */
  lastN: queryInt(z.number().int().min(1)).optional(),
};

export const BillingQueryParams = z.object(billingWindowQuery);
export type BillingQueryParams = z.infer<typeof BillingQueryParams>;

export const PodBillingQueryParams = z.object({
  ...billingWindowQuery,
  podId: z.string().min(1).optional(),
});
export type PodBillingQueryParams = z.infer<typeof PodBillingQueryParams>;

export const ServerlessBillingQueryParams = z.object({
  ...billingWindowQuery,
  serverlessId: z.string().min(1).optional(),
});
export type ServerlessBillingQueryParams = z.infer<typeof ServerlessBillingQueryParams>;

export const EndpointBillingQueryParams = BillingQueryParams;
export type EndpointBillingQueryParams = BillingQueryParams;

export const NetworkVolumeBillingQueryParams = z.object({
  ...billingWindowQuery,
  networkVolumeId: z.string().min(1).optional(),
});
export type NetworkVolumeBillingQueryParams = z.infer<typeof NetworkVolumeBillingQueryParams>;

export const ClusterBillingQueryParams = z.object({
  ...billingWindowQuery,
  clusterId: z.string().min(1).optional(),
});
export type ClusterBillingQueryParams = z.infer<typeof ClusterBillingQueryParams>;

/** 400 rules of the window: `lastN` excludes `startTime`/`endTime`; the window must not be empty. */
export function billingWindowViolations(
  query: Pick<BillingQueryParams, "startTime" | "endTime" | "lastN">,
): RuleViolation[] {
  if (query.lastN !== undefined && (query.startTime !== undefined || query.endTime !== undefined)) {
    return [{ path: "lastN", message: "cannot be combined with startTime or endTime" }];
  }
  if (
    query.startTime !== undefined &&
    query.endTime !== undefined &&
    Date.parse(query.startTime) >= Date.parse(query.endTime)
  ) {
    return [{ path: "endTime", message: "must be after startTime" }];
  }
  return [];
}

// ---- Records ----

const amount = z.number();

const timeRange = { startTime: IsoDateTime, endTime: IsoDateTime };

export const BillingTimeRange = z.object(timeRange).meta({ id: "BillingTimeRange" });
export type BillingTimeRange = z.infer<typeof BillingTimeRange>;

const billingAmounts = {
  totalAmount: amount,
  podGpuAmount: amount,
  podCpuAmount: amount,
  podDiskAmount: amount,
  serverlessGpuAmount: amount,
  serverlessCpuAmount: amount,
  serverlessDiskAmount: amount,
  serverlessFeeAmount: amount,
  storageStandardAmount: amount,
  storageHighPerformanceAmount: amount,
  endpointAmount: amount,
  clusterGpuAmount: amount,
  clusterDiskAmount: amount,
  clusterNetworkingAmount: amount,
};
const podAmounts = {
  totalAmount: amount,
  gpuAmount: amount,
  cpuAmount: amount,
  diskAmount: amount,
};
const serverlessAmounts = { ...podAmounts, feeAmount: amount };
const endpointAmounts = { totalAmount: amount };
const networkVolumeAmounts = {
  totalAmount: amount,
  standardAmount: amount,
  highPerformanceAmount: amount,
};
const clusterAmounts = {
  totalAmount: amount,
  gpuAmount: amount,
  diskAmount: amount,
  networkingAmount: amount,
};

export const BillingAmounts = z.object(billingAmounts).meta({ id: "BillingAmounts" });
export type BillingAmounts = z.infer<typeof BillingAmounts>;
export const PodBillingAmounts = z.object(podAmounts).meta({ id: "PodBillingAmounts" });
export type PodBillingAmounts = z.infer<typeof PodBillingAmounts>;
export const ServerlessBillingAmounts = z
  .object(serverlessAmounts)
  .meta({ id: "ServerlessBillingAmounts" });
export type ServerlessBillingAmounts = z.infer<typeof ServerlessBillingAmounts>;
export const EndpointBillingAmounts = z
  .object(endpointAmounts)
  .meta({ id: "EndpointBillingAmounts" });
export type EndpointBillingAmounts = z.infer<typeof EndpointBillingAmounts>;
export const NetworkVolumeBillingAmounts = z
  .object(networkVolumeAmounts)
  .meta({ id: "NetworkVolumeBillingAmounts" });
export type NetworkVolumeBillingAmounts = z.infer<typeof NetworkVolumeBillingAmounts>;
export const ClusterBillingAmounts = z.object(clusterAmounts).meta({ id: "ClusterBillingAmounts" });
export type ClusterBillingAmounts = z.infer<typeof ClusterBillingAmounts>;

/** Without a resource filter, one record per resource per bucket. */
export const BillingRecord = z
  .object({ ...timeRange, ...billingAmounts })
  .meta({ id: "BillingRecord" });
export type BillingRecord = z.infer<typeof BillingRecord>;
export const PodBillingRecord = z
  .object({ ...timeRange, ...podAmounts, podId: z.string() })
  .meta({ id: "PodBillingRecord" });
export type PodBillingRecord = z.infer<typeof PodBillingRecord>;
export const ServerlessBillingRecord = z
  .object({ ...timeRange, ...serverlessAmounts, serverlessId: z.string() })
  .meta({ id: "ServerlessBillingRecord" });
export type ServerlessBillingRecord = z.infer<typeof ServerlessBillingRecord>;
export const EndpointBillingRecord = z
  .object({ ...timeRange, ...endpointAmounts })
  .meta({ id: "EndpointBillingRecord" });
export type EndpointBillingRecord = z.infer<typeof EndpointBillingRecord>;
export const NetworkVolumeBillingRecord = z
  .object({ ...timeRange, ...networkVolumeAmounts, networkVolumeId: z.string() })
  .meta({ id: "NetworkVolumeBillingRecord" });
export type NetworkVolumeBillingRecord = z.infer<typeof NetworkVolumeBillingRecord>;
export const ClusterBillingRecord = z
  .object({ ...timeRange, ...clusterAmounts, clusterId: z.string() })
  .meta({ id: "ClusterBillingRecord" });
export type ClusterBillingRecord = z.infer<typeof ClusterBillingRecord>;

// ---- Metadata: the resolved (snapped) query, the record count, totals ----

const resolvedQuery = { ...timeRange, bucketSize: BillingBucketSize };
const count = z.number().int().min(0);

export const BillingQuery = z.object(resolvedQuery).meta({ id: "BillingQuery" });
export type BillingQuery = z.infer<typeof BillingQuery>;
export const PodBillingQuery = z
  .object({ ...resolvedQuery, podId: z.string().nullable().optional() })
  .meta({ id: "PodBillingQuery" });
export type PodBillingQuery = z.infer<typeof PodBillingQuery>;
export const ServerlessBillingQuery = z
  .object({ ...resolvedQuery, serverlessId: z.string().nullable().optional() })
  .meta({ id: "ServerlessBillingQuery" });
export type ServerlessBillingQuery = z.infer<typeof ServerlessBillingQuery>;
export const NetworkVolumeBillingQuery = z
  .object({ ...resolvedQuery, networkVolumeId: z.string().nullable().optional() })
  .meta({ id: "NetworkVolumeBillingQuery" });
export type NetworkVolumeBillingQuery = z.infer<typeof NetworkVolumeBillingQuery>;
export const ClusterBillingQuery = z
  .object({ ...resolvedQuery, clusterId: z.string().nullable().optional() })
  .meta({ id: "ClusterBillingQuery" });
export type ClusterBillingQuery = z.infer<typeof ClusterBillingQuery>;

export const BillingMetadata = z
  .object({ query: BillingQuery, recordCount: count, totals: BillingAmounts })
  .meta({ id: "BillingMetadata" });
export type BillingMetadata = z.infer<typeof BillingMetadata>;
export const PodBillingMetadata = z
  .object({
    query: PodBillingQuery,
    recordCount: count,
    uniquePodCount: count,
    totals: PodBillingAmounts,
  })
  .meta({ id: "PodBillingMetadata" });
export type PodBillingMetadata = z.infer<typeof PodBillingMetadata>;
export const ServerlessBillingMetadata = z
  .object({
    query: ServerlessBillingQuery,
    recordCount: count,
    uniqueServerlessCount: count,
    totals: ServerlessBillingAmounts,
  })
  .meta({ id: "ServerlessBillingMetadata" });
export type ServerlessBillingMetadata = z.infer<typeof ServerlessBillingMetadata>;
export const EndpointBillingMetadata = z
  .object({ query: BillingQuery, recordCount: count, totals: EndpointBillingAmounts })
  .meta({ id: "EndpointBillingMetadata" });
export type EndpointBillingMetadata = z.infer<typeof EndpointBillingMetadata>;
export const NetworkVolumeBillingMetadata = z
  .object({
    query: NetworkVolumeBillingQuery,
    recordCount: count,
    uniqueNetworkVolumeCount: count,
    totals: NetworkVolumeBillingAmounts,
  })
  .meta({ id: "NetworkVolumeBillingMetadata" });
export type NetworkVolumeBillingMetadata = z.infer<typeof NetworkVolumeBillingMetadata>;
export const ClusterBillingMetadata = z
  .object({
    query: ClusterBillingQuery,
    recordCount: count,
    uniqueClusterCount: count,
    totals: ClusterBillingAmounts,
  })
  .meta({ id: "ClusterBillingMetadata" });
export type ClusterBillingMetadata = z.infer<typeof ClusterBillingMetadata>;

// ---- Responses ----

export const ListBillingResponse = z
  .object({ records: z.array(BillingRecord), metadata: BillingMetadata })
  .meta({ id: "ListBillingResponse" });
export type ListBillingResponse = z.infer<typeof ListBillingResponse>;
export const ListPodBillingResponse = z
  .object({ records: z.array(PodBillingRecord), metadata: PodBillingMetadata })
  .meta({ id: "ListPodBillingResponse" });
export type ListPodBillingResponse = z.infer<typeof ListPodBillingResponse>;
export const ListServerlessBillingResponse = z
  .object({ records: z.array(ServerlessBillingRecord), metadata: ServerlessBillingMetadata })
  .meta({ id: "ListServerlessBillingResponse" });
export type ListServerlessBillingResponse = z.infer<typeof ListServerlessBillingResponse>;
export const ListEndpointBillingResponse = z
  .object({ records: z.array(EndpointBillingRecord), metadata: EndpointBillingMetadata })
  .meta({ id: "ListEndpointBillingResponse" });
export type ListEndpointBillingResponse = z.infer<typeof ListEndpointBillingResponse>;
export const ListNetworkVolumeBillingResponse = z
  .object({ records: z.array(NetworkVolumeBillingRecord), metadata: NetworkVolumeBillingMetadata })
  .meta({ id: "ListNetworkVolumeBillingResponse" });
export type ListNetworkVolumeBillingResponse = z.infer<typeof ListNetworkVolumeBillingResponse>;
export const ListClusterBillingResponse = z
  .object({ records: z.array(ClusterBillingRecord), metadata: ClusterBillingMetadata })
  .meta({ id: "ListClusterBillingResponse" });
export type ListClusterBillingResponse = z.infer<typeof ListClusterBillingResponse>;
