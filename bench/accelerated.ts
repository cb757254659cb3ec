import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCloud } from "@/lib/cloud/client";
import { openConsoleDb } from "@/lib/console-store/db";
import { createLoadTestStore } from "@/lib/console-store/load-tests";
import { acceleratedStepMs, sendDurationMs } from "@/lib/loadtest/plan";
import { acceleratedClock, driveLoadTest } from "@/lib/loadtest/runner";

/** An hour of traffic: one request a second, each 0.5 s of work, on an endpoint scaling from 0. */
export const ACCELERATED_PLAN = { requests: 3600, rate: 1, mockDelayS: 0.5, maxWorkers: 10 };
/** "An hour of traffic plays out in a minute." */
export const ACCELERATION_GOAL = 60;

export interface AcceleratedRun {
  loadMs: number;
  wallMs: number;
  factor: number;
  stepMs: number;
  sent: number;
  completed: number;
  peakWorkers: number;
}

/**
 * The console's load-test runner (lib/loadtest/runner.ts) on the platform's accelerated clock,
 * in this process against the platform at `url` (its own process), as the console runs it.
 */
export async function acceleratedLoadTest(url: string, key: string): Promise<AcceleratedRun> {
  const plan = ACCELERATED_PLAN;
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const res = await fetch(`${url}/v2/serverless`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "bench-accelerated",
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      workers: { min: 0, max: plan.maxWorkers, idleTimeout: 5 },
    }),
  });
  if (res.status !== 201) throw new Error(`endpoint create: ${res.status} ${await res.text()}`);
  const endpointId = ((await res.json()) as { id: string }).id;

  const dir = mkdtempSync(path.join(tmpdir(), "hangar-bench-loadtest-"));
  const db = openConsoleDb(dir);
  try {
    const store = createLoadTestStore(db);
    const cloud = createCloud(key, {
      config: { apiUrl: url, jobUrl: url, restUrl: url, localKey: undefined },
    });
    const run = store.insert({
      owner: "bench",
      endpointId,
      requests: plan.requests,
      rate: plan.rate,
      accelerated: true,
      body: { input: { mock_delay: plan.mockDelayS } },
      settings: {
        workersMin: 0,
        workersMax: plan.maxWorkers,
        idleTimeout: 5,
        scalerType: "QUEUE_DELAY",
        scalerValue: 1,
        pricePerWorkerSecond: 0.0002,
        gpuPool: "ADA_24",
      },
    });
    const stepMs = acceleratedStepMs(sendDurationMs(plan.requests, plan.rate));
    const clock = await acceleratedClock(cloud, stepMs);
    const started = performance.now();
    const done = await driveLoadTest({
      cloud,
      store,
      owner: "bench",
      run,
      clock,
      signal: new AbortController().signal,
    });
    const wallMs = performance.now() - started; // the runner gave the clock back at its end
    if (!done || done.status !== "completed")
      throw new Error(`accelerated load test ended ${done?.status}: ${done?.reason ?? ""}`);
    const p = done.progress;
    return {
      loadMs: p.elapsed,
      wallMs: Math.round(wallMs),
      factor: Math.round((p.elapsed / wallMs) * 10) / 10,
      stepMs,
      sent: p.sent,
      completed: p.completed,
      peakWorkers: p.peakWorkers,
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
