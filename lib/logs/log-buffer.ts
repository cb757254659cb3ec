import type { LogSource } from "@/lib/schemas/common";
import { logLineOf, workerLogLineOf, type LogLineValue } from "@/lib/schemas/log-lines";
import type { SseEvent } from "./sse";

/** One log line as the console keeps it. */
export interface LogRecord {
  /** The event id of the stream it came from: `<RFC 3339 time>/<sequence>`. */
  id: string;
  /** The worker it came from, on an endpoint-wide (merged) stream; `""` on a single stream. */
  worker: string;
  /** RFC 3339, as the platform sent it. */
  iso: string;
  /** `iso` in ms, for ordering. */
  ts: number;
  source: LogSource;
  line: string;
}

/** Lines the console keeps per log view; older lines are dropped (and counted) past it. */
export const LOG_LINE_CAP = 5000;

/**
 * A log event of a single stream (`id: <time>/<seq>`, data `{ts, source, line}`) or of the merged
 * endpoint stream (`id: <worker>=<time>/<seq>`, data with `worker`); null when it is neither.
 */
export function logRecordOf(event: SseEvent): LogRecord | null {
  if (event.id === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  const merged = workerLogLineOf(json);
  if (merged) {
    const at = event.id.indexOf("=");
    const id = at >= 0 ? event.id.slice(at + 1) : event.id;
    return { id, worker: merged.worker, ...common(merged) };
  }
  const single = logLineOf(json);
  return single ? { id: event.id, worker: "", ...common(single) } : null;
}

const common = (l: LogLineValue) => ({
  iso: l.ts,
  ts: Date.parse(l.ts),
  source: l.source,
  line: l.line,
});

/** `<time>/<seq>` → comparable parts; a bare time has sequence -1 (before any line of that time). */
function idKey(id: string): [number, number] | null {
  const slash = id.lastIndexOf("/");
  const ts = Date.parse(slash >= 0 ? id.slice(0, slash) : id);
  const seq = slash >= 0 ? Number(id.slice(slash + 1)) : -1;
  return Number.isNaN(ts) || Number.isNaN(seq) ? null : [ts, seq];
}

/** Is event id `a` after `b` in one stream (later time, or same time and higher sequence)? */
export function isAfter(a: string, b: string): boolean {
  const ka = idKey(a);
  const kb = idKey(b);
  if (!ka || !kb) return a > b;
  return ka[0] > kb[0] || (ka[0] === kb[0] && ka[1] > kb[1]);
}

/**
 * The lines of one log view: in time order (lines of several workers interleave by their time),
 * each stream's lines at most once (a line at or before the last one kept from its stream is a
 * duplicate, e.g. sent again after a reconnect), and at most `cap` of them (the oldest dropped
 * first, counted in `dropped`). Plain data, no React: the view copies it once per frame.
 */
export class LogBuffer {
  private readonly kept: LogRecord[] = [];
  private readonly lastId = new Map<string, string>();
  dropped = 0;

  constructor(readonly cap = LOG_LINE_CAP) {}

  get lines(): readonly LogRecord[] {
    return this.kept;
  }

  /** Adds what is new; returns how many lines were added. */
  add(records: readonly LogRecord[]): number {
    let added = 0;
    for (const r of records) {
      const last = this.lastId.get(r.worker);
      if (last !== undefined && !isAfter(r.id, last)) continue;
      this.lastId.set(r.worker, r.id);
      // Usually the newest line: walk back only past lines of a later time (another worker's).
      let at = this.kept.length;
      while (at > 0 && this.kept[at - 1]!.ts > r.ts) at--;
      if (at === this.kept.length) this.kept.push(r);
      else this.kept.splice(at, 0, r);
      added++;
    }
    const excess = this.kept.length - this.cap;
    if (excess > 0) {
      this.kept.splice(0, excess);
      this.dropped += excess;
    }
    return added;
  }

  /** The last event id seen per stream (`""` for a single stream): where a reconnect resumes. */
  cursor(): ReadonlyMap<string, string> {
    return this.lastId;
  }

  clear(): void {
    this.kept.length = 0;
    this.lastId.clear();
    this.dropped = 0;
  }
}

/**
 * The `Last-Event-ID` of the merged endpoint stream: each worker's last event id,
 * `<worker>=<id>` joined by `;` (worker ids never hold `=` or `;`).
 */
export function formatMergedCursor(cursor: ReadonlyMap<string, string>): string {
  return [...cursor]
    .filter(([worker]) => worker !== "")
    .map(([worker, id]) => `${worker}=${id}`)
    .join(";");
}

/** The inverse of `formatMergedCursor`; malformed parts are left out. */
export function parseMergedCursor(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const worker = part.slice(0, at).trim();
    const id = part.slice(at + 1).trim();
    if (/^[A-Za-z0-9_-]+$/.test(worker) && idKey(id)) out.set(worker, id);
  }
  return out;
}
