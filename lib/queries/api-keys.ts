"use client";

import { useQuery } from "@tanstack/react-query";
import type { ApiKey } from "@/lib/schemas/control";
import { fetchJson } from "./fetch-json";
import { apiKeyKeys } from "./keys";

/** A key of the account; `current` marks the one this console session is signed in with. */
export type ListedApiKey = ApiKey & { current: boolean };

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) =>
      fetchJson<{ keys: ApiKey[]; currentKeyId: string | null }>("/api/keys", { signal }),
    select: (data): ListedApiKey[] =>
      data.keys.map((k) => ({ ...k, current: k.id === data.currentKeyId })),
  });
}
