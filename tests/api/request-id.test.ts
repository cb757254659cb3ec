import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEndpoint, startRealPlatform } from "./support/jobs";
import type { TestPlatform } from "./support/platform";
import { rawRequest } from "./support/raw-http";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The id is set on Node's outgoing message before the handler runs and merged into whatever the
// answer writes: each kind of answer must carry exactly one. (The HTTP server is the same on both
// stores: one backend is enough.)
describe("every answer over HTTP carries one X-Request-Id", () => {
  let tp: TestPlatform;
  let endpointId: string;
  let jobId: string;
  beforeAll(async () => {
    tp = await startRealPlatform("sqlite");
    endpointId = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const res = await tp.request(`/v2/${endpointId}/run`, { method: "POST", json: { input: {} } });
    jobId = ((await res.json()) as { id: string }).id;
  });
  afterAll(async () => tp?.close());

  it("job answers, problems, management and control answers each carry their own id", async () => {
    const other = await tp.otherAccountKey();
    const answers = [
      await rawRequest(tp.url, "GET", `/v2/${endpointId}/status/${jobId}`, { key: tp.key }),
      await rawRequest(tp.url, "GET", `/v2/${endpointId}/status/${jobId}`, { key: tp.key }),
      await rawRequest(tp.url, "POST", `/v2/${endpointId}/run`, {
        key: tp.key,
        body: '{"input":{}}',
      }),
      await rawRequest(tp.url, "GET", `/v2/${endpointId}/status/${jobId}`, { key: other }),
      await rawRequest(tp.url, "GET", `/v2/${endpointId}/status/${jobId}`, { key: null }),
      await rawRequest(tp.url, "GET", `/v2/serverless/${endpointId}`, { key: tp.key }),
      await rawRequest(tp.url, "GET", "/v2/no-such-family-or-endpoint/health", { key: tp.key }),
      await rawRequest(tp.url, "GET", "/_platform/health", {}),
      await rawRequest(tp.url, "GET", "/_platform/whoami", { key: tp.key }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 401, 200, 404, 200, 200]);
    const ids = answers.map((a) => a.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    // The answer's own headers are still there beside it.
    expect(answers[0]!.headers["content-type"]).toMatch(/^application\/json/);
    expect(answers[3]!.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });
});
