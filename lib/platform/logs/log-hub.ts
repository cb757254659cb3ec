import type { LogSource } from "@/lib/schemas/common";
import type { Clock } from "../clock";

/** One stored log line of a resource. `seq` grows by one per line of that resource. */
export interface LogEntry {
  seq: number;
  /** Platform clock, ms; never decreases within a resource. */
  ts: number;
  source: LogSource;
  line: string;
}

/** What a stream backfills: the last `tail` lines, or everything after a cursor. */
export type Backfill =
  { tail: number } | { since: number } | { after: { ts: number; seq: number | null } };

interface Listener {
  line(entry: LogEntry): void;
  end(): void;
}

interface Resource {
  /** Line `seq` sits at slot `(seq - 1) % capacity`; the last `min(seq, capacity)` are kept. */
  ring: LogEntry[];
  seq: number;
  lastTs: number;
  listeners: Set<Listener>;
}

/** `pod:<id>` or `worker:<id>`. */
export type LogKey = `pod:${string}` | `worker:${string}`;
export const podLogKey = (id: string): LogKey => `pod:${id}`;
export const workerLogKey = (id: string): LogKey => `worker:${id}`;

/**
 * Log lines of pods and serverless workers, kept in memory: a ring of the last `capacity` lines per
 * resource (enough for the largest `tail`, 5000), pushed to open streams as they are appended.
 * `since` and `Last-Event-ID` resume within what the ring still holds. Memory stays bounded: at
 * most `maxResources` rings, the least recently written without an open stream dropped first,
 * and a resource that is gone (terminated pod, removed worker) drops its ring.
 *
 * Lines live on the instance that produced them: with several instances on one PostgreSQL, a
 * stream shows what its own instance saw.
 */
export class LogHub {
  private readonly resources = new Map<LogKey, Resource>();

  constructor(
    private readonly clock: Clock,
    readonly capacity = 5000,
    private readonly maxResources = 2000,
  ) {}

  /** Appends a line at `ts` (default now) and hands it to every open stream of the resource. */
  append(key: LogKey, source: LogSource, line: string, ts = this.clock.now()): void {
    const r = this.resourceOf(key);
    r.lastTs = Math.max(r.lastTs, ts);
    const entry: LogEntry = { seq: ++r.seq, ts: r.lastTs, source, line };
    r.ring[(entry.seq - 1) % this.capacity] = entry;
    for (const l of r.listeners) l.line(entry);
  }

  /** The resource is gone: open streams end (after what they were sent) and its lines are dropped. */
  end(key: LogKey): void {
    const r = this.resources.get(key);
    if (!r) return;
    this.resources.delete(key);
    for (const l of r.listeners) l.end();
    r.listeners.clear();
  }

  /** Stored lines of a resource, oldest first, filtered by source and backfill rule. */
  read(key: LogKey, backfill: Backfill, source?: LogSource): LogEntry[] {
    const r = this.resources.get(key);
    if (!r) return [];
    const all: LogEntry[] = [];
    for (let seq = Math.max(1, r.seq - this.capacity + 1); seq <= r.seq; seq++) {
      const e = r.ring[(seq - 1) % this.capacity]!;
      if (source === undefined || e.source === source) all.push(e);
    }
    if ("tail" in backfill) return backfill.tail === 0 ? [] : all.slice(-backfill.tail);
    if ("since" in backfill) return all.filter((e) => e.ts >= backfill.since);
    const { ts, seq } = backfill.after;
    return all.filter((e) => e.ts > ts || (e.ts === ts && seq !== null && e.seq > seq));
  }

  /** Live lines of a resource from now on; `end` when it is gone. Returns the unsubscribe. */
  subscribe(key: LogKey, listener: Listener): () => void {
    const r = this.resourceOf(key);
    r.listeners.add(listener);
    return () => {
      r.listeners.delete(listener);
    };
  }

  /** Open streams of a resource. */
  streams(key: LogKey): number {
    return this.resources.get(key)?.listeners.size ?? 0;
  }

  private resourceOf(key: LogKey): Resource {
    let r = this.resources.get(key);
    if (r) {
      // Map order doubles as recency: the most recently written resource goes last.
      this.resources.delete(key);
      this.resources.set(key, r);
      return r;
    }
    r = { ring: [], seq: 0, lastTs: 0, listeners: new Set() };
    this.resources.set(key, r);
    if (this.resources.size > this.maxResources) this.evict();
    return r;
  }

  private evict(): void {
    for (const [key, r] of this.resources) {
      if (this.resources.size <= this.maxResources) return;
      if (r.listeners.size === 0) this.resources.delete(key);
    }
  }
}
