import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  eventually,
  run,
  settle,
  startManualPlatform,
  workerCall,
  workerEnvOf,
  type JobsPlatform,
} from "./support/jobs";
import { problemOf } from "./support/problems";

// Log streams of pods and serverless workers (platform-notes §3.4 "Worker logs", §3.5): server-sent
// events with `id: <time>/<seq>` and `data: {ts, source, line}`, backfilled by `tail`, `since` or
// `Last-Event-ID`, then live. Streams are read as they arrive; what a backfill holds is checked
// against a live marker line, which the platform always writes after the backfill.

interface LogEvent {
  id: string;
  ts: string;
  source: "container" | "system";
  line: string;
}

interface OpenStream {
  res: Response;
  events: LogEvent[];
  ended: () => boolean;
  /** Waits (real time) until an event's line matches; returns the events up to and including it. */
  until: (match: RegExp) => Promise<LogEvent[]>;
  close: () => void;
}

function parseEvent(raw: string): LogEvent | null {
  let id: string | undefined;
  let data = "";
  for (const line of raw.split("\n")) {
    if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (id === undefined || data === "") return null;
  return { id, ...(JSON.parse(data) as Omit<LogEvent, "id">) };
}

async function openLogs(
  tp: JobsPlatform,
  path: string,
  init: { headers?: Record<string, string>; auth?: string } = {},
): Promise<OpenStream> {
  const ac = new AbortController();
  const res = await tp.request(path, { signal: ac.signal, headers: init.headers, auth: init.auth });
  const events: LogEvent[] = [];
  let done = false;
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
          const event = parseEvent(buffer.slice(0, i));
          buffer = buffer.slice(i + 2);
          if (event) events.push(event);
        }
      }
      done = true;
    })();
  }
  return {
    res,
    events,
    ended: () => done,
    until: (match) =>
      eventually(async () => {
        const at = events.findIndex((e) => match.test(e.line));
        expect(at, `no line matching ${match} in ${JSON.stringify(events)}`).toBeGreaterThanOrEqual(
          0,
        );
        return events.slice(0, at + 1);
      }, 5000),
    close: () => ac.abort(),
  };
}

const lines = (events: LogEvent[]) => events.map((e) => e.line);

describeEachBackend("Log streams", (backend) => {
  let tp: JobsPlatform;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await tp?.close();
  });
  async function stream(path: string, init?: Parameters<typeof openLogs>[2]) {
    const s = await openLogs(tp, path, init);
    open.push(s);
    return s;
  }

  async function createPod(): Promise<string> {
    const res = await tp.request("/v2/pods", {
      method: "POST",
      json: {
        name: "logged",
        image: "runpod/pytorch:2.4.0",
        gpu: { id: "NVIDIA GeForce RTX 4090" },
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** A running pod whose log holds: created, machine allocated, container started. */
  async function runningPod(): Promise<string> {
    const id = await createPod();
    await advance(tp, 20_000);
    expect(((await (await tp.request(`/v2/pods/${id}`)).json()) as { status: string }).status).toBe(
      "RUNNING",
    );
    return id;
  }

  const stopPod = async (id: string) =>
    expect(
      (await tp.request(`/v2/pods/${id}/action`, { method: "POST", json: { action: "stop" } }))
        .status,
    ).toBe(200);

  describe("GET /v2/pods/{id}/logs", () => {
    it("answers text/event-stream with the reference's headers and the pod's lifecycle as system lines", async () => {
      const id = await runningPod();
      const s = await stream(`/v2/pods/${id}/logs`);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get("content-type")).toContain("text/event-stream");
      expect(s.res.headers.get("cache-control")).toBe("no-cache");
      expect(s.res.headers.get("x-accel-buffering")).toBe("no");
      expect(s.res.headers.get("connection")).toBe("keep-alive");
      const got = await s.until(/Container started/);
      expect(lines(got)).toEqual([
        expect.stringMatching(/^Pod created/),
        expect.stringMatching(/^Machine allocated: 1 × NVIDIA GeForce RTX 4090 in /),
        expect.stringMatching(/^Container started from runpod\/pytorch:2.4.0/),
      ]);
      expect(got.every((e) => e.source === "system")).toBe(true);
      // ids are `<RFC 3339 time>/<12-digit sequence>`, and `ts` is the event's own time.
      for (const [i, e] of got.entries()) {
        expect(e.id).toBe(`${e.ts}/${String(i + 1).padStart(12, "0")}`);
        expect(Number.isNaN(Date.parse(e.ts))).toBe(false);
      }
      expect(Date.parse(got[1]!.ts) - Date.parse(got[0]!.ts)).toBe(10_000);
    });

    it("a live line reaches an open stream (tail=0: nothing before it)", async () => {
      const id = await runningPod();
      const s = await stream(`/v2/pods/${id}/logs?tail=0`);
      expect(s.res.status).toBe(200);
      await stopPod(id);
      const got = await s.until(/^Stop requested/);
      expect(lines(got)).toEqual([expect.stringMatching(/^Stop requested/)]);
    });

    it("tail=N backfills the last N lines", async () => {
      const id = await runningPod();
      const s = await stream(`/v2/pods/${id}/logs?tail=1`);
      await stopPod(id);
      const got = await s.until(/^Stop requested/);
      expect(lines(got)).toEqual([
        expect.stringMatching(/^Container started/),
        expect.stringMatching(/^Stop requested/),
      ]);
    });

    it("since backfills the lines at or after that time; tail is then ignored", async () => {
      const id = await createPod();
      const created = Date.parse(
        ((await (await tp.request(`/v2/pods/${id}`)).json()) as { createdAt: string }).createdAt,
      );
      await advance(tp, 20_000);
      const since = new Date(created + 10_000).toISOString();
      const s = await stream(`/v2/pods/${id}/logs?tail=0&since=${encodeURIComponent(since)}`);
      await stopPod(id);
      expect(lines(await s.until(/^Stop requested/))).toEqual([
        expect.stringMatching(/^Machine allocated/),
        expect.stringMatching(/^Container started/),
        expect.stringMatching(/^Stop requested/),
      ]);
    });

    it("Last-Event-ID resumes after that event and takes precedence over since and tail", async () => {
      const id = await runningPod();
      const first = await stream(`/v2/pods/${id}/logs`);
      const seen = await first.until(/Container started/);
      first.close();
      const resume = seen[1]!.id; // "Machine allocated"
      const s = await stream(
        `/v2/pods/${id}/logs?tail=5000&since=${encodeURIComponent(seen[0]!.ts)}`,
        { headers: { "Last-Event-ID": resume } },
      );
      await stopPod(id);
      expect(lines(await s.until(/^Stop requested/))).toEqual([
        expect.stringMatching(/^Container started/),
        expect.stringMatching(/^Stop requested/),
      ]);
    });

    it("source=container leaves out system lines (a pod's lifecycle is all system)", async () => {
      const id = await runningPod();
      const s = await stream(`/v2/pods/${id}/logs?source=container`);
      expect(s.res.status).toBe(200);
      const all = await stream(`/v2/pods/${id}/logs?source=system&tail=0`);
      await stopPod(id);
      await all.until(/^Stop requested/);
      expect(s.events).toEqual([]);
    });

    it("terminating the pod ends its open streams after the terminate line", async () => {
      const id = await runningPod();
      const s = await stream(`/v2/pods/${id}/logs?tail=0`);
      expect((await tp.request(`/v2/pods/${id}`, { method: "DELETE" })).status).toBe(204);
      await s.until(/^Terminate requested/);
      await eventually(async () => expect(s.ended()).toBe(true));
      await problemOf(await tp.request(`/v2/pods/${id}/logs`), 404);
    });

    it("a client that disconnects releases its stream", async () => {
      const id = await runningPod();
      const { podLogKey } = await import("@/lib/platform/logs/log-hub");
      const hub = tp.running.services.logs;
      const s = await stream(`/v2/pods/${id}/logs`);
      await s.until(/Container started/);
      expect(hub.streams(podLogKey(id))).toBe(1);
      s.close();
      await eventually(async () => expect(hub.streams(podLogKey(id))).toBe(0));
    });

    it("unknown pods and other accounts' pods answer 404", async () => {
      const id = await createPod();
      await problemOf(await tp.request("/v2/pods/nosuchpod0000/logs"), 404);
      const other = await tp.otherAccountKey();
      await problemOf(await tp.request(`/v2/pods/${id}/logs`, { auth: other }), 404);
    });

    it.each([
      ["tail is not an integer", "tail=abc", "tail"],
      ["tail above 5000", "tail=5001", "tail"],
      ["tail below 0", "tail=-1", "tail"],
      ["source is container or system", "source=stdout", "source"],
      ["since is an RFC 3339 time", "since=yesterday", "since"],
    ])("a bad query is a 422 naming the parameter: %s", async (_rule, qs, name) => {
      const id = await createPod();
      const p = await problemOf(await tp.request(`/v2/pods/${id}/logs?${qs}`), 422);
      expect(p.errors ?? []).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${name}`))]),
      );
    });

    it("a malformed Last-Event-ID is a 400 that says what an event id looks like", async () => {
      const id = await createPod();
      const p = await problemOf(
        await tp.request(`/v2/pods/${id}/logs`, { headers: { "Last-Event-ID": "not-an-id" } }),
        400,
      );
      expect(p.detail).toContain("Last-Event-ID");
    });
  });

  describe("GET /v2/serverless/{id}/workers/{workerId}/logs", () => {
    /** An endpoint with one built-in mock worker, ready. */
    async function readyWorker(): Promise<{ ep: string; worker: string }> {
      const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
      await settle(tp);
      const { workers } = (await (await tp.request(`/v2/serverless/${ep}/workers`)).json()) as {
        workers: { id: string; status: string }[];
      };
      expect(workers).toHaveLength(1);
      return { ep, worker: workers[0]!.id };
    }

    it("a built-in worker's stream holds its cold start (system) and the runtime's banner (container)", async () => {
      const { ep, worker } = await readyWorker();
      const s = await stream(`/v2/serverless/${ep}/workers/${worker}/logs`);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get("content-type")).toContain("text/event-stream");
      const got = await s.until(/Starting Serverless Worker/);
      expect(got.map((e) => [e.source, e.line])).toEqual([
        ["system", expect.stringMatching(/^Worker created for endpoint .* cold start/)],
        ["system", "Cold start done: worker ready."],
        ["container", "--- Starting Serverless Worker |  Version 1.12.0 ---"],
      ]);
    });

    it("jobs show up live: taken and done (system), Started and Finished (container)", async () => {
      const { ep, worker } = await readyWorker();
      const s = await stream(`/v2/serverless/${ep}/workers/${worker}/logs?tail=0`);
      expect(s.res.status).toBe(200);
      const job = await run(tp, ep, { mock_return: "hi" });
      await settle(tp);
      const got = await s.until(/done: COMPLETED/);
      expect(got.map((e) => [e.source, e.line])).toEqual([
        ["system", `Job ${job} taken.`],
        ["container", `INFO   | ${job} | Started.`],
        ["container", `INFO   | ${job} | Finished.`],
        ["system", `Job ${job} done: COMPLETED.`],
      ]);
    });

    it("source=container and source=system each stream one source", async () => {
      const { ep, worker } = await readyWorker();
      const container = await stream(
        `/v2/serverless/${ep}/workers/${worker}/logs?source=container`,
      );
      const system = await stream(`/v2/serverless/${ep}/workers/${worker}/logs?source=system`);
      const job = await run(tp, ep, {});
      await settle(tp);
      const c = await container.until(/Finished\./);
      const sys = await system.until(/done: COMPLETED/);
      expect(c.every((e) => e.source === "container")).toBe(true);
      expect(sys.every((e) => e.source === "system")).toBe(true);
      expect(lines(c)).toContain(`INFO   | ${job} | Started.`);
      expect(lines(sys)).toContain(`Job ${job} taken.`);
    });

    it("a failing handler logs the captured exception", async () => {
      const { ep, worker } = await readyWorker();
      const s = await stream(`/v2/serverless/${ep}/workers/${worker}/logs?tail=0`);
      const job = await run(tp, ep, { mock_error: true });
      await settle(tp);
      const got = await s.until(/done: FAILED/);
      expect(lines(got)).toEqual(
        expect.arrayContaining([expect.stringMatching(`^ERROR  \\| ${job} \\| Captured Handler`)]),
      );
    });

    it("Last-Event-ID resumes a worker stream after the event it names", async () => {
      const { ep, worker } = await readyWorker();
      const first = await stream(`/v2/serverless/${ep}/workers/${worker}/logs`);
      const seen = await first.until(/Starting Serverless Worker/);
      first.close();
      const s = await stream(`/v2/serverless/${ep}/workers/${worker}/logs`, {
        headers: { "Last-Event-ID": seen[1]!.id },
      });
      const job = await run(tp, ep, {});
      await settle(tp);
      expect(lines(await s.until(/taken\./))).toEqual([
        "--- Starting Serverless Worker |  Version 1.12.0 ---",
        `Job ${job} taken.`,
      ]);
    });

    it("an external worker's stream has system lines for the jobs it takes and finishes", async () => {
      const ep = await createEndpoint(tp, { image: "example/worker:1" });
      const env = await workerEnvOf(tp, ep);
      const worker = env.RUNPOD_POD_ID!;
      const take = `${env.RUNPOD_WEBHOOK_GET_JOB!.replace("$ID", worker)}&job_in_progress=0`;
      // The first job-take registers the worker and hands it the queued job.
      const job = await run(tp, ep, { n: 1 });
      const taken = await workerCall(tp, take);
      expect(taken.status).toBe(200);
      expect((taken.body as { id: string }).id).toBe(job);
      const s = await stream(`/v2/serverless/${ep}/workers/${worker}/logs`);
      expect(s.res.status).toBe(200);
      const done = `${env
        .RUNPOD_WEBHOOK_POST_OUTPUT!.replace("$RUNPOD_POD_ID", worker)
        .replace("$ID", job)}&isStream=false`;
      expect((await workerCall(tp, done, { body: { output: "ok" } })).status).toBe(200);
      expect(lines(await s.until(/done: COMPLETED/))).toEqual([
        `Job ${job} taken.`,
        `Job ${job} done: COMPLETED.`,
      ]);
    });

    it("the stream ends when the worker is gone (endpoint deleted)", async () => {
      const { ep, worker } = await readyWorker();
      const s = await stream(`/v2/serverless/${ep}/workers/${worker}/logs?tail=0`);
      expect(s.res.status).toBe(200);
      expect((await tp.request(`/v2/serverless/${ep}`, { method: "DELETE" })).status).toBe(204);
      await s.until(/^Worker stopped: endpoint deleted/);
      await eventually(async () => expect(s.ended()).toBe(true));
    });

    it("unknown workers, unknown endpoints and other accounts' workers answer 404", async () => {
      const { ep, worker } = await readyWorker();
      await problemOf(await tp.request(`/v2/serverless/${ep}/workers/nosuchworker/logs`), 404);
      await problemOf(
        await tp.request(`/v2/serverless/nosuchendpoint/workers/${worker}/logs`),
        404,
      );
      const other = await tp.otherAccountKey();
      await problemOf(
        await tp.request(`/v2/serverless/${ep}/workers/${worker}/logs`, { auth: other }),
        404,
      );
      // A worker of another endpoint of the same account is not this endpoint's.
      const second = await readyWorker();
      await problemOf(await tp.request(`/v2/serverless/${ep}/workers/${second.worker}/logs`), 404);
    });

    it("a bad query is a 422 naming the parameter", async () => {
      const { ep, worker } = await readyWorker();
      const p = await problemOf(
        await tp.request(`/v2/serverless/${ep}/workers/${worker}/logs?tail=9999`),
        422,
      );
      expect(p.errors ?? []).toEqual(expect.arrayContaining([expect.stringMatching(/^tail/)]));
    });
  });
});
