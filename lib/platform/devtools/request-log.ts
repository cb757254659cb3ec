import type { ListRequestsQuery, ServedRequest } from "@/lib/schemas/devtools";

export interface ServedEntry {
  seq: number;
  at: number;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  keyName: string | null;
  accountId: string | null;
  area: ServedRequest["area"];
}

/**
 * Not recorded: reads of the control API (the console's developer tools and shell poll them every
 * few seconds, which would drown everything else) and health probes.
 */
const skip = (e: ServedEntry) =>
  e.path === "/_platform/health" || (e.area === "control" && e.method === "GET");

/**
 * The request inspector: a ring buffer of the last N requests this instance served (method, path,
 * status, latency, the key's name — never the key, never a query string or body). Recording is a
 * slot write; nothing is stored.
 */
export class RequestLog {
  private readonly ring: (ServedEntry | undefined)[];
  private next = 0;
  private seq = 0;

  constructor(readonly capacity = 1000) {
    this.ring = new Array<ServedEntry | undefined>(capacity);
  }

  /** `entry.seq` is overwritten: the caller passes any number. */
  record(entry: ServedEntry): void {
    if (skip(entry)) return;
    entry.seq = this.seq++;
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }

  /** Newest first: the account's requests and those made without a valid key. */
  list(accountId: string, q: ListRequestsQuery): ServedRequest[] {
    const out: ServedRequest[] = [];
    const method = q.method?.toUpperCase();
    const status = q.status;
    for (let i = 1; i <= this.capacity && out.length < q.limit; i++) {
      const e = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (!e) break;
      if (e.accountId !== null && e.accountId !== accountId) continue;
      if (method && e.method !== method) continue;
      if (q.area && e.area !== q.area) continue;
      if (q.path && !e.path.includes(q.path)) continue;
      if (status) {
        const s = String(e.status);
        if (status.endsWith("xx") ? s[0] !== status[0] : s !== status) continue;
      }
      out.push({
        id: `req_${e.seq}`,
        at: new Date(e.at).toISOString(),
        method: e.method,
        path: e.path,
        status: e.status,
        latencyMs: e.latencyMs,
        keyName: e.keyName,
        area: e.area,
      });
    }
    return out;
  }
}
