"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { isSignInReason, SIGN_IN_REASON_HEADER } from "@/lib/auth/sign-in-reason";
import {
  formatMergedCursor,
  LOG_LINE_CAP,
  LogBuffer,
  logRecordOf,
  type LogRecord,
} from "@/lib/logs/log-buffer";
import { SseParser } from "@/lib/logs/sse";
import type { Problem } from "@/lib/schemas/common";
import { leaveForSignIn } from "./leave-for-sign-in";
import { ProblemError } from "./problem-error";

/** Where a log stream stands. */
export type LogStreamStatus =
  /** Opening the stream, no answer yet. */
  | "connecting"
  /** Open: lines arrive as they are written. */
  | "live"
  /** The connection dropped: trying again (resuming after the last line kept). */
  | "reconnecting"
  /** The pod or worker is gone (terminated, removed): nothing more will come. */
  | "ended"
  /** The stream cannot open (see `error`); `retry()` tries again. */
  | "error";

export interface LogStreamView {
  /** The lines kept, oldest first, as of the last frame (frozen while paused). */
  lines: readonly LogRecord[];
  /** Older lines dropped to stay within the cap. */
  dropped: number;
  status: LogStreamStatus;
  error: ProblemError | null;
  /** Lines that arrived while paused, not shown yet. */
  waiting: number;
  paused: boolean;
  setPaused: (paused: boolean) => void;
  retry: () => void;
  /** Every line loaded now (including those waiting while paused), for a download. */
  loaded: () => readonly LogRecord[];
}

/** Waits between reconnect attempts: 0.5 s, 1 s, 2 s, then every 4 s (sooner when back online). */
const backoff = (attempt: number) => Math.min(500 * 2 ** attempt, 4000);

/**
 * Follows one of the console's log streams (`/api/.../logs`, server-sent events) with `fetch`, so
 * it can send `Last-Event-ID` itself: after a dropped connection it reconnects and resumes after
 * the last line kept (per worker on the merged endpoint stream), and the buffer drops anything
 * sent twice. Lines go into a capped buffer as they arrive; React sees them at most once per
 * animation frame (one state update per frame, however many lines came), and not at all while
 * paused. The stream closes when the component unmounts, which ends the upstream one.
 */
export function useLogStream(
  url: string,
  { merged = false, cap = LOG_LINE_CAP }: { merged?: boolean; cap?: number } = {},
): LogStreamView {
  const buffer = useRef<LogBuffer>(null);
  const [frame, setFrame] = useState<{ lines: readonly LogRecord[]; dropped: number }>({
    lines: [],
    dropped: 0,
  });
  const [status, setStatus] = useState<LogStreamStatus>("connecting");
  const [error, setError] = useState<ProblemError | null>(null);
  const [paused, setPausedState] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const [attemptKey, setAttemptKey] = useState(0);
  const pausedRef = useRef(false);
  const shown = useRef(0);
  const scheduled = useRef<number | null>(null);

  const publish = useCallback(() => {
    scheduled.current = null;
    const b = buffer.current;
    if (!b) return;
    if (pausedRef.current) {
      setWaiting(b.lines.length + b.dropped - shown.current);
      return;
    }
    shown.current = b.lines.length + b.dropped;
    setWaiting(0);
    setFrame({ lines: b.lines.slice(), dropped: b.dropped });
  }, []);

  const schedule = useCallback(() => {
    if (scheduled.current === null) scheduled.current = requestAnimationFrame(publish);
  }, [publish]);

  useEffect(() => {
    const b = new LogBuffer(cap);
    buffer.current = b;
    shown.current = 0;
    const stop = new AbortController();
    let wake: (() => void) | null = null;
    const online = () => wake?.();
    window.addEventListener("online", online);

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          wake = null;
          resolve();
        }
        wake = done;
      });

    void (async () => {
      for (let attempt = 0; !stop.signal.aborted;) {
        const headers: Record<string, string> = { accept: "text/event-stream" };
        const cursor = merged ? formatMergedCursor(b.cursor()) : b.cursor().get("");
        if (cursor) headers["last-event-id"] = cursor;
        try {
          const response = await fetch(url, { headers, signal: stop.signal, cache: "no-store" });
          if (!response.ok) {
            const problem = await problemOf(response);
            if (response.status === 404 && b.lines.length > 0) {
              // It streamed before and is gone now: terminated or removed.
              setStatus("ended");
              return;
            }
            setError(problem);
            setStatus("error");
            return;
          }
          setStatus("live");
          setError(null);
          attempt = 0;
          const reader = response.body!.getReader();
          const decoder = new TextDecoder();
          const parser = new SseParser();
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            const records: LogRecord[] = [];
            for (const event of parser.push(decoder.decode(chunk.value, { stream: true }))) {
              const record = logRecordOf(event);
              if (record) records.push(record);
            }
            if (records.length > 0 && b.add(records) > 0) schedule();
          }
        } catch {
          if (stop.signal.aborted) return;
        }
        // The stream ended or dropped: resume after what is kept (a gone resource answers 404).
        setStatus("reconnecting");
        await pause(backoff(attempt++));
      }
    })();

    return () => {
      stop.abort();
      window.removeEventListener("online", online);
      if (scheduled.current !== null) cancelAnimationFrame(scheduled.current);
      scheduled.current = null;
      setFrame({ lines: [], dropped: 0 });
      setStatus("connecting");
      setError(null);
    };
  }, [url, merged, cap, schedule, attemptKey]);

  const setPaused = useCallback(
    (next: boolean) => {
      pausedRef.current = next;
      setPausedState(next);
      if (!next) publish();
    },
    [publish],
  );

  return {
    lines: frame.lines,
    dropped: frame.dropped,
    status,
    error,
    waiting,
    paused,
    setPaused,
    retry: () => setAttemptKey((k) => k + 1),
    loaded: () => buffer.current?.lines ?? [],
  };
}

async function problemOf(response: Response): Promise<ProblemError> {
  const body = (await response.json().catch(() => ({}))) as Partial<Problem>;
  const reason = response.headers.get(SIGN_IN_REASON_HEADER);
  if (response.status === 401 && isSignInReason(reason)) leaveForSignIn(reason);
  return new ProblemError({
    title: body.title ?? response.statusText,
    status: response.status,
    detail: body.detail ?? `the console answered ${response.status}`,
    errors: body.errors,
  });
}
