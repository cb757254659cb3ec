import { z } from "zod";
import { BILLING_BUCKET_SIZES } from "./billing-buckets";
import { IsoDateTime, queryInt, type RuleViolation } from "./common";

// Billing: `/v2/billing` (aggregate) and per product `/pods`, `/serverless`, `/endpoints` (hosted
// model spend), `/network-volumes`, `/clusters`. Reference shapes; amounts are USD.

export const BillingBucketSize = z.enum(BILLING_BUCKET_SIZES).meta({ id: "BillingBucketSize" });
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

export const EndpointBillingQueryParams = BillingQueryParams;
export type EndpointBillingQueryParams = BillingQueryParams;

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

// ---- Records, metadata (the resolved, snapped query; the record count; totals), responses ----

const amount = z.number();
const count = z.number().int().min(0);

const timeRange = { startTime: IsoDateTime, endTime: IsoDateTime };
const resolvedQuery = { ...timeRange, bucketSize: BillingBucketSize };

export const BillingTimeRange = z.object(timeRange).meta({ id: "BillingTimeRange" });
export type BillingTimeRange = z.infer<typeof BillingTimeRange>;

export const BillingAmounts = z
  .object({
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
  })
  .meta({ id: "BillingAmounts" });
export type BillingAmounts = z.infer<typeof BillingAmounts>;
export const BillingRecord = z
  .object({ ...timeRange, ...BillingAmounts.shape })
  .meta({ id: "BillingRecord" });
export type BillingRecord = z.infer<typeof BillingRecord>;
export const BillingQuery = z.object(resolvedQuery).meta({ id: "BillingQuery" });
export type BillingQuery = z.infer<typeof BillingQuery>;
export const BillingMetadata = z
  .object({ query: BillingQuery, recordCount: count, totals: BillingAmounts })
  .meta({ id: "BillingMetadata" });
export type BillingMetadata = z.infer<typeof BillingMetadata>;
export const ListBillingResponse = z
  .object({ records: z.array(BillingRecord), metadata: BillingMetadata })
  .meta({ id: "ListBillingResponse" });
export type ListBillingResponse = z.infer<typeof ListBillingResponse>;

/** `/endpoints` (hosted model spend): one total per bucket, no resource dimension. */
export const EndpointBillingAmounts = z
  .object({ totalAmount: amount })
  .meta({ id: "EndpointBillingAmounts" });
export type EndpointBillingAmounts = z.infer<typeof EndpointBillingAmounts>;
export const EndpointBillingRecord = z
  .object({ ...timeRange, ...EndpointBillingAmounts.shape })
  .meta({ id: "EndpointBillingRecord" });
export type EndpointBillingRecord = z.infer<typeof EndpointBillingRecord>;
export const EndpointBillingMetadata = z
  .object({ query: BillingQuery, recordCount: count, totals: EndpointBillingAmounts })
  .meta({ id: "EndpointBillingMetadata" });
export type EndpointBillingMetadata = z.infer<typeof EndpointBillingMetadata>;
export const ListEndpointBillingResponse = z
  .object({ records: z.array(EndpointBillingRecord), metadata: EndpointBillingMetadata })
  .meta({ id: "ListEndpointBillingResponse" });
export type ListEndpointBillingResponse = z.infer<typeof ListEndpointBillingResponse>;

/**
 * The schemas of one per-resource route (`/pods`, `/serverless`, `/network-volumes`, `/clusters`),
 * which differ only in the resource's name, its id field, its count field and its amounts. Without
 * a resource filter there is one record per resource per bucket.
 */
function perResourceBilling<
  N extends string,
  K extends string,
  C extends string,
  A extends z.ZodRawShape,
>(name: N, idKey: K, countKey: C, amounts: A) {
  const field = <F extends string, T>(key: F, value: T) => ({ [key]: value }) as { [P in F]: T };
  const Amounts = z.object(amounts).meta({ id: `${name}BillingAmounts` });
  const Query = z
    .object({ ...resolvedQuery, ...field(idKey, z.string().nullable().optional()) })
    .meta({ id: `${name}BillingQuery` });
  const Metadata = z
    .object({
      query: Query,
      recordCount: count,
      ...field(countKey, count),
      totals: Amounts,
    })
    .meta({ id: `${name}BillingMetadata` });
  const Record = z
    .object({ ...timeRange, ...amounts, ...field(idKey, z.string()) })
    .meta({ id: `${name}BillingRecord` });
  return {
    QueryParams: z.object({ ...billingWindowQuery, ...field(idKey, z.string().min(1).optional()) }),
    Amounts,
    Record,
    Query,
    Metadata,
    Response: z
      .object({ records: z.array(Record), metadata: Metadata })
      .meta({ id: `List${name}BillingResponse` }),
  };
}

const podAmounts = {
  totalAmount: amount,
  gpuAmount: amount,
  cpuAmount: amount,
  diskAmount: amount,
};
const pod = perResourceBilling("Pod", "podId", "uniquePodCount", podAmounts);
const serverless = perResourceBilling("Serverless", "serverlessId", "uniqueServerlessCount", {
  ...podAmounts,
  feeAmount: amount,
});
const networkVolume = perResourceBilling(
  "NetworkVolume",
  "networkVolumeId",
  "uniqueNetworkVolumeCount",
  { totalAmount: amount, standardAmount: amount, highPerformanceAmount: amount },
);
const cluster = perResourceBilling("Cluster", "clusterId", "uniqueClusterCount", {
  totalAmount: amount,
  gpuAmount: amount,
  diskAmount: amount,
  networkingAmount: amount,
});

export const PodBillingQueryParams = pod.QueryParams;
export type PodBillingQueryParams = z.infer<typeof PodBillingQueryParams>;
export const PodBillingAmounts = pod.Amounts;
export type PodBillingAmounts = z.infer<typeof PodBillingAmounts>;
export const PodBillingRecord = pod.Record;
export type PodBillingRecord = z.infer<typeof PodBillingRecord>;
export const PodBillingQuery = pod.Query;
export type PodBillingQuery = z.infer<typeof PodBillingQuery>;
export const PodBillingMetadata = pod.Metadata;
export type PodBillingMetadata = z.infer<typeof PodBillingMetadata>;
export const ListPodBillingResponse = pod.Response;
export type ListPodBillingResponse = z.infer<typeof ListPodBillingResponse>;

export const ServerlessBillingQueryParams = serverless.QueryParams;
export type ServerlessBillingQueryParams = z.infer<typeof ServerlessBillingQueryParams>;
export const ServerlessBillingAmounts = serverless.Amounts;
export type ServerlessBillingAmounts = z.infer<typeof ServerlessBillingAmounts>;
export const ServerlessBillingRecord = serverless.Record;
export type ServerlessBillingRecord = z.infer<typeof ServerlessBillingRecord>;
export const ServerlessBillingQuery = serverless.Query;
export type ServerlessBillingQuery = z.infer<typeof ServerlessBillingQuery>;
export const ServerlessBillingMetadata = serverless.Metadata;
export type ServerlessBillingMetadata = z.infer<typeof ServerlessBillingMetadata>;
export const ListServerlessBillingResponse = serverless.Response;
export type ListServerlessBillingResponse = z.infer<typeof ListServerlessBillingResponse>;

export const NetworkVolumeBillingQueryParams = networkVolume.QueryParams;
export type NetworkVolumeBillingQueryParams = z.infer<typeof NetworkVolumeBillingQueryParams>;
export const NetworkVolumeBillingAmounts = networkVolume.Amounts;
export type NetworkVolumeBillingAmounts = z.infer<typeof NetworkVolumeBillingAmounts>;
export const NetworkVolumeBillingRecord = networkVolume.Record;
export type NetworkVolumeBillingRecord = z.infer<typeof NetworkVolumeBillingRecord>;
export const NetworkVolumeBillingQuery = networkVolume.Query;
export type NetworkVolumeBillingQuery = z.infer<typeof NetworkVolumeBillingQuery>;
export const NetworkVolumeBillingMetadata = networkVolume.Metadata;
export type NetworkVolumeBillingMetadata = z.infer<typeof NetworkVolumeBillingMetadata>;
export const ListNetworkVolumeBillingResponse = networkVolume.Response;
export type ListNetworkVolumeBillingResponse = z.infer<typeof ListNetworkVolumeBillingResponse>;

export const ClusterBillingQueryParams = cluster.QueryParams;
export type ClusterBillingQueryParams = z.infer<typeof ClusterBillingQueryParams>;
export const ClusterBillingAmounts = cluster.Amounts;
export type ClusterBillingAmounts = z.infer<typeof ClusterBillingAmounts>;
export const ClusterBillingRecord = cluster.Record;
export type ClusterBillingRecord = z.infer<typeof ClusterBillingRecord>;
export const ClusterBillingQuery = cluster.Query;
export type ClusterBillingQuery = z.infer<typeof ClusterBillingQuery>;
export const ClusterBillingMetadata = cluster.Metadata;
export type ClusterBillingMetadata = z.infer<typeof ClusterBillingMetadata>;
export const ListClusterBillingResponse = cluster.Response;
export type ListClusterBillingResponse = z.infer<typeof ListClusterBillingResponse>;
