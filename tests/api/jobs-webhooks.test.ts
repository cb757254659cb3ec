import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Job, ListWebhooksResponse } from "@/lib/schemas/jobs";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  run,
  settle,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";

/** A local receiver answering the given statuses in turn (then 200), recording every call. */
async function receiver(statuses: number[]) {
  const calls: { body: unknown; contentType: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString()));
    req.on("end", () => {
      calls.push({ body: JSON.parse(text) as unknown, contentType: req.headers["content-type"] });
      res.writeHead(statuses[calls.length - 1] ?? 200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Seed "Events" 1: completion webhook, retried up to 2 more times 10 s apart on non-200. */
describeEachBackend("job completion webhook", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  async function deliveries(jobId: string) {
    const res = await tp.request(`/_platform/webhooks?jobId=${jobId}`);
    expect(res.status).toBe(200);
    return ListWebhooksResponse.parse(await res.json()).webhooks;
  }

  it("POSTs the status-shaped job to the webhook on completion", async () => {
    const rx = await receiver([]);
    try {
      const ep = await createEndpoint(tp);
      const id = await run(tp, ep, { mock_return: { done: true } }, { webhook: rx.url });
      await settle(tp);
      expect(rx.calls).toHaveLength(1);
      expect(rx.calls[0]!.contentType).toBe("application/json");
      const posted = Job.parse(rx.calls[0]!.body);
      expect(posted).toEqual((await status(tp, ep, id)).body);
      expect(posted).toMatchObject({ id, status: "COMPLETED", output: { done: true } });
      const [d] = await deliveries(id);
      expect(d).toMatchObject({
        jobId: id,
        endpointId: ep,
        url: rx.url,
        status: "delivered",
        nextAttemptAt: null,
      });
      expect(d!.attempts).toEqual([
        expect.objectContaining({ attempt: 1, statusCode: 200, error: null }),
      ]);
    } finally {
      await rx.close();
    }
  });

  it("retries a failing receiver up to 2 more times, 10 s apart on the platform clock; every attempt is recorded", async () => {
    const rx = await receiver([500, 503, 200]);
    try {
      const ep = await createEndpoint(tp);
      const id = await run(tp, ep, { mock_error: true }, { webhook: rx.url });
      await settle(tp);
      expect(rx.calls).toHaveLength(1);
      await advance(tp, 9_999);
      expect(rx.calls).toHaveLength(1);
      await advance(tp, 1);
      expect(rx.calls).toHaveLength(2);
      await advance(tp, 10_000);
      expect(rx.calls).toHaveLength(3);
      expect((rx.calls[2]!.body as { status: string }).status).toBe("FAILED");
      const [d] = await deliveries(id);
      expect(d!.status).toBe("delivered");
      expect(d!.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
        [1, 500],
        [2, 503],
        [3, 200],
      ]);
      const times = d!.attempts.map((a) => Date.parse(a.at));
      expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([10_000, 10_000]);
      await advance(tp, 60_000);
      expect(rx.calls).toHaveLength(3);
    } finally {
      await rx.close();
    }
  });

  it("gives up after 3 attempts without a 200 (a 201 is not a 200); an unreachable receiver is recorded too", async () => {
    const rx = await receiver([201, 500, 500, 500]);
    try {
      const ep = await createEndpoint(tp);
      const id = await run(tp, ep, {}, { webhook: rx.url });
      await advance(tp, 60_000);
      expect(rx.calls).toHaveLength(3);
      const [d] = await deliveries(id);
      expect(d).toMatchObject({ status: "failed", nextAttemptAt: null });
      expect(d!.attempts.map((a) => a.statusCode)).toEqual([201, 500, 500]);
    } finally {
      await rx.close();
    }
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, {}, { webhook: "http://127.0.0.1:9/unreachable" });
    await advance(tp, 30_000);
    const [d] = await deliveries(id);
    expect(d!.attempts).toHaveLength(3);
    expect(d!.attempts[0]).toMatchObject({ statusCode: null, error: expect.any(String) });
  });

  it("does not follow redirects: a 302 is a failed attempt, retried like any failure, and the target is never called", async () => {
    const target = await receiver([]);
    let redirects = 0;
    const redirector = http.createServer((req, res) => {
      redirects++;
      req.resume();
      res.writeHead(302, { Location: target.url }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hook`;
    try {
      const ep = await createEndpoint(tp);
      const id = await run(tp, ep, {}, { webhook: url });
      await advance(tp, 30_000);
      expect(redirects).toBe(3);
      expect(target.calls).toHaveLength(0);
      const [d] = await deliveries(id);
      expect(d).toMatchObject({ status: "failed", nextAttemptAt: null });
      expect(d!.attempts.map((a) => a.statusCode)).toEqual([302, 302, 302]);
      expect(d!.attempts[0]!.error).toMatch(/302.*redirects are not followed/);
    } finally {
      await new Promise<void>((r) => redirector.close(() => r()));
      await target.close();
    }
  });

  it("fires for TIMED_OUT jobs and not for cancelled ones", async () => {
    const rx = await receiver([]);
    try {
      const ep = await createEndpoint(tp, { timeout: 5000 });
      const timedOut = await run(tp, ep, { mock_delay: 60 }, { webhook: rx.url });
      await advance(tp, 5000);
      expect(rx.calls.map((c) => (c.body as { id: string; status: string }).status)).toEqual([
        "TIMED_OUT",
      ]);
      const cancelled = await run(tp, ep, { mock_delay: 60 }, { webhook: rx.url });
      await tp.request(`/v2/${ep}/cancel/${cancelled}`, { method: "POST" });
      await settle(tp);
      expect(rx.calls).toHaveLength(1);
      expect(timedOut).not.toBe(cancelled);
    } finally {
      await rx.close();
    }
  });
});
