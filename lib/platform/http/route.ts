import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { AccessLevel, ResourceFamily } from "@/lib/schemas/control";
import { Problem } from "@/lib/schemas/common";
import type { AuthContext } from "../accounts/accounts.service";
import { allows, readableEndpointIds } from "../accounts/permissions";
import type { PlatformEnv } from "./env";
import { problems } from "./problem";
import { parseJsonText, parseOrThrow } from "./validation";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call a route: nobody in particular (public), any valid key, a key with access to a
 * resource family, or one of the two control levels of the local platform's `/_platform/*`:
 * - `account`: an `all` key of an account; the handler acts only on that account's own data.
 * - `operator`: the instance's operator credential (a key with the operator flag, see README):
 *   whatever reaches beyond one account (the clock, availability, accounts, instance state).
 */
export type RouteAccess =
  | { public: true }
  | {
      /** Omitted: any valid key (the catalogue). */
      family?: ResourceFamily;
      need: Exclude<AccessLevel, "none">;
      /** Path parameter naming the endpoint, so per-endpoint key rules apply. */
      endpointParam?: string;
    }
  | { control: ControlLevel };

export type ControlLevel = "account" | "operator";

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
> {
  method: Method;
  /** OpenAPI style: `/v2/serverless/{id}`. */
  path: string;
  summary: string;
  tags: string[];
  access: RouteAccess;
  body?: B;
  query?: Q;
  params?: P;
  /** Success status → response schema (`null` for no body, e.g. 204). */
  responses: Record<number, z.ZodType | null>;
  /** Error statuses this operation documents besides 401/403/429. */
  errors?: number[];
  /** Hidden from the OpenAPI document (control API). */
  hidden?: boolean;
  handler: (req: {
    body: B extends z.ZodType ? z.output<B> : undefined;
    query: Q extends z.ZodType ? z.output<Q> : undefined;
    params: P extends z.ZodType ? z.output<P> : Record<string, string>;
    auth: AuthContext;
    c: Context<PlatformEnv>;
  }) => Promise<RouteResult | Response> | RouteResult | Response;
  /** Media type of the success answers in the document (default `application/json`). */
  contentType?: string;
}

/** A JSON answer checked against `responses`; a handler may instead return a whole `Response` (streams). */
export type RouteResult = { status: number; body?: unknown; headers?: Record<string, string> };

function checkAccess(
  access: Exclude<RouteAccess, { public: true }>,
  auth: AuthContext,
  c: Context<PlatformEnv>,
) {
  const permission = auth.key.permission;
  if ("control" in access) {
    if (access.control === "operator") {
      if (!auth.key.operator || permission.type !== "all") throw problems.operatorRequired();
      return;
    }
    if (permission.type !== "all") throw problems.accessDenied();
    return;
  }
  if (!access.family) return;
  const endpointId = access.endpointParam ? c.req.param(access.endpointParam) : undefined;
  if (allows(permission, access.family, access.need, endpointId)) return;
  // A key scoped to single endpoints may still list endpoints: the handler filters to those.
  const listsOwnEndpoints =
    access.family === "serverless" &&
    access.need === "read" &&
    endpointId === undefined &&
    readableEndpointIds(permission) !== "all" &&
    (readableEndpointIds(permission) as Set<string>).size > 0;
  if (!listsOwnEndpoints) throw problems.accessDenied();
}

const DESCRIPTIONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  400: "Bad request or rule violation",
  401: "Missing, malformed or invalid bearer token",
  403: "Valid token without access",
  404: "Not found or not accessible",
  405: "Method not allowed",
  409: "Conflict with the resource's state",
  422: "Request validation failed",
  429: "Rate limit exceeded",
};

/**
 * Registers a route on the Hono app and in the OpenAPI registry from the same zod schemas, so the
 * published document cannot drift from what the platform validates and returns.
 */
export class Routes {
  readonly registry = new OpenAPIRegistry();
  /**
   * Every registered route: `pattern` answers 405 with `Allow`; `path` and `access` let a test
   * check that each route has the access it documents.
   */
  readonly table: { method: string; path: string; pattern: RegExp; access: RouteAccess }[] = [];

  constructor(
    private readonly app: Hono<PlatformEnv>,
    private readonly validateResponses: boolean,
  ) {
    this.registry.registerComponent("securitySchemes", "bearerAuth", {
      type: "http",
      scheme: "bearer",
      bearerFormat: "API key",
    });
  }

  add<
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    P extends z.ZodType | undefined = undefined,
  >(spec: RouteSpec<B, Q, P>): void {
    const honoPath = spec.path.replace(/\{(\w+)\}/g, ":$1");
    this.table.push({
      method: spec.method.toUpperCase(),
      path: spec.path,
      access: spec.access,
      pattern: new RegExp(`^${spec.path.replace(/\{(\w+)\}/g, "[^/]+")}/?$`),
    });
    if (!spec.hidden) this.document(spec);
    const validate = this.validateResponses;
    this.app.on(spec.method.toUpperCase(), honoPath, async (c) => {
      const auth = c.get("auth");
      if (!("public" in spec.access)) {
        if (!auth) throw problems.missingToken();
        checkAccess(spec.access, auth, c);
      }
      const params = spec.params ? parseOrThrow(spec.params, c.req.param()) : c.req.param();
      const query = spec.query ? parseOrThrow(spec.query, c.req.query()) : undefined;
      let body: unknown = undefined;
      if (spec.body) {
        const raw = parseJsonText(await c.req.text());
        body = parseOrThrow(spec.body, raw ?? {});
      }
      const result = await spec.handler({
        body: body as never,
        query: query as never,
        params: params as never,
        auth: auth as AuthContext,
        c,
      });
      if (result instanceof Response) return result;
      const schema = spec.responses[result.status];
      let payload = result.body;
      if (schema && validate) {
        const checked = schema.safeParse(payload);
        if (!checked.success) {
          c.get("log").error(
            { issues: checked.error.issues, path: spec.path },
            "response failed its schema",
          );
          throw problems.internal();
        }
        payload = checked.data;
      }
      for (const [k, v] of Object.entries(result.headers ?? {})) c.header(k, v);
      if (payload === undefined || result.status === 204) return c.body(null, result.status as 204);
      return c.json(payload as object, result.status as 200);
    });
  }

  private document(
    spec: RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>,
  ) {
    const responses: Record<string, object> = {};
    for (const [status, schema] of Object.entries(spec.responses)) {
      responses[status] = schema
        ? {
            description: DESCRIPTIONS[Number(status)] ?? "OK",
            content: { [spec.contentType ?? "application/json"]: { schema } },
          }
        : { description: DESCRIPTIONS[Number(status)] ?? "OK" };
    }
    const errorStatuses = new Set([
      ...(spec.errors ?? []),
      ...("public" in spec.access ? [] : [401, 403, 429]),
    ]);
    for (const status of [...errorStatuses].sort()) {
      responses[String(status)] = {
        description: DESCRIPTIONS[status] ?? "Error",
        content: { "application/problem+json": { schema: Problem } },
      };
    }
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      summary: spec.summary,
      tags: spec.tags,
      security: "public" in spec.access ? [] : [{ bearerAuth: [] }],
      request: {
        ...(spec.params ? { params: spec.params as z.ZodObject } : {}),
        ...(spec.query ? { query: spec.query as z.ZodObject } : {}),
        ...(spec.body
          ? { body: { required: true, content: { "application/json": { schema: spec.body } } } }
          : {}),
      },
      responses: responses as never,
    });
  }

  /** Methods allowed on a path that matched no route for the request's method. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const r of this.table) if (r.pattern.test(path)) methods.add(r.method);
    return [...methods].sort();
  }

  openApiDocument(info: { version: string; serverUrl: string }) {
    return new OpenApiGeneratorV31([
      ...this.registry.definitions,
      // Documented even before any route references it: every error answer has this shape.
      { type: "schema", schema: Problem },
    ]).generateDocument({
      openapi: "3.1.0",
      info: {
        title: "Hangar local platform API",
        version: info.version,
        description:
          "Management API (v2), network volume API (v1) of the local platform, generated from the zod schemas in lib/schemas.",
      },
      servers: [{ url: info.serverUrl }],
    });
  }
}
