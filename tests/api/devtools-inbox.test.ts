import { afterAll, beforeAll, expect, it } from "vitest";
import { InboxResponse, ListDeliveriesResponse } from "@/lib/schemas/devtools";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  run,
  settle,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";

describeEachBackend("devtools: webhook inbox", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  async function inbox(key?: string) {
    const res = await tp.request("/_platform/inbox", { auth: key });
    expect(res.status).toBe(200);
    return InboxResponse.parse(await res.json());
  }
  async function deliveries() {
    const res = await tp.request("/_platform/webhook-deliveries");
    expect(res.status).toBe(200);
    return ListDeliveriesResponse.parse(await res.json()).deliveries;
  }

  it("gives each account its own receiver URL under the platform's public URL, stable across reads", async () => {
    const a = await inbox();
    expect(a.receiverUrl).toMatch(new RegExp(`^${tp.url}/_platform/inbox/[a-f0-9]{32}$`));
    expect((await inbox()).receiverUrl).toBe(a.receiverUrl);
    const other = await inbox(await tp.otherAccountKey());
    expect(other.receiverUrl).not.toBe(a.receiverUrl);
    expect(other.messages).toEqual([]);
  });

  it("the receiver takes posts without a key and shows them newest first", async () => {
    const { receiverUrl } = await inbox();
    const res = await fetch(receiverUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "curl/8" },
      body: JSON.stringify({ hello: "inbox" }),
    });
    expect(res.status).toBe(200);
    const [m] = (await inbox()).messages;
    expect(m).toMatchObject({
      method: "POST",
      contentType: "application/json",
      userAgent: "curl/8",
      body: { hello: "inbox" },
    });
  });

  it("an unknown receiver token answers 404", async () => {
    const res = await fetch(`${tp.url}/_platform/inbox/${"0".repeat(32)}`, {
      method: "POST",
      body: "x",
    });
    expect(res.status).toBe(404);
  });

  it("a job's webhook to the receiver lands in the inbox, and its delivery lists payload and attempts", async () => {
    const { receiverUrl } = await inbox();
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    const id = await run(tp, ep, { mock_return: { answer: 42 } }, { webhook: receiverUrl });
    await settle(tp);
    const [m] = (await inbox()).messages;
    expect(m!.body).toMatchObject({ id, status: "COMPLETED", output: { answer: 42 } });
    expect(m!.userAgent).toBe("Hangar-Platform-Webhook/1.0");
    const d = (await deliveries()).find((x) => x.jobId === id)!;
    expect(d).toMatchObject({
      url: receiverUrl,
      status: "delivered",
      payload: { id, status: "COMPLETED", output: { answer: 42 } },
    });
    expect(d.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200 })]);
  });

  it("re-delivers a past delivery as a new one with the same URL and payload", async () => {
    const { receiverUrl } = await inbox();
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    const id = await run(tp, ep, { mock_return: "again" }, { webhook: receiverUrl });
    await settle(tp);
    const first = (await deliveries()).find((x) => x.jobId === id)!;
    const before = (await inbox()).messages.length;
    const res = await tp.request(`/_platform/webhook-deliveries/${first.id}/redeliver`, {
      method: "POST",
    });
    expect(res.status).toBe(202);
    const { id: again } = (await res.json()) as { id: string };
    expect(again).not.toBe(first.id);
    await advance(tp, 0);
    const d = (await deliveries()).find((x) => x.id === again)!;
    expect(d).toMatchObject({
      jobId: id,
      url: receiverUrl,
      status: "delivered",
      payload: first.payload,
    });
    expect((await inbox()).messages).toHaveLength(before + 1);
    const missing = await tp.request(`/_platform/webhook-deliveries/nope/redeliver`, {
      method: "POST",
    });
    expect(missing.status).toBe(404);
  });

  it("a failing receiver shows every attempt with its status", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    const url = `${tp.url}/_platform/inbox/${"f".repeat(32)}`; // unknown token: 404
    const id = await run(tp, ep, {}, { webhook: url });
    await settle(tp);
    await advance(tp, 20_000);
    const d = (await deliveries()).find((x) => x.jobId === id)!;
    expect(d.status).toBe("failed");
    expect(d.attempts.map((a) => a.statusCode)).toEqual([404, 404, 404]);
  });

  it("empties the inbox", async () => {
    expect((await tp.request("/_platform/inbox", { method: "DELETE" })).status).toBe(204);
    expect((await inbox()).messages).toEqual([]);
  });
});
