import type { Redis } from "ioredis";
import type pg from "pg";
import type { CounterBackend } from "../../http/rate-limit";

/**
 * Request counts per key in fixed windows numbered from the platform clock, kept where every
 * instance of a deployment sees them (Redis, or PostgreSQL when there is no Redis). The caller
 * computes the window index, so a manual clock moves shared windows exactly like local ones.
 */
export interface SharedWindowCounter {
  readonly kind: "redis" | "postgres";
  /** Adds one to `key` in `window`; resolves to the count including this one. */
  increment(key: string, window: number): Promise<number>;
  /** Takes one back (a refused request does not use the budget, as in memory). */
  decrement(key: string, window: number): Promise<void>;
}

/**
 * A window's counter lives this long (real time) after its last count. Past windows are never read
 * again, so this only bounds their storage; it is long because a manual clock may hold one window
 * for any real time and the count must survive that.
 */
export const COUNTER_TTL_MS = 60_000;

const KEY_PREFIX = "hangar_jobs";

class RedisWindowCounter implements SharedWindowCounter {
  readonly kind = "redis";
  constructor(private readonly client: Redis) {}

  async increment(key: string, window: number): Promise<number> {
    const k = `${KEY_PREFIX}:${key}:${window}`;
    // One round trip: INCR and the expiry travel in one pipeline.
    const res = await this.client.pipeline().incr(k).pexpire(k, COUNTER_TTL_MS).exec();
    const [err, n] = res?.[0] ?? [new Error("Redis answered no result"), null];
    if (err) throw err;
    return Number(n);
  }

  async decrement(key: string, window: number): Promise<void> {
    const k = `${KEY_PREFIX}:${key}:${window}`;
    // The expiry again: a key that expired in between must not come back without one.
    const res = await this.client.pipeline().decr(k).pexpire(k, COUNTER_TTL_MS).exec();
    const err = res?.find(([e]) => e)?.[0];
    if (err) throw err;
  }
}

const TABLE = "job_rate_windows";
const SWEEP_EVERY_MS = COUNTER_TTL_MS;

/**
 * One UNLOGGED row per key and window (counts need no crash safety, so they skip the WAL), created
 * at first use like rate-limiter-flexible's `rate_limits`; PostgreSQL mode only, so the embedded
 * store's migrations never carry it. Rows not counted for a minute are swept by whichever instance
 * counts next.
 */
class PostgresWindowCounter implements SharedWindowCounter {
  readonly kind = "postgres";
  private ready: Promise<void> | undefined;
  private nextSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onSweepError: (err: unknown) => void,
  ) {}

  private ensureTable(attempt = 1): Promise<void> {
    this.ready ??= this.pool
      .query(
        `create unlogged table if not exists ${TABLE} (
          key text not null, win bigint not null, count integer not null, touched bigint not null,
          primary key (key, win))`,
      )
      .then(
        () => undefined,
        (err: unknown) => {
          this.ready = undefined;
          // Another instance created it at the same moment (the catalogue's unique index): retry.
          if (attempt < 3) return this.ensureTable(attempt + 1);
          throw err;
        },
      );
    return this.ready;
  }

  async increment(key: string, window: number): Promise<number> {
    await this.ensureTable();
    const wall = Date.now();
    if (wall >= this.nextSweep) {
      this.nextSweep = wall + SWEEP_EVERY_MS;
      this.pool
        .query({
          name: "hangar_job_rate_sweep",
          text: `delete from ${TABLE} where touched < $1`,
          values: [wall - COUNTER_TTL_MS],
        })
        .catch(this.onSweepError);
    }
    const { rows } = await this.pool.query<{ count: number }>({
      name: "hangar_job_rate_incr",
      text: `insert into ${TABLE} as t (key, win, count, touched) values ($1, $2, 1, $3)
        on conflict (key, win) do update set count = t.count + 1, touched = excluded.touched
        returning count`,
      values: [key, window, wall],
    });
    return Number(rows[0]?.count);
  }

  async decrement(key: string, window: number): Promise<void> {
    await this.pool.query({
      name: "hangar_job_rate_decr",
      text: `update ${TABLE} set count = count - 1 where key = $1 and win = $2`,
      values: [key, window],
    });
  }
}

/** The shared counter for the deployment's counter backend; undefined: count in memory. */
export function sharedWindowCounter(
  backend: CounterBackend,
  onBackgroundError: (err: unknown) => void,
): SharedWindowCounter | undefined {
  if (backend.kind === "redis") return new RedisWindowCounter(backend.client);
  if (backend.kind === "postgres")
    return new PostgresWindowCounter(backend.pool, onBackgroundError);
  return undefined;
}
