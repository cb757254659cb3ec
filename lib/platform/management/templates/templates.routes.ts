import { IdParam } from "@/lib/schemas/common";
import {
  CatalogTemplatesQuery,
  CreateTemplateInput,
  ListTemplatesResponse,
  Template,
  UpdateTemplateInput,
} from "@/lib/schemas/templates";
import type { PlatformServices } from "../../platform";
import { TemplatesService } from "./templates.service";

/** `/v2/templates` (own templates, plus read access to public ones) and `/v2/catalog/templates`. */
export function registerTemplateRoutes({ routes, store, clock, ids }: PlatformServices): void {
  const templates = new TemplatesService(store.db, clock, ids);
  const tags = ["Templates"];

  routes.add({
    method: "get",
    path: "/v2/templates",
    summary: "List your templates",
    tags,
    access: { family: "templates", need: "read" },
    responses: { 200: ListTemplatesResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { templates: await templates.list(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/v2/templates",
    summary: "Create a pod or serverless template",
    tags,
    access: { family: "templates", need: "write" },
    body: CreateTemplateInput,
    responses: { 201: Template },
    errors: [400, 422],
    handler: async ({ auth, body }) => ({
      status: 201,
      body: await templates.create(auth.account.id, body),
    }),
  });

  routes.add({
    method: "get",
    path: "/v2/templates/{id}",
    summary: "Get one of your templates or a public catalogue template",
    tags,
    access: { family: "templates", need: "read" },
    params: IdParam,
    responses: { 200: Template },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await templates.get(auth.account.id, params.id),
    }),
  });

  routes.add({
    method: "patch",
    path: "/v2/templates/{id}",
    summary: "Update one of your templates (existing pods and endpoints are unaffected)",
    tags,
    access: { family: "templates", need: "write" },
    params: IdParam,
    body: UpdateTemplateInput,
    responses: { 200: Template },
    errors: [400, 404, 422],
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await templates.update(auth.account.id, params.id, body),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/templates/{id}",
    summary:
      "Delete one of your templates (refused while a pod references it or an endpoint is bound to it)",
    tags,
    access: { family: "templates", need: "write" },
    params: IdParam,
    responses: { 204: null },
    errors: [400, 404],
    handler: async ({ auth, params }) => {
      await templates.remove(auth.account.id, params.id);
      return { status: 204 };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/catalog/templates",
    summary: "Public templates: official (default), verified or community (at most 100)",
    tags: ["Catalog"],
    access: { need: "read" },
    query: CatalogTemplatesQuery,
    responses: { 200: ListTemplatesResponse },
    errors: [422],
    handler: async ({ query }) => ({
      status: 200,
      body: { templates: await templates.catalog(query.source) },
    }),
  });
}
