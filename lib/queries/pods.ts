"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { runPodAction } from "@/lib/actions/pods";
import type { ListPodsResponse, Pod, PodAction, PodStatus } from "@/lib/schemas/pods";
import { fetchJson } from "./fetch-json";
import { billingKeys, podKeys } from "./keys";
import { ProblemError } from "./problem-error";

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

/** What the console shows the moment an action is sent, before the platform answers. */
export const OPTIMISTIC_STATUS: Record<PodAction, PodStatus> = {
  start: "STARTING",
  stop: "EXITED",
  restart: "STARTING",
  terminate: "TERMINATED",
};

function withStatus(pod: Pod, status: PodStatus): Pod {
  return { ...pod, status, actions: [] };
}

/**
 * Runs a pod action with an optimistic status in the list and the detail caches; if the platform
 * refuses (409: wrong status, locked pod), both caches roll back and the mutation rejects with the
 * platform's problem, so the caller can say why.
 */
export function usePodAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; action: PodAction }) => {
      const result = await runPodAction(input);
      if (!result.ok) throw new ProblemError(result.problem);
      return result.data;
    },
    onMutate: async ({ id, action }) => {
      await client.cancelQueries({ queryKey: podKeys.all });
      const list = client.getQueryData<ListPodsResponse>(podKeys.list());
      const detail = client.getQueryData<Pod>(podKeys.detail(id));
      const status = OPTIMISTIC_STATUS[action];
      if (list)
        client.setQueryData<ListPodsResponse>(podKeys.list(), {
          pods: list.pods.map((p) => (p.id === id ? withStatus(p, status) : p)),
        });
      if (detail) client.setQueryData<Pod>(podKeys.detail(id), withStatus(detail, status));
      return { list, detail };
    },
    onError: (_error, { id }, context) => {
      if (context?.list) client.setQueryData(podKeys.list(), context.list);
      if (context?.detail) client.setQueryData(podKeys.detail(id), context.detail);
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: podKeys.all }),
        client.invalidateQueries({ queryKey: billingKeys.all }),
      ]);
    },
  });
}
