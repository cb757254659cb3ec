"use client";

import { useQuery } from "@tanstack/react-query";
import type {
  ListBillingResponse,
  ListEndpointBillingResponse,
  ListNetworkVolumeBillingResponse,
  ListPodBillingResponse,
  ListServerlessBillingResponse,
} from "@/lib/schemas/billing";
import { windowToQuery, type BillingWindow } from "./billing-window";
import { fetchJson } from "./fetch-json";
import { billingKeys } from "./keys";

/** What `/api/billing` answers for one window. `balance` is null off the local platform. */
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

export function useBillingOverview(window: BillingWindow) {
  const query = windowToQuery(window);
  return useQuery({
    queryKey: billingKeys.list(query),
    queryFn: ({ signal }) =>
      fetchJson<BillingOverview>(`/api/billing?${new URLSearchParams(query)}`, { signal }),
    refetchInterval: 30_000,
  });
}
