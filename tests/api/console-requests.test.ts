import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RequestsView } from "@/lib/schemas/requests-view";
import {
  advance,
  createEndpoint,
  run,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";

// The console's requests route handler (app/api/serverless/[id]/requests) against a real local
// platform: the job API's /requests, each failed job's error read into one line on the server for
// the Requests tab. The session is stubbed to the platform's key; the rest is real.

let apiKey = "";
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requireSession: async () => ({ apiKey }),
}));

const route = await import("@/app/api/serverless/[id]/requests/route");

async function requests(tp: JobsPlatform, id: string) {
  apiKey = tp.key;
  process.env.PLATFORM_API_URL = tp.url;
  const res = await route.GET(new Request(`http://console.test/api/serverless/${id}/requests`), {
    params: Promise.resolve({ id }),
  });
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return RequestsView.parse(body);
}

describe("console requests route", () => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform("sqlite");
  });
  afterAll(async () => {
    delete process.env.PLATFORM_API_URL;
    await tp?.close();
  });

  it("reads a failed job's error into one line (its class and message) and gives the other jobs none", async () => {
    const ep = await createEndpoint(tp);
    const failed = await run(tp, ep, { mock_error: true });
    const done = await run(tp, ep, { mock_delay: 1 });
    await advance(tp, 3_000);
    expect((await status(tp, ep, failed)).body.status).toBe("FAILED");
    expect((await status(tp, ep, done)).body.status).toBe("COMPLETED");

    const view = await requests(tp, ep);
    const byId = new Map(view.requests.map((r) => [r.id, r]));
    expect(byId.get(failed)).toMatchObject({
      status: "FAILED",
      errorLine: "Exception: Mock error",
    });
    // The raw error is still there for whoever wants it.
    expect(byId.get(failed)?.error).toBeDefined();
    expect(byId.get(done)).toMatchObject({ status: "COMPLETED" });
    expect(byId.get(done)).not.toHaveProperty("errorLine");
  });
});
