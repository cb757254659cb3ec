"use client";

import { useQuery } from "@tanstack/react-query";
import type { ApiKey } from "@/lib/schemas/control";
import { fetchJson } from "./fetch-json";
import { apiKeyKeys } from "./keys";

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ keys: ApiKey[] }>("/api/keys", { signal }),
    select: (data) => data.keys,
  });
}
