"use client";

import { useQuery } from "@tanstack/react-query";
import type { Template } from "@/lib/schemas/templates";
import { fetchJson } from "./fetch-json";
import { templateKeys } from "./keys";

/** Own templates and the official public ones (the same read the endpoint form uses). */
export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.list({ with: "public" }),
    queryFn: ({ signal }) =>
      fetchJson<{ templates: Template[]; publicTemplates: Template[] }>("/api/templates", {
        signal,
      }),
  });
}

export function useTemplate(id: string) {
  return useQuery({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) =>
      fetchJson<Template>(`/api/templates/${encodeURIComponent(id)}`, { signal }),
  });
}
