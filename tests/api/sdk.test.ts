import runpodSdk from "runpod-sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "@/lib/worker";
import { describeEachBackend } from "./support/backends";
import { createEndpoint, eventually, startRealPlatform, workerEnvOf } from "./support/jobs";
import type { TestPlatform } from "./support/platform";

type SdkEndpoint = NonNullable<ReturnType<ReturnType<typeof runpodSdk>["endpoint"]>>;

/** "Done when": the official JS SDK (`runpod-sdk` 1.1.2) against built-in and external-worker endpoints. */
describeEachBackend("official JS SDK (runpod-sdk)", (backend) => {
  let tp: TestPlatform;
  let worker: RunningWorker;
  let mock: SdkEndpoint;
  let mockStream: SdkEndpoint;
  let external: SdkEndpoint;
  let idle: SdkEndpoint;

  beforeAll(async () => {
    tp = await startRealPlatform(backend);
    const sdk = runpodSdk(tp.key, { baseUrl: `${tp.url}/v2` });
    mock = sdk.endpoint(await createEndpoint(tp))!;
    mockStream = sdk.endpoint(await createEndpoint(tp, { args: "--generator" }))!;
    idle = sdk.endpoint(await createEndpoint(tp, { workers: { min: 0, max: 0 } }))!;
    const extId = await createEndpoint(tp, { image: "acme/sdk-worker:1" });
    external = sdk.endpoint(extId)!;
    worker = startWorker({
      env: await workerEnvOf(tp, extId),
      concurrency: 2,
      handler: async function* (job, ctx) {
        const input = job.input as { words?: string[]; hold?: boolean };
        if (input.hold)
          await new Promise<void>((r) => ctx.signal.addEventListener("abort", () => r()));
        for (const w of input.words ?? ["hello", "from", "ts"]) yield w.toUpperCase();
      },
      returnAggregateStream: true,
    });
  });
  afterAll(async () => {
    await worker?.kill();
    await tp?.close();
  });

  it("run + status (built-in mock image)", async () => {
    const started = await mock.run({ input: { mock_return: "queued result" } });
    expect(started).toEqual({ id: expect.stringMatching(/-u1$/), status: "IN_QUEUE" });
    const done = await eventually(async () => {
      const s = await mock.status(started.id);
      expect(s.status).toBe("COMPLETED");
      return s as Record<string, unknown>;
    });
    expect(done).toMatchObject({
      id: started.id,
      output: "queued result",
      started: true,
      completed: true,
      succeeded: true,
    });
  });

  it("runSync (built-in mock image)", async () => {
    const r = await mock.runSync({ input: { mock_return: [1, 2] } });
    expect(r).toMatchObject({
      status: "COMPLETED",
      output: [1, 2],
      completed: true,
      succeeded: true,
    });
    expect(r.id).toMatch(/^sync-/);
  });

  it("runSync of a failing job reports FAILED without throwing", async () => {
    const r = (await mock.runSync({ input: { mock_error: true } })) as unknown as Record<
      string,
      unknown
    >;
    expect(r).toMatchObject({ status: "FAILED", completed: true, succeeded: false });
  });

  it("stream (built-in generator) yields every chunk once and ends", async () => {
    const { id } = await mockStream.run({ input: { mock_return: ["a", "b", "c"] } });
    const chunks: unknown[] = [];
    for await (const c of mockStream.stream(id)) chunks.push(c);
    expect(chunks).toEqual([{ output: "a" }, { output: "b" }, { output: "c" }]);
  });

  it("cancel, health and purgeQueue", async () => {
    const a = await idle.run({ input: {} });
    const b = await idle.run({ input: {} });
    const c = await idle.run({ input: {} });
    expect(await idle.cancel(a.id)).toMatchObject({ id: a.id, status: "CANCELLED" });
    const health = await idle.health();
    expect(health).toMatchObject({
      jobs: { inQueue: 2, inProgress: 0 },
      workers: { idle: 0, initializing: 0, ready: 0, running: 0, throttled: 0 },
    });
    expect(await idle.purgeQueue()).toEqual({ removed: 2, status: "completed" });
    expect(await idle.status(b.id)).toMatchObject({ status: "CANCELLED" });
    expect(await idle.status(c.id)).toMatchObject({ status: "CANCELLED" });
    expect((await idle.health()).jobs).toMatchObject({ inQueue: 0 });
  });

  it("runSync, stream and cancel against an external worker (lib/worker)", async () => {
    const r = await external.runSync({ input: { words: ["x", "y"] } });
    expect(r).toMatchObject({ status: "COMPLETED", output: ["X", "Y"] });
    const { id } = await external.run({ input: { words: ["s", "t", "u"] } });
    const chunks: unknown[] = [];
    for await (const c of external.stream(id)) chunks.push(c);
    expect(chunks).toEqual([{ output: "S" }, { output: "T" }, { output: "U" }]);
    const held = await external.run({ input: { hold: true } });
    await eventually(async () =>
      expect((await external.status(held.id)).status).toBe("IN_PROGRESS"),
    );
    expect(await external.cancel(held.id)).toMatchObject({ id: held.id, status: "CANCELLED" });
    expect(await external.health()).toMatchObject({
      jobs: { inProgress: 0 },
      workers: { ready: 1 },
    });
  });

  it("a bad key answers 401 (the SDK's HTTP client rejects it)", async () => {
    const bad = runpodSdk("rpa_WRONG000000000000000000000000000000000", {
      baseUrl: `${tp.url}/v2`,
    }).endpoint(mock.endpointId)!;
    await expect(bad.health()).rejects.toThrow();
  });
});
