import { logRecordOf, parseMergedCursor } from "@/lib/logs/log-buffer";
import { SseParser } from "@/lib/logs/sse";
import type { WorkerLogLine } from "@/lib/schemas/common";
import type { Cloud } from "./client";
import { listEndpointWorkers } from "./endpoints";
import { CloudError } from "./errors";
import { openWorkerLogs, type LogStreamRequest } from "./logs";

/** How often the merged stream looks for workers that started since (real ms). */
export const WORKER_POLL_MS = 5_000;
/** Real ms between keep-alive comments of the merged stream. */
export const MERGED_KEEPALIVE_MS = 15_000;
/**
 * What a worker the browser has seen nothing of backfills (a worker that started after the stream
 * opened, or one that had no lines before a reconnect): all of its lines, none of which it has.
 */
export const UNSEEN_WORKER_TAIL = 5000;

export interface MergeOptions {
  pollMs?: number;
  keepAliveMs?: number;
}

/**
 * The lines of every worker of an endpoint as one server-sent-event stream: one platform stream
 * per worker (each started with the request's `source`, and `tail`/`since` for the workers there
 * at the start), and one more for each worker found later by polling `/workers`. Events keep
 * their worker's data and name the worker: `id: <worker>=<worker's event id>`,
 * `data: {ts, source, line, worker}`. `Last-Event-ID` is a per-worker cursor
 * (`<worker>=<event id>;…`): each worker resumes after its own last event (no duplicate, no gap)
 * and a worker absent from it sends all its lines. An unknown endpoint fails before the stream
 * starts; the stream ends when the endpoint is gone, and every upstream request ends with it or
 * when `signal` aborts (the browser left).
 */
export async function mergeWorkerLogs(
  cloud: Cloud,
  endpointId: string,
  logs: LogStreamRequest,
  signal: AbortSignal,
  options: MergeOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const cursor = parseMergedCursor(logs.lastEventId);
  const resuming = logs.lastEventId !== undefined;
  const { workers } = await listEndpointWorkers(cloud, endpointId);
  const all = new AbortController();
  const open = new Set<string>();
  const encoder = new TextEncoder();
  let closed = false;
  let timers: ReturnType<typeof setInterval>[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;

  const send = (text: string) => {
    if (!closed) controller?.enqueue(encoder.encode(text));
  };
  const stop = () => {
    if (closed) return;
    closed = true;
    timers.forEach(clearInterval);
    timers = [];
    all.abort();
    try {
      controller?.close();
    } catch {
      // already closed or cancelled by the browser
    }
  };

  function follow(worker: string, atStart: boolean) {
    if (closed || open.has(worker)) return;
    open.add(worker);
    const request: LogStreamRequest = { source: logs.source };
    const last = cursor.get(worker);
    if (last !== undefined) request.lastEventId = last;
    else if (atStart && !resuming) Object.assign(request, { tail: logs.tail, since: logs.since });
    else request.tail = UNSEEN_WORKER_TAIL;
    void (async () => {
      try {
        const upstream = await openWorkerLogs(cloud, endpointId, worker, request, all.signal);
        if (!upstream.body) return;
        const reader = upstream.body.getReader();
        const decoder = new TextDecoder();
        const parser = new SseParser();
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done || closed) break;
          for (const event of parser.push(decoder.decode(chunk.value, { stream: true }))) {
            const record = logRecordOf(event);
            if (!record) continue;
            cursor.set(worker, record.id);
            const data: WorkerLogLine = {
              ts: record.iso,
              source: record.source,
              line: record.line,
              worker,
            };
            send(`id: ${worker}=${record.id}\ndata: ${JSON.stringify(data)}\n\n`);
          }
        }
      } catch {
        // The worker is gone (404), the platform unreachable, or the browser left: the next
        // poll opens it again, from its cursor, if the endpoint still lists it.
      } finally {
        open.delete(worker);
      }
    })();
  }

  async function poll() {
    try {
      const now = await listEndpointWorkers(cloud, endpointId);
      now.workers.forEach((w) => follow(w.id, false));
    } catch (error) {
      if (error instanceof CloudError && (error.status === 404 || error.status === 401)) stop();
    }
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      if (signal.aborted) return stop();
      signal.addEventListener("abort", stop, { once: true });
      // A comment first, so the browser has the headers even before any line.
      send(": log stream\n\n");
      workers.forEach((w) => follow(w.id, true));
      timers = [
        setInterval(() => void poll(), options.pollMs ?? WORKER_POLL_MS),
        setInterval(() => send(": keep-alive\n\n"), options.keepAliveMs ?? MERGED_KEEPALIVE_MS),
      ];
    },
    cancel() {
      stop();
    },
  });
}
