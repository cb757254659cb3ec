"use client";

import { useQuery } from "@tanstack/react-query";
import type { DataCenter, GpuType } from "@/lib/schemas/catalog";
import type { Template } from "@/lib/schemas/templates";
import { fetchJson } from "./fetch-json";
import { catalogKeys, templateKeys } from "./keys";

/** The catalogue changes rarely: read once per page. */
const STATIC = { staleTime: 5 * 60_000 } as const;

/** GPU types with prices; `"serverless"` or `"pod"` adds their availability there and CUDA versions. */
export function useGpuTypes(forProduct?: "serverless" | "pod") {
  return useQuery({
    queryKey: catalogKeys.list({ kind: "gpus", for: forProduct ?? "any" }),
    queryFn: ({ signal }) =>
      fetchJson<{ gpus: GpuType[] }>(
        forProduct ? `/api/catalog/gpus?for=${forProduct}` : "/api/catalog/gpus",
        { signal },
      ),
    select: (data) => data.gpus,
    ...STATIC,
  });
}

export function useDataCenters() {
  return useQuery({
    queryKey: catalogKeys.list({ kind: "datacenters" }),
    queryFn: ({ signal }) =>
      fetchJson<{ dataCenters: DataCenter[] }>("/api/catalog/datacenters", { signal }),
    select: (data) => data.dataCenters,
    ...STATIC,
  });
}

/** Own templates and the official public ones. */
export function useTemplateChoices() {
  return useQuery({
    queryKey: templateKeys.list({ with: "public" }),
    queryFn: ({ signal }) =>
      fetchJson<{ templates: Template[]; publicTemplates: Template[] }>("/api/templates", {
        signal,
      }),
  });
}
