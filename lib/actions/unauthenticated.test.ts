import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";

// No session: the cookie store is empty, so getApiKey() finds no token.
vi.mock("next/headers", () => ({
  cookies: async () => ({ getAll: () => [], get: () => undefined, has: () => false }),
  headers: async () => new Headers(),
}));
// Any call that reached the platform would be a bug: fail loudly instead of connecting.
vi.stubGlobal(
  "fetch",
  vi.fn(async () => {
    throw new Error("no request may leave without a session");
  }),
);
process.env.NEXTAUTH_SECRET ??= "unit-test-secret-0123456789abcdef0123456789";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Route handlers that must answer without a session: next-auth's own sign-in endpoints. */
const PUBLIC_ROUTES = new Set(["app/api/auth/[...nextauth]/route.ts"]);
/** Files in lib/actions that are not server-action modules. */
const NOT_ACTION_MODULES = new Set(["define-action.ts"]);

const files = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((f) =>
    join(dir, f).split(sep).join("/"),
  );

// Discovered, not listed: a new route handler or action module is covered the day it is added.
const routeFiles = files("app/api").filter(
  (f) => /\/route\.tsx?$/.test(f) && !PUBLIC_ROUTES.has(f),
);
const actionFiles = files("lib/actions").filter(
  (f) =>
    /^lib\/actions\/[^/]+\.tsx?$/.test(f) &&
    !/\.test\.tsx?$/.test(f) &&
    !NOT_ACTION_MODULES.has(f.slice("lib/actions/".length)),
);

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => unknown;
type Action = (input: unknown) => Promise<{ ok: boolean; problem?: { status: number } }>;

/** `app/api/serverless/[id]/workers/route.ts` → `/api/serverless/x/workers` and its params. */
function routeOf(file: string) {
  const segments = relative("app", file).split("/").slice(0, -1);
  const params: Record<string, string | string[]> = {};
  const path = segments.map((s) => {
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(s);
    const dynamic = /^\[(.+)\]$/.exec(s);
    if (catchAll) params[catchAll[1]!] = ["x"];
    else if (dynamic) params[dynamic[1]!] = "x";
    return catchAll || dynamic ? "x" : s;
  });
  return { path: `/${path.join("/")}`, params };
}

const load = (file: string) => import(/* @vite-ignore */ join(ROOT, file));

const handlers = (
  await Promise.all(
    routeFiles.map(async (file) => {
      const mod = (await load(file)) as Record<string, unknown>;
      const { path, params } = routeOf(file);
      return HTTP_METHODS.filter((m) => typeof mod[m] === "function").map(
        (method) => [`${method} ${path}`, mod[method] as Handler, method, params] as const,
      );
    }),
  )
).flat();

const actions = (
  await Promise.all(
    actionFiles.map(async (file) => {
      const mod = (await load(file)) as Record<string, unknown>;
      return Object.entries(mod)
        .filter(([, value]) => typeof value === "function")
        .map(([name, value]) => [`${file}: ${name}`, value as Action] as const);
    }),
  )
).flat();

describe("without a session", () => {
  it("discovers the console's route handlers and server actions", () => {
    const names = handlers.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/serverless",
        "GET /api/serverless/x/workers",
        "GET /api/billing",
        "GET /api/pods/x",
        "GET /api/platform/clock",
        "GET /api/platform/faults",
        "GET /api/platform/inbox",
        "GET /api/platform/requests",
        "GET /api/platform/jobs/x",
        "GET /api/platform/state",
        "GET /api/platform/state/export",
        "POST /api/playground/snippet",
        "GET /api/playground/runs/x/timings",
      ]),
    );
    expect(actions.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "lib/actions/endpoints.ts: createEndpoint",
        "lib/actions/jobs.ts: purgeQueue",
        "lib/actions/pods.ts: runPodAction",
        "lib/actions/devtools.ts: advanceClock",
        "lib/actions/devtools.ts: createFault",
        "lib/actions/devtools.ts: importState",
        "lib/actions/devtools.ts: resetState",
      ]),
    );
  });

  it.each(actions)("server action %s answers a 401 problem", async (_name, call) => {
    const result = await call({});
    expect(result.ok).toBe(false);
    expect(result.problem?.status).toBe(401);
  });

  it.each(handlers)("%s answers 401 problem+json", async (name, handler, method, params) => {
    const url = `http://console.test${name.slice(method.length + 1)}`;
    const init: RequestInit =
      method === "GET" || method === "DELETE"
        ? { method }
        : { method, body: "{}", headers: { "content-type": "application/json" } };
    const response = (await handler(new Request(url, init), {
      params: Promise.resolve(params),
    })) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401, title: "Unauthorized" });
  });

  it("never called the platform", () => {
    expect(fetch).not.toHaveBeenCalled();
  });
});
