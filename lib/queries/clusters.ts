"use client";

import { useQuery } from "@tanstack/react-query";
import type { Cluster, ListClustersResponse } from "@/lib/schemas/clusters";
import type { ListPodsResponse, Pod, PodStatus } from "@/lib/schemas/pods";
import { fetchJson } from "./fetch-json";
import { resourceKeys } from "./keys";

export const clusterKeys = {
  ...resourceKeys("clusters"),
  /** The member pods of one cluster. */
  members: (id: string) => ["clusters", "detail", id, "pods"] as const,
};

const TRANSITIONAL: readonly PodStatus[] = ["PROVISIONING", "STARTING"];

/** Fast while members are on their way up, slowly otherwise. */
const pollFor = (statuses: readonly PodStatus[]) =>
  statuses.some((s) => TRANSITIONAL.includes(s)) ? 2_000 : 10_000;

const summaryStatuses = (clusters: readonly Cluster[] | undefined) =>
  (clusters ?? []).flatMap((c) => Object.keys(c.pods.byStatus) as PodStatus[]);

export function useClusters() {
  return useQuery({
    queryKey: clusterKeys.list(),
    queryFn: ({ signal }) => fetchJson<ListClustersResponse>("/api/clusters", { signal }),
    select: (data) => data.clusters,
    refetchInterval: (query) => pollFor(summaryStatuses(query.state.data?.clusters)),
  });
}

export function useCluster(id: string) {
  return useQuery({
    queryKey: clusterKeys.detail(id),
    queryFn: ({ signal }) =>
      fetchJson<Cluster>(`/api/clusters/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => pollFor(summaryStatuses(query.state.data && [query.state.data])),
  });
}

export function useClusterPods(id: string) {
  return useQuery({
    queryKey: clusterKeys.members(id),
    queryFn: ({ signal }) =>
      fetchJson<ListPodsResponse>(`/api/clusters/${encodeURIComponent(id)}/pods`, { signal }),
    select: (data): Pod[] => data.pods,
    refetchInterval: (query) => pollFor((query.state.data?.pods ?? []).map((p) => p.status)),
  });
}
