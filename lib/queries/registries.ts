"use client";

import { useQuery } from "@tanstack/react-query";
import type { Registry } from "@/lib/schemas/registries";
import { fetchJson } from "./fetch-json";
import { registryKeys } from "./keys";

export function useRegistries() {
  return useQuery({
    queryKey: registryKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ registries: Registry[] }>("/api/registries", { signal }),
    select: (data) => data.registries,
    staleTime: 60_000,
  });
}
