import { IdParam } from "@/lib/schemas/common";
import { CreateRegistryInput, ListRegistriesResponse, Registry } from "@/lib/schemas/registries";
import type { PlatformServices } from "../../platform";
import { RegistriesService } from "./registries.service";

/** `/v2/registries`: container registry credentials; username and password are write-only. */
export function registerRegistryRoutes({ routes, store, clock, ids }: PlatformServices): void {
  const registries = new RegistriesService(store.db, clock, ids);
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
      await registries.remove(auth.account.id, params.id);
      return { status: 204 };
    },
  });
}
