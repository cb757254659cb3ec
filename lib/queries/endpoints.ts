"use client";

import { useQuery } from "@tanstack/react-query";
import type {
  Endpoint,
  ListEndpointWorkersResponse,
  ListReleasesResponse,
} from "@/lib/schemas/endpoints";
import type { EndpointLive } from "@/lib/schemas/jobs";
import type { RequestsView } from "@/lib/schemas/requests-view";
import { fetchJson } from "./fetch-json";
import { endpointKeys, jobKeys } from "./keys";

const base = (id: string) => `/api/serverless/${encodeURIComponent(id)}`;

export const endpointQueryKeys = {
  ...endpointKeys,
  workers: (id: string) => [...endpointKeys.detail(id), "workers"] as const,
  releases: (id: string) => [...endpointKeys.detail(id), "releases"] as const,
  requests: (id: string) => [...jobKeys.lists(), id] as const,
  health: (id: string) => [...endpointKeys.detail(id), "health"] as const,
  healthAll: () => [...endpointKeys.lists(), "health"] as const,
};

export function useEndpoints({ enabled = true } = {}) {
  return useQuery({
    queryKey: endpointKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ endpoints: Endpoint[] }>("/api/serverless", { signal }),
    select: (data) => data.endpoints,
    refetchInterval: 15_000,
    enabled,
  });
}

export function useEndpoint(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: endpointKeys.detail(id),
    queryFn: ({ signal }) => fetchJson<Endpoint>(base(id), { signal }),
    enabled,
  });
}

export function useEndpointWorkers(id: string) {
  return useQuery({
    queryKey: endpointQueryKeys.workers(id),
    queryFn: ({ signal }) =>
      fetchJson<ListEndpointWorkersResponse>(`${base(id)}/workers`, { signal }),
    refetchInterval: 3_000,
  });
}

export function useEndpointReleases(id: string) {
  return useQuery({
    queryKey: endpointQueryKeys.releases(id),
    queryFn: ({ signal }) => fetchJson<ListReleasesResponse>(`${base(id)}/releases`, { signal }),
  });
}

/**
 * Polls while the tab is open: jobs move IN_QUEUE → IN_PROGRESS → COMPLETED within seconds.
 * `enabled: false` for a load balancer, which has no jobs.
 */
export function useEndpointRequests(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: endpointQueryKeys.requests(id),
    queryFn: ({ signal }) => fetchJson<RequestsView>(`${base(id)}/requests`, { signal }),
    refetchInterval: 1_500,
    enabled,
  });
}

/**
 * Which jobs each worker is running: IN_PROGRESS jobs of the endpoint's `/requests` by `workerId`
 * (the workers list, shaped like the reference's, does not name jobs). Shares the Requests tab's
 * query and polling; covers the jobs within that list's limit (the newest).
 */
export function useJobsByWorker(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: endpointQueryKeys.requests(id),
    queryFn: ({ signal }) => fetchJson<RequestsView>(`${base(id)}/requests`, { signal }),
    refetchInterval: 1_500,
    enabled,
    select: (data) => {
      const byWorker = new Map<string, string[]>();
      for (const job of data.requests)
        if (job.status === "IN_PROGRESS" && job.workerId)
          byWorker.set(job.workerId, [...(byWorker.get(job.workerId) ?? []), job.id]);
      return byWorker;
    },
  });
}

/** The header's live numbers (jobs and workers by state; no jobs for a load balancer), polled. */
export function useEndpointHealth(id: string) {
  return useQuery({
    queryKey: endpointQueryKeys.health(id),
    queryFn: ({ signal }) => fetchJson<EndpointLive>(`${base(id)}/health`, { signal }),
    refetchInterval: 2_000,
  });
}

/** Live numbers of every endpoint for the list: id → health (null when unreadable). */
export function useEndpointsHealth() {
  return useQuery({
    queryKey: endpointQueryKeys.healthAll(),
    queryFn: ({ signal }) =>
      fetchJson<{ health: Record<string, EndpointLive | null> }>("/api/serverless/health", {
        signal,
      }),
    select: (data) => data.health,
    refetchInterval: 5_000,
  });
}
