import { afterAll, beforeAll, expect, it } from "vitest";
import { ListServedRequestsResponse } from "@/lib/schemas/devtools";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

describeEachBackend("devtools: request inspector", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  async function served(query = "") {
    const res = await tp.request(`/_platform/requests${query}`);
    const body = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return ListServedRequestsResponse.parse(body).requests;
  }

  it("lists served requests newest first with method, path, status, latency and key name — never the key", async () => {
    await tp.request("/v2/serverless");
    await tp.request("/v2/templates/nope");
    const [latest, previous] = await served();
    expect(latest).toMatchObject({
      method: "GET",
      path: "/v2/templates/nope",
      status: 404,
      keyName: "default",
      area: "management",
    });
    expect(latest!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(previous).toMatchObject({ path: "/v2/serverless", status: 200 });
    const text = JSON.stringify(await served());
    expect(text).not.toContain(tp.key);
    expect(text).not.toContain(tp.key.slice(4, 20));
  });

  it("filters by method, status class, exact status, path and area", async () => {
    await tp.request("/v2/serverless", { method: "POST", json: {} });
    await tp.request("/v2/pods");
    expect((await served("?method=post")).every((r) => r.method === "POST")).toBe(true);
    expect((await served("?status=4xx")).every((r) => r.status >= 400 && r.status < 500)).toBe(
      true,
    );
    expect((await served("?status=422")).map((r) => r.status)).toContain(422);
    expect((await served("?path=/v2/pods")).every((r) => r.path.includes("/v2/pods"))).toBe(true);
    expect((await served("?area=management&limit=1")).length).toBe(1);
  });

  it("shows requests without a valid key (keyName null) but never another account's", async () => {
    await tp.request("/v2/serverless", { auth: null });
    const other = await tp.otherAccountKey();
    await tp.request("/v2/network-volumes", { auth: other });
    const list = await served();
    expect(list.find((r) => r.status === 401)).toMatchObject({ keyName: null });
    expect(list.some((r) => r.path === "/v2/network-volumes")).toBe(false);
  });

  it("leaves out control-API reads (the console polls them) but keeps control writes", async () => {
    await tp.request("/_platform/clock");
    await tp.request("/_platform/inbox", { method: "DELETE" });
    const list = await served("?area=control");
    expect(list.some((r) => r.method === "GET")).toBe(false);
    expect(list[0]).toMatchObject({ method: "DELETE", path: "/_platform/inbox", status: 204 });
  });

  it("refuses a bad filter with 422", async () => {
    const res = await tp.request("/_platform/requests?status=abc");
    expect(res.status).toBe(422);
  });
});
