import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloud, type Cloud } from "@/lib/cloud/client";
import { getClock } from "@/lib/cloud/devtools";
import { openConsoleDb } from "@/lib/console-store/db";
import { createLoadTestStore, type LoadTestStore } from "@/lib/console-store/load-tests";
import { acceleratedClock, driveLoadTest } from "@/lib/loadtest/runner";
import type { LoadTestSettings } from "@/lib/schemas/load-tests";
import { createEndpoint, startManualPlatform, type JobsPlatform } from "./support/jobs";

/**
 * The load-test runner (lib/loadtest/runner.ts) against a real local platform on its manual clock,
 * driven by the runner's accelerated clock: sends on schedule, follows every job, reads /health,
 * and ends completed, stopped or failed in the console store.
 */
describe("load test runner against a local platform", () => {
  let tp: JobsPlatform;
  let cloud: Cloud;
  let dir: string;
  let store: LoadTestStore;

  beforeAll(async () => {
    tp = await startManualPlatform("sqlite");
    cloud = createCloud(tp.key, {
      config: { apiUrl: tp.url, jobUrl: tp.url, restUrl: tp.url, localKey: undefined },
    });
    dir = mkdtempSync(path.join(tmpdir(), "hangar-loadtest-"));
    store = createLoadTestStore(openConsoleDb(dir));
  });
  afterAll(async () => {
    openConsoleDb(dir).close();
    rmSync(dir, { recursive: true, force: true });
    await tp?.close();
  });

  const settings = (max: number): LoadTestSettings => ({
    workersMin: 0,
    workersMax: max,
    idleTimeout: 5,
    scalerType: "QUEUE_DELAY",
    scalerValue: 1,
    pricePerWorkerSecond: 0.0002,
    gpuPool: "ADA_24",
  });

  function newRun(endpointId: string, requests: number, rate: number, max: number, delay = 1) {
    return store.insert({
      owner: "me",
      endpointId,
      requests,
      rate,
      accelerated: true,
      body: { input: { mock_delay: delay } },
      settings: settings(max),
    });
  }

  it("60 requests at 20/s on one worker: all complete, workers hit max, the queue waits, and it says to raise max workers", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1, idleTimeout: 5 } });
    const run = newRun(ep, 60, 20, 1, 0.5);
    const clock = await acceleratedClock(cloud);
    const done = await driveLoadTest({
      cloud,
      store,
      owner: "me",
      run,
      clock,
      signal: new AbortController().signal,
      persistEveryMs: 0,
    });
    expect(done!.status).toBe("completed");
    const p = done!.progress;
    expect(p).toMatchObject({ sent: 60, completed: 60, failed: 0, refused: 0, peakWorkers: 1 });
    // Each job runs 0.5 s (platform time); 30 s of work on 1 worker: the last waited ~27 s.
    expect(p.latency!.p50).toBeGreaterThanOrEqual(500);
    expect(p.latency!.p99).toBeGreaterThan(20_000);
    expect(p.delay!.p95).toBeGreaterThan(20_000);
    expect(p.peakQueue).toBeGreaterThan(30);
    expect(p.spend).toBeGreaterThan(0);
    // Sending took ~3 s of load time; draining ~30 s in all.
    expect(p.elapsed).toBeGreaterThanOrEqual(29_000);
    expect(done!.samples.some((s) => s.running === 1 && s.inQueue > 0)).toBe(true);
    // 20/s × 0.5 s = 10 workers busy to keep up
    expect(done!.suggestions[0]).toMatchObject({ kind: "raise-max-workers" });
    expect(done!.suggestions[0]!.text).toContain("raise max workers to 10");
    // The platform's clock stays manual: it was manual before the run.
    expect((await getClock(cloud)).mode).toBe("manual");
  }, 120_000);

  it("a stopped run ends stopped at once, having sent only part of its load, and its queued jobs are cancelled", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 1, idleTimeout: 5 } });
    const run = newRun(ep, 1000, 5, 1);
    const abort = new AbortController();
    const clock = await acceleratedClock(cloud);
    const tick = clock.tick.bind(clock);
    let steps = 0;
    clock.tick = async (signal) => {
      if (++steps === 5) abort.abort();
      return tick(signal);
    };
    const done = await driveLoadTest({
      cloud,
      store,
      owner: "me",
      run,
      clock,
      signal: abort.signal,
    });
    expect(done!.status).toBe("stopped");
    expect(done!.reason).toBe("Stopped by you.");
    expect(done!.progress.sent).toBeGreaterThan(0);
    expect(done!.progress.sent).toBeLessThan(1000);
    const health = (await (await tp.request(`/v2/${ep}/health`)).json()) as {
      jobs: { inQueue: number };
    };
    expect(health.jobs.inQueue).toBe(0);
  });

  it("an endpoint that does not exist fails the run with the reason", async () => {
    const run = newRun("no-such-endpoint", 10, 5, 1);
    const clock = await acceleratedClock(cloud);
    const done = await driveLoadTest({
      cloud,
      store,
      owner: "me",
      run,
      clock,
      signal: new AbortController().signal,
    });
    expect(done!.status).toBe("failed");
    expect(done!.reason).toMatch(/endpoint no longer answers \(404/);
  });
});
