import { afterAll, beforeAll, expect, it } from "vitest";
import { CLIENT_LONG_POLLS } from "@/lib/platform/jobs/engine/client-timeouts";
import { describeEachBackend } from "./support/backends";
import { createEndpoint, workerCall, workerEnvOf, workerUrls } from "./support/jobs";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)); // the client's own pause, as it sleeps
const longPoll = (client: string, operation: string) =>
  CLIENT_LONG_POLLS.find((p) => p.client === client && p.operation === operation)!;
const pythonStream = longPoll("Python client", "stream");

/**
 * Replays the official Python client's `Job.stream()` in TypeScript with its exact timing: sleep
 * 1 s, GET /stream with a 10 s read timeout, yield the chunks, stop at a final status with no
 * chunks. A request that reaches the timeout fails the replay (the real client would wait the
 * full 10 s and retry).
 */
async function pythonStyleStream(tp: TestPlatform, endpointId: string, jobId: string) {
  const outputs: unknown[] = [];
  let polls = 0;
  for (;;) {
    await sleep(pythonStream.pauseMs);
    polls++;
    const res = await fetch(`${tp.url}/v2/${endpointId}/stream/${jobId}`, {
      headers: { Authorization: `Bearer ${tp.key}`, "Content-Type": "application/json" },
      signal: AbortSignal.timeout(pythonStream.timeoutMs!),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; stream: { output: unknown }[] };
    const final = ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"].includes(body.status);
    if (!final || body.stream.length > 0) outputs.push(...body.stream.map((c) => c.output));
    else return { outputs, polls, status: body.status };
  }
}

async function submit(tp: TestPlatform, endpointId: string, input: unknown): Promise<string> {
  const res = await fetch(`${tp.url}/v2/${endpointId}/run`, {
    method: "POST",
    headers: { Authorization: `Bearer ${tp.key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ input }),
    signal: AbortSignal.timeout(10_000), // the Python client's /run timeout
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** Real time and the platform's default holds: what a user's client meets. */
describeEachBackend("official clients' long-polls end inside their read timeouts", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend, env: { PLATFORM_COLD_START_MS: "6000/300/300" } });
  });
  afterAll(async () => tp?.close());

  it("a Python-style stream() of a quick generator ends two polls after it starts, every chunk once and in order", async () => {
    const ep = await createEndpoint(tp, {
      args: "--generator",
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 1, max: 1 },
    });
    const id = await submit(tp, ep, { mock_return: ["a", "b", "c"] });
    const result = await pythonStyleStream(tp, ep, id);
    expect(result).toMatchObject({ outputs: ["a", "b", "c"], status: "COMPLETED" });
    // One poll reads the chunks, the next sees COMPLETED with nothing left (a third at most when
    // the worker was still warming up at the first).
    expect(result.polls).toBeLessThanOrEqual(3);
  }, 30_000);

  it("a Python-style stream() of a generator silent for 12 s (longer than the client's 10 s timeout) never times out", async () => {
    const ep = await createEndpoint(tp, {
      args: "--generator",
      flashboot: "PRIORITY_FLASHBOOT",
      workers: { min: 1, max: 1 },
    });
    const id = await submit(tp, ep, { mock_delay: 12, mock_return: ["late", "later"] });
    const result = await pythonStyleStream(tp, ep, id);
    expect(result).toMatchObject({ outputs: ["late", "later"], status: "COMPLETED" });
  }, 40_000);

  it("a Python-style stream() of a job queued behind a 6 s cold start never times out", async () => {
    const ep = await createEndpoint(tp, { args: "--generator", workers: { min: 0, max: 1 } });
    const id = await submit(tp, ep, { mock_return: ["x"] });
    const result = await pythonStyleStream(tp, ep, id);
    expect(result).toMatchObject({ outputs: ["x"], status: "COMPLETED" });
  }, 40_000);

  it("the Python worker runtime's held job-stop (its job running) and job-take (nothing queued) each end inside its 90 s read timeout, and the job's result is then accepted", async () => {
    const ep = await createEndpoint(tp, { image: "acme/handler:2" });
    const busy = workerUrls(await workerEnvOf(tp, ep, `w-busy-${backend}`));
    const idle = workerUrls(await workerEnvOf(tp, ep, `w-idle-${backend}`));
    const id = await submit(tp, ep, { long: true });
    expect((await workerCall(tp, busy.take(0))).body).toMatchObject({ id });
    // Each request with the runtime's own read timeout: one that reached it would throw here.
    const held = (url: string, operation: "job-take" | "job-stop") =>
      workerCall(tp, url, {
        signal: AbortSignal.timeout(longPoll("Python worker runtime", operation).timeoutMs!),
      });
    const [stop, take] = await Promise.all([
      held(busy.stop, "job-stop"),
      held(idle.take(0), "job-take"),
    ]);
    expect(stop.status).toBe(204);
    expect(take.status).toBe(204);
    expect(
      (await workerCall(tp, busy.done(id), { body: { output: "late but whole" } })).status,
    ).toBe(200);
    const res = await fetch(`${tp.url}/v2/${ep}/status/${id}`, {
      headers: { Authorization: `Bearer ${tp.key}` },
    });
    expect(await res.json()).toMatchObject({ status: "COMPLETED", output: "late but whole" });
  }, 120_000);
});
