import { afterAll, beforeAll, expect, it } from "vitest";
import { ClockState } from "@/lib/schemas/jobs";
import { describeEachBackend } from "./support/backends";
import { BOOT_MS, createPod, getPod } from "./support/compute";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  startRealPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";
import type { TestPlatform } from "./support/platform";

describeEachBackend("devtools: platform time", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend, { PLATFORM_COLD_START_MS: "5000/5000/5000" });
  });
  afterAll(async () => tp?.close());

  async function clock() {
    const res = await tp.request("/_platform/clock");
    expect(res.status).toBe(200);
    return ClockState.parse(await res.json());
  }

  it("the clock is the operator's: another account's all key neither reads nor moves it", async () => {
    const other = await tp.otherAccountKey();
    const before = await clock();
    for (const [path, json] of [
      ["/_platform/clock", undefined],
      ["/_platform/clock", { mode: "real" }],
      ["/_platform/clock/advance", { ms: 60_000 }],
    ] as const) {
      const res = await tp.request(path, {
        method: json ? "POST" : "GET",
        auth: other,
        json,
      });
      expect(res.status, path).toBe(403);
    }
    const after = await clock();
    expect(after).toEqual(before);
  });

  it("reads the manual clock and advancing moves it by exactly the given ms", async () => {
    const before = await clock();
    expect(before.mode).toBe("manual");
    await advance(tp, 90_000);
    const after = await clock();
    expect(after.now - before.now).toBe(90_000);
    expect(after.iso).toBe(new Date(after.now).toISOString());
  });

  it("advancing past a job's ttl deletes it (status answers 404)", async () => {
    // No worker can take it: the endpoint may run none.
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, { x: 1 }, { policy: { ttl: 60_000 } });
    await settle(tp);
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_QUEUE" });
    await advance(tp, 59_999);
    expect((await status(tp, ep, id)).status).toBe(200);
    await advance(tp, 1);
    expect((await status(tp, ep, id)).status).toBe(404);
  });

  it("advancing fires cold starts, execution timeouts and idle scale-down", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1, idleTimeout: 5 } });
    const id = await run(tp, ep, { mock_delay: 30 }, { policy: { executionTimeout: 10_000 } });
    await settle(tp);
    const workers = async () =>
      (
        (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as {
          workers: { status: string }[];
        }
      ).workers;
    expect((await workers()).map((w) => w.status)).toEqual(["INITIALIZING"]);
    await advance(tp, 5_000); // cold start ends, the job starts
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "IN_PROGRESS" });
    await advance(tp, 10_000); // execution timeout
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "TIMED_OUT" });
    expect(await workers()).toHaveLength(1);
    await advance(tp, 5_000); // idle timeout
    expect(await workers()).toHaveLength(0);
  });

  it("advancing fires retention, webhook retries and pod transitions", async () => {
    // Retention: a finished /run job is kept 30 min.
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await advance(tp, 5_000);
    const receiver = `${tp.url}/_platform/inbox/${"e".repeat(32)}`; // unknown token: 404
    const id = await run(tp, ep, {}, { webhook: receiver });
    await settle(tp);
    expect((await status(tp, ep, id)).body).toMatchObject({ status: "COMPLETED" });
    const attempts = async () =>
      (
        (await (await tp.request(`/_platform/webhooks?jobId=${id}`)).json()) as {
          webhooks: { attempts: unknown[] }[];
        }
      ).webhooks[0]!.attempts.length;
    expect(await attempts()).toBe(1);
    await advance(tp, 10_000);
    expect(await attempts()).toBe(2);
    await advance(tp, 10_000);
    expect(await attempts()).toBe(3);
    await advance(tp, 30 * 60_000 - 20_000);
    expect((await status(tp, ep, id)).status).toBe(404);

    // Pods: allocation then container start, on the platform clock.
    const pod = await createPod(tp);
    expect(pod.status).not.toBe("RUNNING");
    await advance(tp, BOOT_MS);
    expect((await getPod(tp, pod.id)).status).toBe("RUNNING");
  });

  it("switches to real time and back to manual", async () => {
    const res = await tp.request("/_platform/clock", { method: "POST", json: { mode: "real" } });
    expect(res.status).toBe(200);
    expect(ClockState.parse(await res.json()).mode).toBe("real");
    const refused = await tp.request("/_platform/clock/advance", {
      method: "POST",
      json: { ms: 1 },
    });
    expect(refused.status).toBe(409);
    const back = await tp.request("/_platform/clock", {
      method: "POST",
      json: { mode: "manual", at: Date.UTC(2026, 6, 1) },
    });
    expect(ClockState.parse(await back.json())).toMatchObject({
      mode: "manual",
      now: Date.UTC(2026, 6, 1),
    });
  });

  it("refuses a negative or non-integer advance with 422", async () => {
    for (const ms of [-1, 1.5, "10"]) {
      const r = await tp.request("/_platform/clock/advance", { method: "POST", json: { ms } });
      expect(r.status).toBe(422);
    }
  });
});

describeEachBackend("devtools: time on a real clock", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startRealPlatform(backend);
  });
  afterAll(async () => tp?.close());

  it("a real-clock platform can switch to manual time and advance it", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const set = await tp.request("/_platform/clock", { method: "POST", json: { mode: "manual" } });
    expect(set.status).toBe(200);
    const r = await jobApi(tp, ep, "/run", {
      method: "POST",
      json: { input: {}, policy: { ttl: 10_000 } },
    });
    const id = r.body.id as string;
    await advance(tp, 10_000);
    expect((await status(tp, ep, id)).status).toBe(404);
  });
});
