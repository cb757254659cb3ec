import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { createClock } from "@/lib/platform/clock";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  FAST_JOBS_ENV,
  jobApi,
  run,
  settle,
  status,
} from "./support/jobs";
import { startTestPlatform, type TestPlatform } from "./support/platform";

/** Timers and scheduling are stored state: a restarted platform picks them up. */
describeEachBackend("job engine across a restart", (backend) => {
  async function platform() {
    const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1) });
    return startTestPlatform({
      backend,
      clock,
      env: { ...FAST_JOBS_ENV, PLATFORM_COLD_START_MS: "0/0/0" },
    });
  }

  it("ttl and retention timers survive a restart", async () => {
    let tp: TestPlatform = await platform();
    try {
      const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
      const queued = await run(tp, ep, {}, { policy: { ttl: 60_000 } });
      const done = await createEndpoint(tp);
      const r = await jobApi(tp, done, "/runsync", { method: "POST", json: { input: {} } });
      tp = await tp.restart();
      expect((await status(tp, ep, queued)).body.status).toBe("IN_QUEUE");
      await advance(tp, 60_000);
      expect((await status(tp, ep, queued)).status).toBe(404);
      expect((await status(tp, done, r.body.id as string)).status).toBe(404);
    } finally {
      await tp.close();
    }
  });

  it("a job running on a built-in worker when the platform stops runs again after the restart; min workers come back", async () => {
    let tp: TestPlatform = await platform();
    try {
      const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
      const id = await run(tp, ep, { mock_delay: 30, mock_return: "after restart" });
      await settle(tp);
      expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS");
      tp = await tp.restart();
      await settle(tp);
      expect((await jobApi(tp, ep, "/health")).body.workers).toMatchObject({ ready: 1 });
      await advance(tp, 30_000);
      expect((await status(tp, ep, id)).body).toMatchObject({
        status: "COMPLETED",
        output: "after restart",
        retries: 1,
      });
    } finally {
      await tp.close();
    }
  });

  it("a pending webhook retry survives a restart", async () => {
    const calls: number[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        calls.push(Date.now());
        res.writeHead(calls.length === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    let tp: TestPlatform = await platform();
    try {
      const ep = await createEndpoint(tp);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const id = await run(tp, ep, {}, { webhook: url });
      await settle(tp);
      expect(calls).toHaveLength(1);
      tp = await tp.restart();
      await advance(tp, 10_000);
      expect(calls).toHaveLength(2);
      const res = await tp.request(`/_platform/webhooks?jobId=${id}`);
      expect(((await res.json()) as { webhooks: { status: string }[] }).webhooks[0]!.status).toBe(
        "delivered",
      );
    } finally {
      await tp.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
