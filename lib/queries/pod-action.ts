"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { runPodAction } from "@/lib/actions/pods";
import type { ListPodsResponse, Pod, PodAction, PodStatus } from "@/lib/schemas/pods";
import { billingKeys, podKeys } from "./keys";
import { ProblemError } from "./problem-error";

// Apart from the pods' reads (./pods): the pod page loads its actions' code when the user reaches
// for them.

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
