"use client";

import { useQuery } from "@tanstack/react-query";
import type {
  DeliveryWithPayload,
  InboxResponse,
  JobDetail,
  ListFaultsResponse,
  ListRequestsQuery,
  ListServedRequestsResponse,
  StateSummary,
} from "@/lib/schemas/devtools";
import type { ClockState } from "@/lib/schemas/jobs";
import { fetchJson } from "./fetch-json";

/** Query keys of the local platform's developer tools; `devtoolsKeys.all` reaches every one. */
export const devtoolsKeys = {
  all: ["devtools"] as const,
  clock: () => ["devtools", "clock"] as const,
  faults: () => ["devtools", "faults"] as const,
  inbox: () => ["devtools", "inbox"] as const,
  requests: (filters: Partial<ListRequestsQuery>) => ["devtools", "requests", filters] as const,
  job: (jobId: string) => ["devtools", "job", jobId] as const,
  state: () => ["devtools", "state"] as const,
  instanceState: () => ["devtools", "instance-state"] as const,
};

/** The clock is the operator's: other keys do not ask (the platform would answer 403). */
export function useClock(enabled = true) {
  return useQuery({
    enabled,
    queryKey: devtoolsKeys.clock(),
    queryFn: ({ signal }) => fetchJson<ClockState>("/api/platform/clock", { signal }),
    refetchInterval: 5_000,
  });
}

export function useFaults() {
  return useQuery({
    queryKey: devtoolsKeys.faults(),
    queryFn: ({ signal }) => fetchJson<ListFaultsResponse>("/api/platform/faults", { signal }),
    select: (data) => data.faults,
    refetchInterval: 3_000,
  });
}

export type InboxView = InboxResponse & { deliveries: DeliveryWithPayload[] };

/** Live: polls every 2 s while the page is open. */
export function useInbox() {
  return useQuery({
    queryKey: devtoolsKeys.inbox(),
    queryFn: ({ signal }) => fetchJson<InboxView>("/api/platform/inbox", { signal }),
    refetchInterval: 2_000,
  });
}

export function useServedRequests(filters: Partial<ListRequestsQuery>, live: boolean) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters))
    if (v !== undefined && v !== "") params.set(k, String(v));
  return useQuery({
    queryKey: devtoolsKeys.requests(filters),
    queryFn: ({ signal }) =>
      fetchJson<ListServedRequestsResponse>(`/api/platform/requests?${params.toString()}`, {
        signal,
      }),
    refetchInterval: live ? 2_000 : false,
    placeholderData: (previous) => previous,
  });
}

/** A job's detail polls until it ends (then its timeline no longer changes, except webhooks). */
export function useJobDetail(jobId: string) {
  return useQuery({
    queryKey: devtoolsKeys.job(jobId),
    queryFn: ({ signal }) =>
      fetchJson<JobDetail>(`/api/platform/jobs/${encodeURIComponent(jobId)}`, { signal }),
    refetchInterval: 2_000,
  });
}

export function useStateSummary() {
  return useQuery({
    queryKey: devtoolsKeys.state(),
    queryFn: ({ signal }) => fetchJson<StateSummary>("/api/platform/state", { signal }),
  });
}

/** Every account's rows per table (the operator only). */
export function useInstanceStateSummary(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: devtoolsKeys.instanceState(),
    queryFn: ({ signal }) => fetchJson<StateSummary>("/api/platform/instance/state", { signal }),
  });
}
