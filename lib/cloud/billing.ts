import {
  ListBillingResponse,
  ListEndpointBillingResponse,
  ListNetworkVolumeBillingResponse,
  ListPodBillingResponse,
  ListServerlessBillingResponse,
  type BillingQueryParams,
} from "@/lib/schemas/billing";
import type { Cloud } from "./client";

/** The window every billing read takes: the last N buckets, or a start and end, of one bucket size. */
export type BillingWindow = Pick<
  BillingQueryParams,
  "bucketSize" | "lastN" | "startTime" | "endTime"
>;

const query = (w: BillingWindow) => ({
  bucketSize: w.bucketSize,
  lastN: w.lastN,
  startTime: w.startTime,
  endTime: w.endTime,
});

/** `GET /v2/billing`: spend of the whole account per bucket, split by product. */
export function getBilling(cloud: Cloud, window: BillingWindow) {
  return cloud.request({ path: "/billing", query: query(window), schema: ListBillingResponse });
}

/** `GET /v2/billing/pods`: one record per pod per bucket. */
export function getPodBilling(cloud: Cloud, window: BillingWindow) {
  return cloud.request({
    path: "/billing/pods",
    query: query(window),
    schema: ListPodBillingResponse,
  });
}

/**
 * `GET /v2/billing/serverless`: one record per serverless endpoint per bucket, or only the
 * endpoint `serverlessId` names.
 */
export function getServerlessBilling(
  cloud: Cloud,
  window: BillingWindow,
  filter: { serverlessId?: string } = {},
) {
  return cloud.request({
    path: "/billing/serverless",
    query: { ...query(window), serverlessId: filter.serverlessId },
    schema: ListServerlessBillingResponse,
  });
}

/** `GET /v2/billing/endpoints`: hosted-model spend per bucket (no per-model dimension). */
export function getEndpointBilling(cloud: Cloud, window: BillingWindow) {
  return cloud.request({
    path: "/billing/endpoints",
    query: query(window),
    schema: ListEndpointBillingResponse,
  });
}

/** `GET /v2/billing/network-volumes`: one record per volume per bucket. */
export function getNetworkVolumeBilling(cloud: Cloud, window: BillingWindow) {
  return cloud.request({
    path: "/billing/network-volumes",
    query: query(window),
    schema: ListNetworkVolumeBillingResponse,
  });
}
