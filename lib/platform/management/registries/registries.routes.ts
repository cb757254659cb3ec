import { IdParam } from "@/lib/schemas/common";
import {
  CreateDelegationInput,
  CreateRegistryInput,
  EcrDelegation,
  ListDelegationsResponse,
  ListRegistriesResponse,
  Registry,
} from "@/lib/schemas/registries";
import { problems } from "../../http/problem";
import type { PlatformServices } from "../../platform";
import { DelegationsService } from "./delegations.service";
import { RegistriesService } from "./registries.service";

/** `/v2/registries`: container registry credentials; username and password are write-only. */
export function registerRegistryRoutes({
  routes,
  store,
  clock,
  ids,
  secrets,
}: PlatformServices): void {
  const registries = new RegistriesService(store.db, clock, ids, secrets);
  const delegations = new DelegationsService(store.db, clock, ids);
  const tags = ["Registries"];

  routes.add({
    method: "get",
    path: "/v2/registries",
    summary: "List your registry credentials",
    tags,
    access: { family: "registries", need: "read" },
    responses: { 200: ListRegistriesResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { registries: await registries.list(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/v2/registries",
    summary: "Store a registry credential (the password is never returned)",
    tags,
    access: { family: "registries", need: "write" },
    body: CreateRegistryInput,
    responses: { 201: Registry },
    errors: [400, 422],
    handler: async ({ auth, body }) => ({
      status: 201,
      body: await registries.create(auth.account.id, body),
    }),
  });

  // Before `/v2/registries/{id}`, so `delegations` is never taken for a credential id.
  routes.add({
    method: "get",
    path: "/v2/registries/delegations",
    summary: "List your ECR delegations",
    tags,
    access: { family: "registries", need: "read" },
    responses: { 200: ListDelegationsResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { delegations: await delegations.list(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/v2/registries/delegations",
    summary: "Delegate pulls of one ECR repository (and tag) to the platform",
    tags,
    access: { family: "registries", need: "write" },
    body: CreateDelegationInput,
    responses: { 201: EcrDelegation },
    errors: [400, 422],
    handler: async ({ auth, body }) => ({
      status: 201,
      body: await delegations.create(auth.account.id, body),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/registries/delegations/{id}",
    summary: "Revoke an ECR delegation",
    tags,
    access: { family: "registries", need: "write" },
    params: IdParam,
    responses: { 204: null },
    errors: [404],
    handler: async ({ auth, params }) => {
      await delegations.revoke(auth.account.id, params.id);
      return { status: 204 };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/registries/{id}",
    summary: "Get a registry credential (id and name only)",
    tags,
    access: { family: "registries", need: "read" },
    params: IdParam,
    responses: { 200: Registry },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await registries.get(auth.account.id, params.id),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/registries/{id}",
    summary: "Delete a registry credential (refused while a pod or endpoint uses it)",
    tags,
    access: { family: "registries", need: "write" },
    params: IdParam,
    responses: { 204: null },
    errors: [400, 404],
    handler: async ({ auth, params }) => {
      // `/v2/registries/delegations` is the delegation collection, not a credential id.
      if (params.id === "delegations") throw problems.methodNotAllowed(["GET", "POST"]);
      await registries.remove(auth.account.id, params.id);
      return { status: 204 };
    },
  });
}
