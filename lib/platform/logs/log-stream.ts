import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { LogsQuery } from "@/lib/schemas/common";
import type { PlatformEnv } from "../http/env";
import { problem } from "../http/problem";
import type { Backfill, LogEntry, LogHub, LogKey } from "./log-hub";

/** Lines backfilled when the query names neither `tail` nor a cursor (the reference's default). */
export const DEFAULT_TAIL = 100;
/** Real ms between keep-alive comments, each also checking that the resource still exists. */
export const LOG_KEEPALIVE_MS = 15_000;

/** `2026-06-01T12:05:04.000Z/000000000042`: the event's time, then its sequence number. */
export function logEventId(e: LogEntry): string {
  return `${new Date(e.ts).toISOString()}/${String(e.seq).padStart(12, "0")}`;
}

export function formatLogEvent(e: LogEntry): string {
  const data = JSON.stringify({ ts: new Date(e.ts).toISOString(), source: e.source, line: e.line });
  return `id: ${logEventId(e)}\ndata: ${data}\n\n`;
}

const EVENT_ID =
  /^(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d))(?:\/(?<seq>\d{1,12}))?$/;

/**
 * What to send before live lines: `Last-Event-ID` (a timestamp, optionally `/<seq>`, as our event
 * ids are) wins over `since`, which wins over `tail` (default 100).
 */
function backfillFor(query: LogsQuery, lastEventId: string | undefined): Backfill {
  if (lastEventId !== undefined && lastEventId.trim() !== "") {
    const m = EVENT_ID.exec(lastEventId.trim());
    const ts = m ? Date.parse(m.groups!.ts!) : NaN;
    if (!m || Number.isNaN(ts)) {
      throw problem(
        400,
        `Last-Event-ID must be an event id of this stream (<RFC 3339 time>/<sequence>) or an RFC 3339 time, got "${lastEventId}"`,
        ["Last-Event-ID: must be <RFC 3339 time>[/<sequence>]"],
      );
    }
    return { after: { ts, seq: m.groups!.seq === undefined ? null : Number(m.groups!.seq) } };
  }
  if (query.since !== undefined) return { since: Date.parse(query.since) };
  return { tail: query.tail ?? DEFAULT_TAIL };
}

export interface LogStreamOptions {
  hub: LogHub;
  key: LogKey;
  /** The request's `source` filter and backfill (`tail`, `since`; its `Last-Event-ID` wins). */
  query: LogsQuery;
  /**
   * Checked with each keep-alive: false or an error (the resource is gone, e.g. on another
   * instance) ends the stream.
   */
  alive: () => Promise<boolean>;
  keepAliveMs?: number;
}

/**
 * A `text/event-stream` answer: the backfill, then every new line until the client leaves or the
 * resource is gone. Headers as the reference documents them. A malformed `Last-Event-ID` is a 400
 * before the stream starts.
 */
export function streamLogs(c: Context<PlatformEnv>, o: LogStreamOptions): Response {
  const backfill = backfillFor(o.query, c.req.header("last-event-id"));
  const source = o.query.source;
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const queue: LogEntry[] = [];
    let ended = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    const stop = () => {
      ended = true;
      notify();
    };
    // Subscribed before the backfill is read (both synchronous): no line falls between them.
    const unsubscribe = o.hub.subscribe(o.key, {
      line: (e) => {
        if (source === undefined || e.source === source) {
          queue.push(e);
          notify();
        }
      },
      end: stop,
    });
    stream.onAbort(stop);
    const timer = setInterval(() => {
      void o.alive().then(
        (ok) => (ok ? void stream.write(": keep-alive\n\n") : stop()),
        () => stop(),
      );
    }, o.keepAliveMs ?? LOG_KEEPALIVE_MS);
    try {
      const backlog = o.hub.read(o.key, backfill, source);
      // A comment first, so the client has the headers even when there is nothing to send yet.
      await stream.write(": log stream\n\n");
      let last = 0;
      for (const e of backlog) {
        await stream.write(formatLogEvent(e));
        last = e.seq;
      }
      for (;;) {
        while (queue.length > 0 && !stream.aborted) {
          const e = queue.shift()!;
          if (e.seq <= last) continue;
          await stream.write(formatLogEvent(e));
          last = e.seq;
        }
        if (ended || stream.aborted) break;
        await new Promise<void>((r) => (wake = r));
      }
    } finally {
      clearInterval(timer);
      unsubscribe();
    }
  });
}
