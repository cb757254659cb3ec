"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/queries/fetch-json";
import type { LoadTestList, LoadTestRun } from "@/lib/schemas/load-tests";

export const loadTestKeys = {
  all: ["load-tests"] as const,
  list: (endpointId: string) => [...loadTestKeys.all, "list", endpointId] as const,
  run: (id: string) => [...loadTestKeys.all, "run", id] as const,
};

/** The endpoint's load tests; polled every second while one of them runs. */
export function useLoadTests(endpointId: string) {
  return useQuery({
    queryKey: loadTestKeys.list(endpointId),
    queryFn: ({ signal }) =>
      fetchJson<LoadTestList>(`/api/load-tests?endpointId=${encodeURIComponent(endpointId)}`, {
        signal,
      }),
    refetchInterval: (q) =>
      q.state.data?.runs.some((r) => r.status === "running") ? 1_000 : 10_000,
  });
}

/** One run with its readings; polled every second while it runs (the run itself is server-side). */
export function useLoadTest(id: string | undefined) {
  return useQuery({
    queryKey: loadTestKeys.run(id ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<LoadTestRun>(`/api/load-tests/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data?.status === "running" ? 1_000 : false),
  });
}
