"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  PlaygroundRun,
  PlaygroundRunList,
  RunTarget,
  RunTimings,
} from "@/lib/console-store/run-view";
import type { JobOperation, SnippetLanguage } from "@/lib/codegen";
import type { JobPolicy } from "@/lib/schemas/jobs";
import { isTerminalJobStatus } from "@/lib/schemas/job-statuses";
import { fetchJson } from "./fetch-json";

const RUNS = "/api/playground/runs";

export const targetParam = (target: RunTarget) =>
  target.kind === "model" ? `model:${target.slug}` : `endpoint:${target.id}`;

export const playgroundKeys = {
  all: ["playground"] as const,
  runs: () => [...playgroundKeys.all, "runs"] as const,
  histories: () => [...playgroundKeys.runs(), "list"] as const,
  history: (target?: RunTarget) =>
    [...playgroundKeys.histories(), target ? targetParam(target) : "all"] as const,
  run: (id: string) => [...playgroundKeys.runs(), "detail", id] as const,
  timings: (id: string) => [...playgroundKeys.runs(), "timings", id] as const,
  snippet: (params: SnippetParams) => [...playgroundKeys.all, "snippet", params] as const,
};

/** The account's recent playground runs (all, or one model's or endpoint's). */
export function usePlaygroundHistory(target?: RunTarget, limit = 30) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (target) query.set("target", targetParam(target));
  return useQuery({
    queryKey: playgroundKeys.history(target),
    queryFn: ({ signal }) => fetchJson<PlaygroundRunList>(`${RUNS}?${query}`, { signal }),
    select: (data) => data.runs,
    refetchInterval: (q) =>
      q.state.data?.runs.some((r) => !isTerminalJobStatus(r.status) && !r.expired) ? 3_000 : false,
  });
}

/**
 * One run, kept live: the first read is a GET, then the console's server-sent events
 * (`/events`: one poller of `/stream` and `/status` per run) write each new state into the
 * react-query cache, the run's own entry and its row in every loaded history, so the history
 * never lags the result pane. The stream stays open until the server's `end` (after the final
 * state and the thumbnail), not merely until a terminal status arrives. An interrupted event
 * stream is reopened by the browser; the server replays the whole run (streamed text included) on
 * each connection. Only the component that shows the run passes `live`; others read the same
 * cache entry.
 */
export function usePlaygroundRun(id: string | undefined, { live = false } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: playgroundKeys.run(id ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<PlaygroundRun>(`${RUNS}/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: id !== undefined,
    staleTime: Infinity,
  });
  const loaded = query.data !== undefined;

  useEffect(() => {
    if (!live || id === undefined || !loaded) return;
    // A run that had already ended when it was opened has nothing more to tell.
    const known = client.getQueryData<PlaygroundRun>(playgroundKeys.run(id));
    if (known && (isTerminalJobStatus(known.status) || known.expired)) return;
    const source = new EventSource(`${RUNS}/${encodeURIComponent(id)}/events`);
    source.addEventListener("run", (event) => {
      const run = JSON.parse((event as MessageEvent<string>).data) as PlaygroundRun;
      client.setQueryData(playgroundKeys.run(id), run);
      client.setQueriesData<PlaygroundRunList>({ queryKey: playgroundKeys.histories() }, (list) =>
        list ? { ...list, runs: list.runs.map((r) => (r.id === run.id ? run : r)) } : list,
      );
    });
    source.addEventListener("end", () => {
      source.close();
      void client.invalidateQueries({ queryKey: playgroundKeys.histories() });
    });
    return () => source.close();
  }, [client, id, live, loaded]);

  return query;
}

export interface SnippetParams {
  language: SnippetLanguage;
  operation: JobOperation;
  target: RunTarget;
  input: Record<string, unknown>;
  policy?: JobPolicy;
  webhook?: string;
  jobId?: string;
}

export interface SnippetAnswer {
  code: string;
  html: string;
  filename: string;
  command: string;
  install?: string;
  description: string;
}

/** Request code for the drawer, generated and highlighted by the console's server. */
export function useSnippet(params: SnippetParams, enabled = true) {
  const body = {
    language: params.language,
    operation: params.operation,
    ...(params.target.kind === "model"
      ? { model: params.target.slug }
      : { endpoint: params.target.id }),
    input: params.input,
    ...(params.policy && Object.keys(params.policy).length > 0 ? { policy: params.policy } : {}),
    ...(params.webhook ? { webhook: params.webhook } : {}),
    ...(params.jobId ? { jobId: params.jobId } : {}),
  };
  return useQuery({
    queryKey: playgroundKeys.snippet(params),
    queryFn: ({ signal }) => fetchJson<SnippetAnswer>("/api/playground/snippet", { signal, body }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/**
 * A run's delayTime split into queue wait and cold start (local platform only; `split` is null
 * elsewhere). Read once the run has started; the split does not change afterwards.
 */
export function useRunTimings(run: PlaygroundRun | undefined) {
  const started = run !== undefined && run.delayTime !== undefined;
  return useQuery({
    queryKey: playgroundKeys.timings(run?.id ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<RunTimings>(`${RUNS}/${encodeURIComponent(run?.id ?? "")}/timings`, { signal }),
    enabled: started && run.local,
    staleTime: Infinity,
  });
}

/**
 * While a run of the local platform is IN_QUEUE: what it waits for (a cold-starting worker or the
 * queue) and why, read every second from its job timeline. Undefined elsewhere.
 */
export function useRunWaiting(run: PlaygroundRun | undefined) {
  const queued = run !== undefined && run.status === "IN_QUEUE" && run.local && !run.expired;
  return useQuery({
    queryKey: [...playgroundKeys.timings(run?.id ?? ""), "waiting"] as const,
    queryFn: ({ signal }) =>
      fetchJson<RunTimings>(`${RUNS}/${encodeURIComponent(run?.id ?? "")}/timings`, { signal }),
    enabled: queued,
    refetchInterval: queued ? 1000 : false,
  });
}
