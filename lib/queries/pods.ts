"use client";

import { useQuery } from "@tanstack/react-query";
import type { ListPodsResponse, Pod, PodStatus } from "@/lib/schemas/pods";
import { fetchJson } from "./fetch-json";
import { podKeys } from "./keys";

const TRANSITIONAL: readonly PodStatus[] = ["PROVISIONING", "STARTING"];

/** Poll fast while a pod is on its way somewhere, slowly otherwise (runtime metrics still move). */
const pollFor = (pods: readonly Pod[] | undefined) =>
  pods?.some((p) => TRANSITIONAL.includes(p.status)) ? 2_000 : 10_000;

/** `includeClusterPods` adds cluster member pods, which the platform leaves out by default. */
export function usePods({ includeClusterPods = false }: { includeClusterPods?: boolean } = {}) {
  return useQuery({
    queryKey: podKeys.list(includeClusterPods ? { includeClusterPods } : {}),
    queryFn: ({ signal }) =>
      fetchJson<ListPodsResponse>(
        includeClusterPods ? "/api/pods?includeClusterPods=true" : "/api/pods",
        { signal },
      ),
    select: (data) => data.pods,
    refetchInterval: (query) => pollFor(query.state.data?.pods),
  });
}

export function usePod(id: string) {
  return useQuery({
    queryKey: podKeys.detail(id),
    queryFn: ({ signal }) => fetchJson<Pod>(`/api/pods/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => {
      const pod = query.state.data;
      if (!pod) return false;
      return pod.status === "RUNNING" ? 5_000 : pollFor([pod]);
    },
  });
}
