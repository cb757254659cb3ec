import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { podLogKey, workerLogKey } from "@/lib/platform/logs/log-hub";
import { SseParser } from "@/lib/logs/sse";
import { formatMergedCursor, logRecordOf, type LogRecord } from "@/lib/logs/log-buffer";
import {
  advance,
  createEndpoint,
  eventually,
  run,
  settle,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";

// The console's log route handlers (app/api/.../logs) against a real platform: they pass the
// platform's server-sent events through, resume with Last-Event-ID, merge an endpoint's workers,
// and end every upstream stream when the browser's request goes away. The session is stubbed to
// the platform's key; everything after it (lib/cloud, fetch, the platform) is real.

let apiKey = "";
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requireSession: async () => ({ apiKey }),
}));

const podRoute = await import("@/app/api/pods/[id]/logs/route");
const workerRoute = await import("@/app/api/serverless/[id]/workers/[workerId]/logs/route");
const endpointRoute = await import("@/app/api/serverless/[id]/logs/route");

interface Opened {
  res: Response;
  records: LogRecord[];
  raw: () => string;
  until: (match: RegExp) => Promise<LogRecord[]>;
  leave: () => void;
}

/** Calls a route handler as Next.js would, reading its stream as it arrives. */
async function call<P extends Record<string, string>>(
  handler: (req: Request, ctx: { params: Promise<P> }) => Promise<Response>,
  path: string,
  params: P,
  headers: Record<string, string> = {},
): Promise<Opened> {
  const ac = new AbortController();
  const res = await handler(
    new Request(`http://console.test${path}`, { signal: ac.signal, headers }),
    {
      params: Promise.resolve(params),
    },
  );
  const records: LogRecord[] = [];
  let raw = "";
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        const text = decoder.decode(chunk.value, { stream: true });
        raw += text;
        for (const e of parser.push(text)) {
          const r = logRecordOf(e);
          if (r) records.push(r);
        }
      }
    })();
  }
  return {
    res,
    records,
    raw: () => raw,
    until: (match) =>
      eventually(async () => {
        const at = records.findIndex((r) => match.test(r.line));
        expect(
          at,
          `no line matching ${match} in ${JSON.stringify(records)}`,
        ).toBeGreaterThanOrEqual(0);
        return records.slice(0, at + 1);
      }, 5000),
    leave: () => ac.abort(),
  };
}

describe("console log route handlers", () => {
  let tp: JobsPlatform;
  const opened: Opened[] = [];
  beforeAll(async () => {
    tp = await startManualPlatform("sqlite");
    apiKey = tp.key;
    process.env.PLATFORM_API_URL = tp.url;
  });
  afterAll(async () => {
    opened.forEach((o) => o.leave());
    await tp?.close();
  });
  const open: typeof call = async (...args) => {
    const o = await call(...args);
    opened.push(o);
    return o;
  };

  async function runningPod(): Promise<string> {
    const res = await tp.request("/v2/pods", {
      method: "POST",
      json: {
        name: "logged",
        image: "runpod/pytorch:2.4.0",
        gpu: { id: "NVIDIA GeForce RTX 4090" },
      },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await advance(tp, 20_000);
    return id;
  }

  it("passes a pod's stream through unchanged, with the platform's event ids and SSE headers", async () => {
    const id = await runningPod();
    const o = await open(podRoute.GET, `/api/pods/${id}/logs`, { id });
    expect(o.res.status).toBe(200);
    expect(o.res.headers.get("content-type")).toContain("text/event-stream");
    expect(o.res.headers.get("x-accel-buffering")).toBe("no");
    const got = await o.until(/Container started/);
    // Byte for byte what the platform writes: its opening comment, then `id:` and `data:` per line.
    expect(o.raw()).toBe(
      ": log stream\n\n" +
        got
          .map(
            (r) =>
              `id: ${r.id}\ndata: ${JSON.stringify({ ts: r.iso, source: r.source, line: r.line })}\n\n`,
          )
          .join(""),
    );
    expect(got.map((r) => r.line)).toEqual([
      expect.stringMatching(/^Pod created/),
      expect.stringMatching(/^Machine allocated/),
      expect.stringMatching(/^Container started/),
    ]);
  });

  it("forwards Last-Event-ID: the stream resumes after that event", async () => {
    const id = await runningPod();
    const first = await open(podRoute.GET, `/api/pods/${id}/logs`, { id });
    const seen = await first.until(/Container started/);
    first.leave();
    const again = await open(
      podRoute.GET,
      `/api/pods/${id}/logs`,
      { id },
      {
        "last-event-id": seen[1]!.id,
      },
    );
    await tp.request(`/v2/pods/${id}/action`, { method: "POST", json: { action: "stop" } });
    const got = await again.until(/^Stop requested/);
    expect(got.map((r) => r.line)).toEqual([
      expect.stringMatching(/^Container started/),
      expect.stringMatching(/^Stop requested/),
    ]);
  });

  it("leaving the page (the browser's request aborts) ends the platform's stream", async () => {
    const id = await runningPod();
    const hub = tp.running.services.logs;
    const o = await open(podRoute.GET, `/api/pods/${id}/logs`, { id });
    await o.until(/Container started/);
    expect(hub.streams(podLogKey(id))).toBe(1);
    o.leave();
    await eventually(async () => expect(hub.streams(podLogKey(id))).toBe(0));
  });

  it("answers the platform's problem when the stream cannot open: 404 unknown pod, 422 bad query", async () => {
    const missing = await podRoute.GET(new Request("http://console.test/api/pods/nope/logs"), {
      params: Promise.resolve({ id: "nosuchpod0000" }),
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    const bad = await podRoute.GET(new Request("http://console.test/api/pods/x/logs?tail=9999"), {
      params: Promise.resolve({ id: "x" }),
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: string[] }).errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tail/)]),
    );
  });

  describe("workers", () => {
    async function endpointWithWorkers(n: number): Promise<{ ep: string; workers: string[] }> {
      const ep = await createEndpoint(tp, { workers: { min: n, max: n } });
      await settle(tp);
      const body = (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as {
        workers: { id: string }[];
      };
      expect(body.workers).toHaveLength(n);
      return { ep, workers: body.workers.map((w) => w.id) };
    }

    it("a worker's stream shows its jobs live and ends upstream when the browser leaves", async () => {
      const { ep, workers } = await endpointWithWorkers(1);
      const worker = workers[0]!;
      const o = await open(workerRoute.GET, `/api/serverless/${ep}/workers/${worker}/logs?tail=0`, {
        id: ep,
        workerId: worker,
      });
      expect(o.res.status).toBe(200);
      const job = await run(tp, ep, {});
      await settle(tp);
      await o.until(new RegExp(`${job} \\| Finished`));
      expect(tp.running.services.logs.streams(workerLogKey(worker))).toBe(1);
      o.leave();
      await eventually(async () =>
        expect(tp.running.services.logs.streams(workerLogKey(worker))).toBe(0),
      );
    });

    it("the endpoint stream interleaves its workers, names each line's worker, resumes per worker without duplicates, and releases every upstream", async () => {
      const { ep, workers } = await endpointWithWorkers(2);
      const hub = tp.running.services.logs;
      const o = await open(endpointRoute.GET, `/api/serverless/${ep}/logs`, { id: ep });
      expect(o.res.status).toBe(200);
      await eventually(async () => {
        const banners = o.records.filter((r) => /Starting Serverless Worker/.test(r.line));
        expect(new Set(banners.map((r) => r.worker))).toEqual(new Set(workers));
      });
      for (const w of workers) expect(hub.streams(workerLogKey(w))).toBe(1);

      // Leave, let lines arrive meanwhile, and come back with the per-worker cursor.
      const cursor = new Map<string, string>();
      for (const r of o.records) cursor.set(r.worker, r.id);
      o.leave();
      await eventually(async () => {
        for (const w of workers) expect(hub.streams(workerLogKey(w))).toBe(0);
      });
      const missed = [await run(tp, ep, {}), await run(tp, ep, {})];
      await settle(tp);
      const back = await open(
        endpointRoute.GET,
        `/api/serverless/${ep}/logs`,
        { id: ep },
        {
          "last-event-id": formatMergedCursor(cursor),
        },
      );
      for (const job of missed) await back.until(new RegExp(`Job ${job} done`));
      const keys = back.records.map((r) => `${r.worker} ${r.id}`);
      expect(new Set(keys).size).toBe(keys.length);
      // Nothing seen before the reconnect comes again.
      const before = new Set(o.records.map((r) => `${r.worker} ${r.id}`));
      expect(keys.filter((k) => before.has(k))).toEqual([]);
      back.leave();
      await eventually(async () => {
        for (const w of workers) expect(hub.streams(workerLogKey(w))).toBe(0);
      });
    });

    it("an unknown endpoint is a 404 before any stream opens", async () => {
      const res = await endpointRoute.GET(
        new Request("http://console.test/api/serverless/x/logs"),
        {
          params: Promise.resolve({ id: "nosuchendpoint" }),
        },
      );
      expect(res.status).toBe(404);
    });
  });
});
