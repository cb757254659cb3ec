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

const endpoints = await import("./endpoints");
const jobs = await import("./jobs");
const volumes = await import("./network-volumes");
const keys = await import("./api-keys");
const pods = await import("./pods");
const templates = await import("./templates");

const ACTIONS: [string, () => Promise<{ ok: boolean; problem?: { status: number } }>][] = [
  ["createEndpoint", () => endpoints.createEndpoint({} as never)],
  ["updateEndpoint", () => endpoints.updateEndpoint({ id: "x", patch: {} })],
  ["deleteEndpoint", () => endpoints.deleteEndpoint({ id: "x" })],
  ["runJob", () => jobs.runJob({ endpointId: "x", request: { input: {} } })],
  ["purgeQueue", () => jobs.purgeQueue({ endpointId: "x" })],
  ["createNetworkVolume", () => volumes.createNetworkVolume({} as never)],
  ["updateNetworkVolume", () => volumes.updateNetworkVolume({ id: "x", patch: { size: 20 } })],
  ["deleteNetworkVolume", () => volumes.deleteNetworkVolume({ id: "x" })],
  ["createApiKey", () => keys.createApiKey({ name: "k" })],
  ["updateApiKey", () => keys.updateApiKey({ id: "x", patch: { disabled: true } })],
  ["deleteApiKey", () => keys.deleteApiKey({ id: "x" })],
  ["createPod", () => pods.createPod({} as never)],
  ["updatePod", () => pods.updatePod({ id: "x", patch: { locked: true } })],
  ["runPodAction", () => pods.runPodAction({ id: "x", action: "stop" })],
  ["createTemplate", () => templates.createTemplate({} as never)],
  ["updateTemplate", () => templates.updateTemplate({ id: "x", patch: { name: "t" } })],
  ["deleteTemplate", () => templates.deleteTemplate({ id: "x" })],
];

const ROUTES: [string, () => Promise<{ GET: (req: Request, ctx: never) => Promise<Response> }>][] =
  [
    ["/api/serverless", () => import("@/app/api/serverless/route")],
    ["/api/serverless/x", () => import("@/app/api/serverless/[id]/route")],
    ["/api/serverless/x/workers", () => import("@/app/api/serverless/[id]/workers/route")],
    ["/api/serverless/x/releases", () => import("@/app/api/serverless/[id]/releases/route")],
    ["/api/serverless/x/requests", () => import("@/app/api/serverless/[id]/requests/route")],
    ["/api/catalog/gpus", () => import("@/app/api/catalog/gpus/route")],
    ["/api/catalog/datacenters", () => import("@/app/api/catalog/datacenters/route")],
    ["/api/templates", () => import("@/app/api/templates/route")],
    ["/api/network-volumes", () => import("@/app/api/network-volumes/route")],
    ["/api/keys", () => import("@/app/api/keys/route")],
    ["/api/pods", () => import("@/app/api/pods/route")],
    ["/api/pods/x", () => import("@/app/api/pods/[id]/route")],
    ["/api/templates/x", () => import("@/app/api/templates/[id]/route")],
    ["/api/billing", () => import("@/app/api/billing/route")],
  ];

describe("without a session", () => {
  it.each(ACTIONS)("server action %s answers a 401 problem", async (_name, call) => {
    const result = await call();
    expect(result.ok).toBe(false);
    expect(result.problem?.status).toBe(401);
  });

  it.each(ROUTES)("GET %s answers 401 problem+json", async (path, load) => {
    const { GET } = await load();
    const response = await GET(new Request(`http://console.test${path}`), {
      params: Promise.resolve({ id: "x" }),
    } as never);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 401, title: "Unauthorized" });
  });

  it("never called the platform", () => {
    expect(fetch).not.toHaveBeenCalled();
  });
});
