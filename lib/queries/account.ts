"use client";

import { useQuery } from "@tanstack/react-query";
import type { SshKeys } from "@/lib/schemas/account";
import type { EcrDelegation } from "@/lib/schemas/registries";
import { fetchJson } from "./fetch-json";
import { resourceKeys } from "./keys";

export const sshKeyKeys = resourceKeys("ssh-keys");
export const delegationKeys = resourceKeys("ecr-delegations");

export function useSshKeys() {
  return useQuery({
    queryKey: sshKeyKeys.list(),
    queryFn: ({ signal }) => fetchJson<SshKeys>("/api/account/ssh-keys", { signal }),
    select: (data) => data.keys,
  });
}

export function useDelegations() {
  return useQuery({
    queryKey: delegationKeys.list(),
    queryFn: ({ signal }) =>
      fetchJson<{ delegations: EcrDelegation[] }>("/api/registries/delegations", { signal }),
    select: (data) => data.delegations,
  });
}
