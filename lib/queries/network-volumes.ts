"use client";

import { useQuery } from "@tanstack/react-query";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import { fetchJson } from "./fetch-json";
import { volumeKeys } from "./keys";

export function useNetworkVolumes() {
  return useQuery({
    queryKey: volumeKeys.list(),
    queryFn: ({ signal }) =>
      fetchJson<{ networkVolumes: NetworkVolume[] }>("/api/network-volumes", { signal }),
    select: (data) => data.networkVolumes,
  });
}
