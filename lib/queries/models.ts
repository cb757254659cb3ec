"use client";

import { useQuery } from "@tanstack/react-query";
import type { ModelKind } from "@/lib/models/types";
import { fetchJson } from "./fetch-json";

/** A hosted model as the command palette lists it (the catalogue itself stays on the server). */
export interface ModelSummary {
  slug: string;
  name: string;
  owner: string;
  kind: ModelKind;
}

export const modelKeys = { all: ["models"] as const, list: () => ["models", "list"] as const };

/** The hosted models' names, read once (the catalogue does not change while the console runs). */
export function useModelSummaries({ enabled = true } = {}) {
  return useQuery({
    queryKey: modelKeys.list(),
    queryFn: ({ signal }) =>
      fetchJson<{ models: ModelSummary[] }>("/api/playground/models", { signal }),
    select: (data) => data.models,
    staleTime: Infinity,
    enabled,
  });
}
