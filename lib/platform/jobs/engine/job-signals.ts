import type pg from "pg";
import type { Logger } from "../../logger";

type Listener = () => void;

/** What changed: a job (terminal, chunk), an endpoint's queue, a worker's stop list, an endpoint's scaling inputs. */
export type SignalKind = "job" | "queue" | "stop" | "scale";

const CHANNEL = "hangar_jobs";

/**
 * Wake-ups between the parts of the engine: a held `/runsync` waits for its job, a held job-take for
 * its endpoint's queue, a job-stop for its worker. Within one process they are direct calls; with
 * several instances on one PostgreSQL they also travel as NOTIFY messages, so a job finished on
 * one instance answers a `/runsync` held on another. Signals are only hints: every waiter re-reads
 * the store, and a periodic poll covers a lost message.
 */
export class JobSignals {
  private readonly listeners: Record<SignalKind, Map<string, Set<Listener>>> = {
    job: new Map(),
    queue: new Map(),
    stop: new Map(),
    scale: new Map(),
  };
  private readonly anyScale = new Set<(endpointId: string) => void>();
  private bus: PgBus | null = null;
  /**
   * Whether other instances share the store (their leases are alive). Until the first heartbeat
   * says, assume so. Alone, NOTIFY would only echo back to us (and be dropped): not sent.
   */
  private peers = true;

  constructor(private readonly log: Logger) {}

  async connect(pool: pg.Pool, instanceId: string): Promise<void> {
    this.bus = new PgBus(pool, instanceId.slice(0, 8), this.log, (kind, id) =>
      this.deliver(kind, id),
    );
    await this.bus.start();
  }

  async close(): Promise<void> {
    await this.bus?.stop();
    this.bus = null;
  }

  on(kind: SignalKind, id: string, fn: Listener): () => void {
    const map = this.listeners[kind];
    let set = map.get(id);
    if (!set) map.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      const s = map.get(id);
      if (!s) return;
      s.delete(fn);
      if (s.size === 0) map.delete(id);
    };
  }

  /** Every scaling signal, whatever the endpoint (the scaler). */
  onAnyScale(fn: (endpointId: string) => void): () => void {
    this.anyScale.add(fn);
    return () => this.anyScale.delete(fn);
  }

  has(kind: SignalKind, id: string): boolean {
    return this.listeners[kind].has(id);
  }

  emit(kind: SignalKind, id: string): void {
    this.deliver(kind, id);
    if (this.peers) this.bus?.publish(kind, id);
  }

  /** From the instance heartbeat: are other instances alive on the same store? */
  setPeers(alive: boolean): void {
    this.peers = alive;
  }

  private deliver(kind: SignalKind, id: string): void {
    if (kind === "scale") this.anyScale.forEach((fn) => fn(id));
    const set = this.listeners[kind].get(id);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn();
      } catch (err) {
        this.log.error({ err, kind }, "signal listener failed");
      }
    }
  }
}

const KINDS: Record<string, SignalKind> = { j: "job", q: "queue", s: "stop", e: "scale" };
const CODES: Record<SignalKind, string> = { job: "j", queue: "q", stop: "s", scale: "e" };

/** LISTEN/NOTIFY on one held connection; outgoing messages are batched into one statement per tick. */
class PgBus {
  private client: pg.PoolClient | null = null;
  private pending: string[] = [];
  private flushing = false;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tag: string,
    private readonly log: Logger,
    private readonly onMessage: (kind: SignalKind, id: string) => void,
  ) {}

  async start(): Promise<void> {
    const client = await this.pool.connect();
    client.on("notification", (msg) => {
      if (!msg.payload) return;
      const [tag, code, id] = msg.payload.split("|");
      if (tag === this.tag || !code || id === undefined) return;
      const kind = KINDS[code];
      if (kind) this.onMessage(kind, id);
    });
    client.on("error", (err) => {
      if (this.stopped) return;
      this.log.warn({ err }, "job signals: LISTEN connection failed; reconnecting");
      this.client = null;
      client.release(err);
      setTimeout(() => void this.start().catch(() => undefined), 1000).unref();
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  publish(kind: SignalKind, id: string): void {
    if (this.stopped) return;
    this.pending.push(`${this.tag}|${CODES[kind]}|${id}`);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0 && !this.stopped) {
      const batch = [...new Set(this.pending.splice(0, 500))];
      try {
        await this.pool.query(`SELECT pg_notify('${CHANNEL}', x) FROM unnest($1::text[]) AS x`, [
          batch,
        ]);
      } catch (err) {
        if (!this.stopped)
          this.log.warn({ err }, "job signals: NOTIFY failed (waiters fall back to polling)");
      }
    }
    this.flushing = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const c = this.client;
    this.client = null;
    if (c) {
      await c.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      c.release();
    }
  }
}
