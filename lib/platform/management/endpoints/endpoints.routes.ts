import type { MiddlewareHandler } from "hono";
import { IdParam } from "@/lib/schemas/common";
import {
  CPU_ENDPOINTS_UNSUPPORTED,
  CreateEndpointInput,
  Endpoint,
  ListEndpointsResponse,
  ListEndpointWorkersResponse,
  ListReleasesResponse,
  UpdateEndpointInput,
  bodySetsCpu,
} from "@/lib/schemas/endpoints";
import { allows } from "../../accounts/permissions";
import type { PlatformEnv } from "../../http/env";
import { problem } from "../../http/problem";
import { parseJsonText } from "../../http/validation";
import type { PlatformServices } from "../../platform";
import { EndpointsService } from "./endpoints.service";
import { registerWorkerLogRoutes } from "./worker-logs.routes";

/**
 * The seed: `cpu` is read-only and CPU create/update is unsupported. The schemas leave `cpu` out, so
 * strictness alone would answer a generic 422 "unknown property"; this runs before body validation
 * and says it plainly with a 400. It only speaks to callers allowed to write (others get their 403).
 */
function rejectCpuBodies(method: "POST" | "PATCH"): MiddlewareHandler<PlatformEnv> {
  return async (c, next) => {
    const auth = c.get("auth");
    if (
      c.req.method === method &&
      auth &&
      allows(auth.key.permission, "serverless", "write", c.req.param("id"))
    ) {
      let raw: unknown;
      try {
        raw = parseJsonText(await c.req.text()); // Hono caches the body: the route reads it again
      } catch {
        raw = undefined; // the route answers malformed JSON itself
      }
      if (bodySetsCpu(raw)) {
        throw problem(400, "CPU endpoint create/update is unsupported", [
          `cpu: ${CPU_ENDPOINTS_UNSUPPORTED}`,
        ]);
      }
    }
    await next();
  };
}

/** `/v2/serverless`: endpoint CRUD, releases and live workers. */
export function registerEndpointRoutes(services: PlatformServices): void {
  const { routes, app } = services;
  const endpoints = new EndpointsService(services);
  const tags = ["Serverless"];

  app.use("/v2/serverless", rejectCpuBodies("POST"));
  app.use("/v2/serverless/:id", rejectCpuBodies("PATCH"));

  routes.add({
    method: "get",
    path: "/v2/serverless",
    summary: "List endpoints (a key restricted to some endpoints sees only those)",
    tags,
    access: { family: "serverless", need: "read" },
    responses: { 200: ListEndpointsResponse },
    handler: async ({ auth }) => ({ status: 200, body: { endpoints: await endpoints.list(auth) } }),
  });

  routes.add({
    method: "post",
    path: "/v2/serverless",
    summary: "Create a serverless endpoint (accepts jobs immediately)",
    tags,
    access: { family: "serverless", need: "write" },
    body: CreateEndpointInput,
    responses: { 201: Endpoint },
    errors: [400, 404, 422],
    handler: async ({ auth, body }) => ({
      status: 201,
      body: await endpoints.create(auth.account.id, body),
    }),
  });

  routes.add({
    method: "get",
    path: "/v2/serverless/{id}",
    summary: "Get an endpoint",
    tags,
    access: { family: "serverless", need: "read", endpointParam: "id" },
    params: IdParam,
    responses: { 200: Endpoint },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await endpoints.get(auth.account.id, params.id),
    }),
  });

  routes.add({
    method: "patch",
    path: "/v2/serverless/{id}",
    summary: "Update an endpoint (container changes create a new release)",
    tags,
    access: { family: "serverless", need: "write", endpointParam: "id" },
    params: IdParam,
    body: UpdateEndpointInput,
    responses: { 200: Endpoint },
    errors: [400, 404, 409, 422],
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await endpoints.update(auth.account.id, params.id, body),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/serverless/{id}",
    summary: "Delete an endpoint (its queued and running jobs are cancelled)",
    tags,
    access: { family: "serverless", need: "write", endpointParam: "id" },
    params: IdParam,
    responses: { 204: null },
    errors: [404],
    handler: async ({ auth, params }) => {
      await endpoints.remove(auth.account.id, params.id);
      return { status: 204 };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/serverless/{id}/releases",
    summary: "Release history of an endpoint, newest first, with rollout progress",
    tags,
    access: { family: "serverless", need: "read", endpointParam: "id" },
    params: IdParam,
    responses: { 200: ListReleasesResponse },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await endpoints.releases(auth.account.id, params.id),
    }),
  });

  routes.add({
    method: "get",
    path: "/v2/serverless/{id}/workers",
    summary: "Active workers of an endpoint with a summary by status",
    tags,
    access: { family: "serverless", need: "read", endpointParam: "id" },
    params: IdParam,
    responses: { 200: ListEndpointWorkersResponse },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await endpoints.workers(auth.account.id, params.id),
    }),
  });

  registerWorkerLogRoutes(services, endpoints);
}
