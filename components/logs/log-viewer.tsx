"use client";

import { useLayoutEffect, useMemo, useRef, useState, type UIEvent } from "react";
import { LoadError } from "@/components/forms/query-states";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { countMatches, highlight } from "@/lib/logs/highlight";
import { LOG_LINE_CAP, type LogRecord } from "@/lib/logs/log-buffer";
import { useLogStream, type LogStreamStatus } from "@/lib/queries/logs";
import type { LogSource } from "@/lib/schemas/common";

/** Height of one line (Tailwind `h-5`), the unit of the virtual list. */
const ROW_PX = 20;
/** Lines rendered above and below the visible ones. */
const OVERSCAN = 30;

export interface LogViewerProps {
  /** The console's stream, e.g. `/api/pods/{id}/logs?tail=1000`. */
  url: string;
  /** Accessible name of the log region, e.g. "Logs of pod abc". */
  label: string;
  /** The endpoint-wide stream: lines name their worker. */
  merged?: boolean;
  /** What the empty log says: what will appear here, and when. */
  empty: string;
  /** Name of the downloaded file, ending in `.log`. */
  fileName: string;
}

const TIME = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  hour12: false,
});

const STATUS: Record<LogStreamStatus, string> = {
  connecting: "Connecting to the log stream…",
  live: "Live",
  reconnecting: "Connection lost: reconnecting, resuming after the last line shown…",
  ended: "Stream ended: the resource is gone, no more lines will come.",
  error: "The log stream could not open.",
};

/** `2026-06-01T12:00:00.000Z container w1 line`, one line each. */
export function logFileText(lines: readonly LogRecord[]): string {
  return lines
    .map((l) => [l.iso, l.source.padEnd(9), ...(l.worker ? [l.worker] : []), l.line].join(" "))
    .join("\n")
    .concat(lines.length > 0 ? "\n" : "");
}

/**
 * A live log: follow (auto-scroll, off when you scroll up), pause (lines keep arriving and
 * show on resume), source filter, search with highlighted matches and a count, local times with
 * UTC on hover, download of what is loaded. Only the visible lines are in the DOM.
 */
export function LogViewer({ url, label, merged = false, empty, fileName }: LogViewerProps) {
  const stream = useLogStream(url, { merged });
  const [follow, setFollow] = useState(true);
  const [source, setSource] = useState<LogSource | "all">("all");
  const [query, setQuery] = useState("");
  const [viewport, setViewport] = useState({ top: 0, height: 384 });
  const scroller = useRef<HTMLDivElement>(null);
  const lastTop = useRef(0);

  const { shown, matches } = useMemo(() => {
    const bySource =
      source === "all" ? stream.lines : stream.lines.filter((l) => l.source === source);
    if (query === "") return { shown: bySource, matches: 0 };
    let matches = 0;
    const shown = bySource.filter((l) => {
      const n = countMatches(l.line, query);
      matches += n;
      return n > 0;
    });
    return { shown, matches };
  }, [stream.lines, source, query]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [shown, follow]);

  function onScroll(e: UIEvent<HTMLDivElement>) {
    const el = e.currentTarget;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= ROW_PX;
    if (el.scrollTop < lastTop.current - 1 && !atBottom) setFollow(false);
    lastTop.current = el.scrollTop;
    setViewport({ top: el.scrollTop, height: el.clientHeight });
  }

  function download() {
    const blob = new Blob([logFileText(stream.loaded())], { type: "text/plain;charset=utf-8" });
    const href = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = href;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }

  const start = Math.max(0, Math.floor(viewport.top / ROW_PX) - OVERSCAN);
  const end = Math.min(
    shown.length,
    Math.ceil((viewport.top + viewport.height) / ROW_PX) + OVERSCAN,
  );
  const visible = shown.slice(start, end);

  if (stream.status === "error" && stream.error)
    return <LoadError what="the log stream" error={stream.error} onRetry={stream.retry} />;

  return (
    <div className="space-y-3">
      <div
        role="toolbar"
        aria-label="Log controls"
        className="flex flex-wrap items-end gap-3 text-sm"
      >
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={follow}
          onClick={() => setFollow((f) => !f)}
        >
          {follow ? "Following" : "Follow"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={stream.paused}
          onClick={() => stream.setPaused(!stream.paused)}
        >
          {stream.paused
            ? `Resume${stream.waiting > 0 ? ` (${stream.waiting.toLocaleString("en")} new)` : ""}`
            : "Pause"}
        </Button>
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-neutral-700 dark:text-neutral-300">Source</span>
          <Select
            value={source}
            onChange={(e) => setSource(e.target.value as LogSource | "all")}
            className="h-8 w-40"
            options={[
              { value: "all", label: "All sources" },
              { value: "container", label: "Container" },
              { value: "system", label: "System" },
            ]}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
            Search lines
          </span>
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Text in a line"
            className="h-8 w-56"
          />
        </label>
        <Button variant="secondary" size="sm" onClick={download}>
          Download .log
        </Button>
      </div>

      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700 dark:text-neutral-300">
        <p role="status" aria-live="polite">
          {stream.paused ? "Paused: new lines wait until you resume." : STATUS[stream.status]}{" "}
          {stream.lines.length.toLocaleString("en")} lines loaded.
        </p>
        {query !== "" && (
          <p role="status" aria-live="polite">
            {matches === 0
              ? `No line contains “${query}”.`
              : `${matches.toLocaleString("en")} ${matches === 1 ? "match" : "matches"} in ${shown.length.toLocaleString("en")} ${shown.length === 1 ? "line" : "lines"} (only those shown).`}
          </p>
        )}
        {stream.dropped > 0 && (
          <p>
            Keeping the last {LOG_LINE_CAP.toLocaleString("en")} lines:{" "}
            {stream.dropped.toLocaleString("en")} older lines were dropped from this page.
          </p>
        )}
      </div>

      <div
        ref={scroller}
        role="log"
        aria-label={label}
        tabIndex={0}
        onScroll={onScroll}
        className="h-96 overflow-auto rounded-lg border border-neutral-200 bg-neutral-50 font-mono text-xs focus-visible:outline-2 focus-visible:outline-violet-600 dark:border-neutral-800 dark:bg-neutral-950"
      >
        {shown.length === 0 ? (
          <p className="p-4 font-sans text-sm text-neutral-700 dark:text-neutral-300">
            {stream.status === "connecting"
              ? "Connecting to the log stream…"
              : stream.lines.length === 0
                ? empty
                : "No line matches the source and search chosen."}
          </p>
        ) : (
          <div className="min-w-max py-1">
            <div aria-hidden style={{ height: start * ROW_PX }} />
            {visible.map((l) => (
              <LogRow key={`${l.worker} ${l.id}`} line={l} query={query} merged={merged} />
            ))}
            <div aria-hidden style={{ height: (shown.length - end) * ROW_PX }} />
          </div>
        )}
      </div>
    </div>
  );
}

function LogRow({ line, query, merged }: { line: LogRecord; query: string; merged: boolean }) {
  const utc = `${line.iso.replace("T", " ").replace(/\.\d+Z$|Z$/, "")} UTC`;
  return (
    <div
      data-log-line
      className="flex h-5 items-center gap-3 px-3 leading-5 whitespace-pre hover:bg-neutral-100 dark:hover:bg-neutral-900"
    >
      <time
        dateTime={line.iso}
        title={utc}
        className="shrink-0 text-neutral-600 tabular-nums dark:text-neutral-400"
      >
        {TIME.format(line.ts)}
      </time>
      <span
        className={cx(
          "w-16 shrink-0",
          line.source === "system"
            ? "text-sky-800 dark:text-sky-300"
            : "text-neutral-700 dark:text-neutral-300",
        )}
      >
        {line.source}
      </span>
      {merged && (
        <span className="shrink-0 text-violet-800 dark:text-violet-300" title="Worker">
          {line.worker}
        </span>
      )}
      <span className="text-neutral-900 dark:text-neutral-100">
        {highlight(line.line, query).map((s, i) =>
          s.match ? (
            <mark
              key={i}
              className="rounded-sm bg-amber-200 text-neutral-950 underline decoration-2 underline-offset-2 dark:bg-amber-300"
            >
              {s.text}
            </mark>
          ) : (
            s.text
          ),
        )}
      </span>
    </div>
  );
}
