import {
  EcrDelegation,
  ListDelegationsResponse,
  ListRegistriesResponse,
  Registry,
  type CreateDelegationInput,
  type CreateRegistryInput,
} from "@/lib/schemas/registries";
import type { Cloud } from "./client";

/** `GET /v2/registries`: the account's container registry credentials (names only). */
export async function listRegistries(cloud: Cloud) {
  return (await cloud.request({ path: "/registries", schema: ListRegistriesResponse })).registries;
}

/** Username and password are write-only: the answer carries the id and name alone. */
export function createRegistry(cloud: Cloud, input: CreateRegistryInput): Promise<Registry> {
  return cloud.request({ method: "POST", path: "/registries", body: input, schema: Registry });
}

/** Refused (400) while a pod or an endpoint uses the credential. */
export async function deleteRegistry(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({ method: "DELETE", path: `/registries/${encodeURIComponent(id)}` });
}

/** `GET /v2/registries/delegations`: ECR repositories the platform may pull without credentials. */
export async function listDelegations(cloud: Cloud): Promise<EcrDelegation[]> {
  return (await cloud.request({ path: "/registries/delegations", schema: ListDelegationsResponse }))
    .delegations;
}

export function createDelegation(cloud: Cloud, input: CreateDelegationInput) {
  return cloud.request({
    method: "POST",
    path: "/registries/delegations",
    body: input,
    schema: EcrDelegation,
  });
}

export async function deleteDelegation(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({
    method: "DELETE",
    path: `/registries/delegations/${encodeURIComponent(id)}`,
  });
}
