import { describe, expect, it, vi } from "vitest";

// Signed in, but the console talks to a platform that is not the local one.
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requireSession: async () => ({ apiKey: "rpa_REMOTEKEY" }),
  getApiKey: async () => "rpa_REMOTEKEY",
}));
const environment = vi.hoisted(() => ({
  current: { kind: "remote", url: "https://api.example.test" } as
    { kind: "remote"; url: string } | { kind: "local"; url: string; version: string },
}));
vi.mock("@/lib/cloud/environment", () => ({
  getPlatformEnvironment: async () => environment.current,
}));
// Nothing may reach the real service from a developer tool.
vi.stubGlobal(
  "fetch",
  vi.fn(async () => {
    throw new Error("a developer tool called a non-local platform");
  }),
);

const routes = {
  clock: () => import("@/app/api/platform/clock/route"),
  faults: () => import("@/app/api/platform/faults/route"),
  inbox: () => import("@/app/api/platform/inbox/route"),
  requests: () => import("@/app/api/platform/requests/route"),
  job: () => import("@/app/api/platform/jobs/[jobId]/route"),
  state: () => import("@/app/api/platform/state/route"),
  export: () => import("@/app/api/platform/state/export/route"),
  instanceState: () => import("@/app/api/platform/instance/state/route"),
  instanceExport: () => import("@/app/api/platform/instance/state/export/route"),
};

describe("developer tools against a non-local platform", () => {
  it.each(Object.entries(routes))(
    "GET route %s answers 404 without calling the platform",
    async (_n, load) => {
      const mod = (await load()) as {
        GET: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
      };
      const res = await mod.GET(new Request("http://console.test/api/platform/x"), {
        params: Promise.resolve({ jobId: "x" }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        status: 404,
        detail: expect.stringContaining("local platform"),
      });
    },
  );

  it("every server action answers 404 without calling the platform", async () => {
    const actions = (await import("./devtools")) as Record<
      string,
      (input: unknown) => Promise<{ ok: boolean; problem?: { status: number } }>
    >;
    const inputs: Record<string, unknown> = {
      setClock: { mode: "manual" },
      advanceClock: { ms: 1000 },
      createFault: { kind: "job.fail" },
      removeFault: { id: "f" },
      clearFaults: {},
      redeliverWebhook: { deliveryId: "d" },
      clearInbox: {},
      resetState: {},
      importState: {
        format: "hangar-state",
        version: 1,
        exportedAt: new Date().toISOString(),
        tables: {},
      },
      resetInstanceState: {},
      importInstanceState: {
        format: "hangar-state",
        version: 1,
        exportedAt: new Date().toISOString(),
        tables: {},
      },
    };
    expect(Object.keys(actions).sort()).toEqual(Object.keys(inputs).sort());
    for (const [name, input] of Object.entries(inputs)) {
      const result = await actions[name]!(input);
      expect(result, name).toMatchObject({ ok: false, problem: { status: 404 } });
    }
  });

  it("the developer-tools pages and the job page are not found", async () => {
    const layout = (await import("@/app/(console)/dev/layout")).default;
    await expect(layout({ children: null })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    const jobPage = (await import("@/app/(console)/serverless/[id]/jobs/[jobId]/page")).default;
    await expect(jobPage({ params: Promise.resolve({ id: "e", jobId: "j" }) })).rejects.toThrow(
      /NEXT_HTTP_ERROR_FALLBACK;404/,
    );
  });

  it("the pages render on the local platform", async () => {
    environment.current = { kind: "local", url: "http://127.0.0.1:8000", version: "0.1.0" };
    try {
      const layout = (await import("@/app/(console)/dev/layout")).default;
      await expect(layout({ children: "page" })).resolves.toBe("page");
    } finally {
      environment.current = { kind: "remote", url: "https://api.example.test" };
    }
  });

  it("never called the platform", () => {
    expect(fetch).not.toHaveBeenCalled();
  });
});
