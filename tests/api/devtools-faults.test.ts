import { afterAll, beforeAll, expect, it } from "vitest";
import { Fault, ListFaultsResponse } from "@/lib/schemas/devtools";
import { describeEachBackend } from "./support/backends";
import { createPod, getPod, GPU, podBody } from "./support/compute";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";

describeEachBackend("devtools: fault injection", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  async function inject(json: Record<string, unknown>): Promise<Fault> {
    const res = await tp.request("/_platform/faults", { method: "POST", json });
    const body = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(body)).toBe(201);
    return Fault.parse(body);
  }
  async function faults() {
    const res = await tp.request("/_platform/faults");
    expect(res.status).toBe(200);
    return ListFaultsResponse.parse(await res.json()).faults;
  }
  async function jobStatus(ep: string, id: string) {
    return (await status(tp, ep, id)).body;
  }
  /** An endpoint with one warm worker (instant cold starts in these tests). */
  async function warmEndpoint(): Promise<string> {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await settle(tp);
    return ep;
  }

  it("job.fail fails exactly the next N jobs of the endpoint with the message, then ends", async () => {
    const ep = await warmEndpoint();
    const other = await warmEndpoint();
    const f = await inject({ kind: "job.fail", endpointId: ep, count: 2, message: "boom" });
    expect(f).toMatchObject({ remaining: 2, active: true, endpointId: ep });
    expect((await faults()).map((x) => x.id)).toContain(f.id);
    const untouched = await run(tp, other, { mock_return: "ok" });
    const a = await run(tp, ep, { mock_return: "ok" });
    const b = await run(tp, ep, { mock_return: "ok" });
    const c = await run(tp, ep, { mock_return: "ok" });
    await settle(tp);
    expect(await jobStatus(other, untouched)).toMatchObject({ status: "COMPLETED" });
    expect(await jobStatus(ep, a)).toMatchObject({ status: "FAILED", error: "boom" });
    expect(await jobStatus(ep, b)).toMatchObject({ status: "FAILED", error: "boom" });
    expect(await jobStatus(ep, c)).toMatchObject({ status: "COMPLETED", output: "ok" });
    expect((await faults()).map((x) => x.id)).not.toContain(f.id);
  });

  it("a fault with a duration affects every job until the platform clock passes it", async () => {
    const ep = await warmEndpoint();
    const f = await inject({ kind: "job.fail", endpointId: ep, durationMs: 60_000 });
    expect(f.remaining).toBeNull();
    expect(f.expiresAt).not.toBeNull();
    const ids = [await run(tp, ep, {}), await run(tp, ep, {}), await run(tp, ep, {})];
    await settle(tp);
    for (const id of ids)
      expect(await jobStatus(ep, id)).toMatchObject({ status: "FAILED", error: "injected fault" });
    await advance(tp, 60_000);
    expect(await faults()).toEqual([]);
    const after = await run(tp, ep, {});
    await settle(tp);
    expect(await jobStatus(ep, after)).toMatchObject({ status: "COMPLETED" });
  });

  it("a global fault (no endpoint) affects any endpoint of the account, not other accounts", async () => {
    const ep = await warmEndpoint();
    await inject({ kind: "job.fail" });
    const otherKey = await tp.otherAccountKey();
    const otherList = await tp.request("/_platform/faults", { auth: otherKey });
    expect(ListFaultsResponse.parse(await otherList.json()).faults).toEqual([]);
    const id = await run(tp, ep, {});
    await settle(tp);
    expect(await jobStatus(ep, id)).toMatchObject({ status: "FAILED" });
    expect(await faults()).toEqual([]);
  });

  it("job.timeout ends the next job TIMED_OUT, then jobs run again", async () => {
    const ep = await warmEndpoint();
    await inject({ kind: "job.timeout", endpointId: ep });
    const a = await run(tp, ep, { mock_return: "late" });
    await settle(tp);
    expect(await jobStatus(ep, a)).toMatchObject({ status: "TIMED_OUT" });
    const b = await run(tp, ep, { mock_return: "on time" });
    await settle(tp);
    expect(await jobStatus(ep, b)).toMatchObject({ status: "COMPLETED", output: "on time" });
    expect(await faults()).toEqual([]);
  });

  it("worker.crash removes the worker mid-job; the job is requeued and completes on a new worker", async () => {
    const ep = await warmEndpoint();
    const before = await workerIds(ep);
    await inject({ kind: "worker.crash", endpointId: ep });
    const id = await run(tp, ep, { mock_return: "survived" });
    await settle(tp);
    await advance(tp, 1_000);
    const s = await jobStatus(ep, id);
    expect(s).toMatchObject({ status: "COMPLETED", output: "survived" });
    expect(before).not.toContain(s.workerId);
    const timeline = (await (await tp.request(`/_platform/jobs/${id}`)).json()) as {
      events: { type: string; detail: string | null }[];
    };
    expect(timeline.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["fault", "worker.removed", "requeued", "completed"]),
    );
    expect(await faults()).toEqual([]);
  });

  async function workerIds(ep: string): Promise<string[]> {
    const res = await tp.request(`/v2/serverless/${ep}/workers`);
    return ((await res.json()) as { workers: { id: string }[] }).workers.map((w) => w.id);
  }
  async function workerStatuses(ep: string): Promise<string[]> {
    const res = await tp.request(`/v2/serverless/${ep}/workers`);
    return ((await res.json()) as { workers: { status: string }[] }).workers.map((w) => w.status);
  }

  it("coldstart.slow makes the next cold start take coldStartSeconds", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1 } });
    await inject({ kind: "coldstart.slow", endpointId: ep, coldStartSeconds: 20, count: 1 });
    const id = await run(tp, ep, {});
    await settle(tp);
    expect(await workerStatuses(ep)).toEqual(["INITIALIZING"]);
    await advance(tp, 19_999);
    expect(await jobStatus(ep, id)).toMatchObject({ status: "IN_QUEUE" });
    await advance(tp, 1);
    expect(await jobStatus(ep, id)).toMatchObject({ status: "COMPLETED" });
    expect(await faults()).toEqual([]);
  });

  it("capacity.none throttles new workers and stops pods from placing until it ends", async () => {
    // The pod's GPU type (RTX 4090) belongs to the ADA_24 pool.
    const ep = await createEndpoint(tp, {
      workers: { min: 0, max: 1 },
      gpu: { pools: ["ADA_24"] },
    });
    const f = await inject({ kind: "capacity.none", scope: "pool:ADA_24", durationMs: 30_000 });
    const id = await run(tp, ep, {});
    await settle(tp);
    expect(await workerStatuses(ep)).toEqual(["THROTTLED"]);
    const pod = await tp.request("/v2/pods", { method: "POST", json: podBody() });
    expect(pod.status).toBe(400);
    expect(await pod.text()).toContain(`no capacity for 1× ${GPU}`);
    await advance(tp, 30_000);
    expect((await faults()).map((x) => x.id)).not.toContain(f.id);
    await settle(tp);
    expect(await jobStatus(ep, id)).toMatchObject({ status: "COMPLETED" });
    expect((await createPod(tp)).id).toBeTruthy();
  });

  it("pod.error puts the pod in ERROR at once and is not kept as an active fault", async () => {
    const pod = await createPod(tp);
    const f = await inject({ kind: "pod.error", podId: pod.id });
    expect(f).toMatchObject({ active: false, hits: 1 });
    expect((await getPod(tp, pod.id)).status).toBe("ERROR");
    expect(await faults()).toEqual([]);
    const missing = await tp.request("/_platform/faults", {
      method: "POST",
      json: { kind: "pod.error", podId: "nope" },
    });
    expect(missing.status).toBe(404);
  });

  it("job.rate-limit answers 429 on the chosen operation for the count, with Retry-After", async () => {
    const ep = await warmEndpoint();
    const id = await run(tp, ep, {});
    await inject({ kind: "job.rate-limit", endpointId: ep, operation: "status", count: 2 });
    const run2 = await jobApi(tp, ep, "/run", { method: "POST", json: { input: {} } });
    expect(run2.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await jobApi(tp, ep, `/status/${id}`);
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe("1");
      expect(r.body.error).toContain("injected fault");
    }
    expect((await jobApi(tp, ep, `/status/${id}`)).status).toBe(200);
    expect(await faults()).toEqual([]);
  });

  it("webhook.down fails the delivery as a 503 without calling the receiver, then the retry lands", async () => {
    const inbox = (await (await tp.request("/_platform/inbox")).json()) as { receiverUrl: string };
    const ep = await warmEndpoint();
    await inject({ kind: "webhook.down", url: "/_platform/inbox/", count: 1 });
    const id = await run(tp, ep, { mock_return: "hooked" }, { webhook: inbox.receiverUrl });
    await settle(tp);
    const list = async () =>
      (
        (await (await tp.request(`/_platform/webhooks?jobId=${id}`)).json()) as {
          webhooks: { status: string; attempts: { statusCode: number | null; error: string }[] }[];
        }
      ).webhooks[0]!;
    expect((await list()).attempts).toEqual([
      expect.objectContaining({ statusCode: 503, error: expect.stringContaining("injected") }),
    ]);
    await advance(tp, 10_000);
    expect(await list()).toMatchObject({ status: "delivered" });
    expect(await faults()).toEqual([]);
  });

  it("a fault can be removed by id or all at once", async () => {
    const a = await inject({ kind: "job.fail", count: 5 });
    await inject({ kind: "webhook.down" });
    expect((await tp.request(`/_platform/faults/${a.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await tp.request(`/_platform/faults/${a.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await faults()).toHaveLength(1);
    expect((await tp.request("/_platform/faults", { method: "DELETE" })).status).toBe(204);
    expect(await faults()).toEqual([]);
  });

  it("refuses an invalid fault with a precise problem", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: "nope" }, 422, "kind"],
      [{ kind: "job.fail", count: 1, durationMs: 5 }, 400, "not both"],
      [{ kind: "capacity.none" }, 400, "scope"],
      [{ kind: "capacity.none", scope: "pool:NOPE" }, 400, "unknown GPU pool"],
      [{ kind: "coldstart.slow" }, 400, "coldStartSeconds"],
      [{ kind: "job.fail", endpointId: "missing" }, 404, "endpoint"],
    ];
    for (const [json, code, text] of cases) {
      const res = await tp.request("/_platform/faults", { method: "POST", json });
      const body = (await res.json()) as { detail: string; errors?: string[] };
      expect(res.status, JSON.stringify(body)).toBe(code);
      expect(JSON.stringify(body)).toContain(text);
    }
    expect(await faults()).toEqual([]);
  });
});
