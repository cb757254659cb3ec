import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { AccountsService } from "./accounts/accounts.service";
import { UsageRecorder } from "./billing/usage-recorder";
import { AvailabilityService } from "./catalog/availability.service";
import type { Clock } from "./clock";
import type { PlatformConfig } from "./config";
import { extractKey } from "./http/auth";
import { nulProblem } from "./http/json-guard";
import type { PlatformEnv } from "./http/env";
import { PlatformError, problem, problems } from "./http/problem";
import type { CounterBackend, ManagementRateLimiter } from "./http/rate-limit";
import { Routes } from "./http/route";
import { Devtools } from "./devtools/devtools";
import { EventBus } from "./events";
import { LogHub } from "./logs/log-hub";
import type { Ids } from "./ids";
import type { Logger } from "./logger";
import type { SecretBox } from "./secrets";
import type { WorkerDirectory } from "./management/endpoints/worker-directory";
import { registerModules } from "./modules";
import type { Store } from "./store/open";

export const PLATFORM_VERSION = "0.1.0";
/** The management API version the seed names ("Versioning" 1): the OpenAPI document's `info.version`. */
export const MANAGEMENT_API_VERSION = "2.0.0";

/** First path segments under /v2 that belong to the management API; any other is a job target. */
export const MANAGEMENT_FAMILIES = new Set([
  "serverless",
  "pods",
  "templates",
  "network-volumes",
  "registries",
  "clusters",
  "catalog",
  "billing",
  "account",
  "openapi.json",
]);

export interface PlatformDeps {
  config: PlatformConfig;
  store: Store;
  clock: Clock;
  ids: Ids;
  log: Logger;
  limiter: ManagementRateLimiter;
  /** Encrypts the secrets the platform stores and needs again (registry passwords; lib/platform/secrets.ts). */
  secrets: SecretBox;
  /** Where counters shared by instances live (the job API's rate windows); absent: memory. */
  counters?: CounterBackend;
}

export interface PlatformServices extends PlatformDeps {
  app: Hono<PlatformEnv>;
  routes: Routes;
  accounts: AccountsService;
  events: EventBus;
  /** Usage rows and balance charges (lib/platform/billing): every module that costs money records here. */
  usage: UsageRecorder;
  /** Simulated GPU/CPU stock that placement obeys; fault injection overrides it (lib/platform/catalog). */
  availability: AvailabilityService;
  /** Developer tools the modules feed: job timelines, fault injection, the request inspector. */
  devtools: Devtools;
  /** Log lines of pods and serverless workers, streamed by their `/logs` routes (lib/platform/logs). */
  logs: LogHub;
  info: { version: string; store: Store["dialect"]; instanceId: string; startedAt: number };
  /** Live serverless workers by endpoint, set by the job engine (endpoints answer none without it). */
  workers?: WorkerDirectory;
  /** Work to do on shutdown after the HTTP server stopped accepting (timers, workers). */
  onClose: (fn: () => Promise<void> | void) => void;
  close: () => Promise<void>;
}

type Area = "public" | "control" | "management" | "job";

export function classify(path: string): Area {
  if (path === "/_platform/health" || path === "/v2/openapi.json") return "public";
  // The built-in webhook receiver: jobs post to it without a key (its token is the secret).
  if (path.startsWith("/_platform/inbox/")) return "public";
  if (path.startsWith("/_platform/")) return "control";
  if (path.startsWith("/v1/")) return "management";
  const m = /^\/v2\/([^/]+)/.exec(path);
  if (!m) return "public"; // unknown route: the 404 handler answers
  return MANAGEMENT_FAMILIES.has(m[1]!) ? "management" : "job";
}

export function writeProblem(c: Context<PlatformEnv>, err: PlatformError): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/problem+json",
    ...err.headers,
  };
  const rl = c.get("rateLimit");
  if (rl && err.status !== 401) {
    headers["RateLimit"] ??= rl.rateLimit;
    headers["RateLimit-Policy"] ??= rl.policy;
  }
  const body = err.toProblem();
  // Job-area errors also carry `error` (= detail): the service's clients read that member.
  const payload = classify(c.req.path) === "job" ? { ...body, error: body.detail } : body;
  return new Response(JSON.stringify(payload), { status: err.status, headers });
}

/** Builds the whole platform over a store: services, routes, middleware. No I/O besides the store. */
export function createPlatform(deps: PlatformDeps): PlatformServices {
  const app = new Hono<PlatformEnv>();
  const routes = new Routes(app, true);
  const accounts = new AccountsService(deps.store.db, deps.clock, deps.ids);
  const events = new EventBus();
  const closers: (() => Promise<void> | void)[] = [];
  const availability = new AvailabilityService(deps.store.db, deps.clock);
  const devtools = new Devtools({
    db: deps.store.db,
    dialect: deps.store.dialect,
    sqlite: deps.store.sqlite,
    clock: deps.clock,
    log: deps.log,
    availability,
  });
  // First registered, so it runs last on close: events recorded while shutting down are written.
  closers.push(() => devtools.trace.close());
  closers.push(() => devtools.metrics.close());
  const services: PlatformServices = {
    ...deps,
    app,
    routes,
    accounts,
    events,
    usage: new UsageRecorder(deps.store.db, accounts, events, deps.ids, deps.log),
    availability,
    devtools,
    logs: new LogHub(deps.clock),
    info: {
      version: PLATFORM_VERSION,
      store: deps.store.dialect,
      instanceId: randomUUID(),
      startedAt: Date.now(),
    },
    onClose: (fn) => closers.push(fn),
    close: async () => {
      for (const fn of closers.reverse()) await fn();
    },
  };

  app.use("*", async (c, next) => {
    const requestId = randomUUID();
    const log = deps.log.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("auth", undefined);
    c.set("rateLimit", undefined);
    // On Node the id goes on the outgoing message before the handler runs: Node merges it into
    // whatever the Response writes. Reading `c.res.headers` afterwards turned each light Response
    // of @hono/node-server into a full Headers object (~5 µs of a ~75 µs `/status`).
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const onNode = typeof outgoing?.setHeader === "function";
    if (onNode) outgoing.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    await next();
    if (!onNode) {
      // Elsewhere (app.request): on the response's own headers; `c.header()` after the handler
      // rebuilds the whole Response, so only for immutable responses.
      try {
        c.res.headers.set("X-Request-Id", requestId);
      } catch {
        c.header("X-Request-Id", requestId);
      }
    }
    const auth = c.get("auth");
    const ms = Math.round((performance.now() - started) * 10) / 10;
    devtools.requests.record({
      seq: 0,
      at: Date.now(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      latencyMs: ms,
      keyName: auth?.key.name ?? null,
      accountId: auth?.account.id ?? null,
      area: classify(c.req.path),
    });
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
        ...(auth ? { account: auth.account.id, keyName: auth.key.name } : {}),
      },
      "request",
    );
  });

  // NUL in a path segment or a query value would reach PostgreSQL (which refuses it with a 500)
  // or be compared as text by the embedded store: both stores answer the same 400 here instead.
  app.use("*", (c, next) => {
    const url = c.req.url;
    if (!url.includes("%00") && !url.includes("\0")) return next();
    const q = url.indexOf("?");
    const inPath = q === -1 ? url : url.slice(0, q);
    throw nulProblem(
      inPath.includes("%00") || inPath.includes("\0") ? "the request path" : "the query string",
    );
  });

  const limitBody = bodyLimit({
    maxSize: 20 * 1024 * 1024,
    onError: () => {
      throw problem(413, "request body is larger than 20 MB");
    },
  });
  // Hot path: touching `c.req.raw.body` builds a whole Request (and defeats the server's direct body
  // read), so GET/HEAD and bodies with a Content-Length are checked from the headers alone.
  app.use("*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(length) > 20 * 1024 * 1024)
        throw problem(413, "request body is larger than 20 MB");
      return next();
    }
    return limitBody(c, next);
  });

  // PLATFORM_CONTROL_API=off: the platform looks like the real service, which has no control API.
  if (deps.config.controlApi === false)
    app.use("/_platform/*", (c) => {
      throw problems.routeNotFound(c.req.method, c.req.path);
    });

  // Authentication and management rate limits, decided by the area of the path.
  app.use("*", async (c, next) => {
    const area = classify(c.req.path);
    if (area === "control" || area === "management") {
      const key = extractKey(c.req.header("authorization"), false);
      const auth = await accounts.authenticate(key);
      c.set("auth", auth);
      if (area === "management" && !auth.key.rateLimitExempt) {
        const state = await deps.limiter.consume(auth.account.id);
        c.set("rateLimit", state);
      }
    }
    await next();
    const rl = c.get("rateLimit");
    if (rl && c.res.status !== 401) {
      c.res.headers.set("RateLimit", rl.rateLimit);
      c.res.headers.set("RateLimit-Policy", rl.policy);
    }
  });

  app.get("/v2/openapi.json", (c) => {
    const doc = routes.openApiDocument({
      version: MANAGEMENT_API_VERSION,
      serverUrl: deps.config.publicUrl,
    });
    // The project's own release rides in an extension field; `version` is the API's.
    return c.json({ ...doc, info: { ...doc.info, "x-hangar-version": PLATFORM_VERSION } });
  });

  registerModules(services);

  app.notFound((c) => {
    const allow = routes.allowedMethods(c.req.path);
    if (allow.length > 0) return writeProblem(c, problems.methodNotAllowed(allow));
    return writeProblem(c, problems.routeNotFound(c.req.method, c.req.path));
  });

  app.onError((err, c) => {
    if (err instanceof PlatformError) return writeProblem(c, err);
    if (err instanceof HTTPException)
      return writeProblem(c, problem(err.status, err.message || "bad request"));
    (c.get("log") ?? deps.log).error({ err }, "unhandled error");
    return writeProblem(c, problems.internal());
  });

  return services;
}
