"use client";

import { useQuery } from "@tanstack/react-query";
import type {
  ListBillingResponse,
  ListEndpointBillingResponse,
  ListNetworkVolumeBillingResponse,
  ListPodBillingResponse,
  ListServerlessBillingResponse,
} from "@/lib/schemas/billing";
import { fetchJson } from "./fetch-json";
import { billingKeys } from "./keys";

/** What `/api/billing` answers: the last 30 days by day. `balance` is null off the local platform. */
export interface BillingOverview {
  balance: number | null;
  spend: ListBillingResponse;
  pods: ListPodBillingResponse;
  serverless: ListServerlessBillingResponse;
  endpoints: ListEndpointBillingResponse;
  networkVolumes: ListNetworkVolumeBillingResponse;
  /** Resource id → name, for resources still listed. */
  names: Record<string, string>;
}

export function useBillingOverview() {
  return useQuery({
    queryKey: billingKeys.list({ bucketSize: "day", lastN: 30 }),
    queryFn: ({ signal }) => fetchJson<BillingOverview>("/api/billing", { signal }),
    refetchInterval: 30_000,
  });
}
