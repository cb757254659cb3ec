import { problem } from "../../http/problem";
import type { CounterBackend } from "../../http/rate-limit";
import type { JobEngine } from "../engine/engine";
import { sharedWindowCounter, type SharedWindowCounter } from "./job-rate-counters";

export type LimitedOperation =
  "runsync" | "run" | "status" | "stream" | "cancel" | "purge" | "openai" | "requests";

interface Rule {
  /** Requests per 10 s window. */
  rate: number;
  /** Requests in flight at once; null: none stated. */
  concurrent: number | null;
  /** Added to the rate per running worker (platform-notes §1.7); 0: does not scale. */
  perWorker: number;
  label: string;
}

/** The seed's "Job API rate limits" table with the per-worker increments of platform-notes §1.7. */
export const JOB_RATE_LIMITS: Record<LimitedOperation, Rule> = {
  runsync: { rate: 2000, concurrent: 400, perWorker: 400, label: "/runsync" },
  run: { rate: 1000, concurrent: 200, perWorker: 200, label: "/run" },
  status: { rate: 2000, concurrent: 400, perWorker: 400, label: "/status" },
  stream: { rate: 2000, concurrent: 400, perWorker: 0, label: "/stream" },
  cancel: { rate: 100, concurrent: 20, perWorker: 20, label: "/cancel" },
  purge: { rate: 2, concurrent: null, perWorker: 0, label: "/purge-queue" },
  openai: { rate: 2000, concurrent: 400, perWorker: 400, label: "/openai/*" },
  requests: { rate: 10, concurrent: 2, perWorker: 0, label: "/requests" },
};

export const WINDOW_MS = 10_000;
const WORKER_COUNT_CACHE_MS = 1000;

/**
 * Per endpoint and operation: a fixed 10 s window on the platform clock and an in-flight count.
 * The effective rate is max(base, running workers × per-worker figure); above it → 429 with
 * `Retry-After`. `PLATFORM_JOB_RATE_LIMITS` scales the table or turns it off.
 *
 * Window counts follow the management limiter's counter backend: in memory on the embedded store
 * (one instance; no I/O on the hot path), in Redis with `REDIS_URL`, else in a PostgreSQL table,
 * so instances sharing a database count one budget. A shared counter that fails is logged and the
 * instance counts alone until it answers again, rather than failing job requests. The in-flight
 * count stays per instance (a request is in flight where it is held), so N instances allow up to
 * N × the concurrency figure.
 */
export class JobRateLimits {
  private readonly windows = new Map<string, { window: number; count: number }>();
  private readonly inFlight = new Map<string, number>();
  private readonly workerCounts = new Map<string, { n: number; until: number }>();

  private readonly shared: SharedWindowCounter | undefined;
  private sharedWarnedAt = 0;

  constructor(
    private readonly e: JobEngine,
    backend: CounterBackend = { kind: "memory" },
  ) {
    this.shared = sharedWindowCounter(backend, (err) => this.warnShared(err));
  }

  /** Once a minute at most: a down counter store must not flood the log at the request rate. */
  private warnShared(err: unknown): void {
    const wall = Date.now();
    if (wall - this.sharedWarnedAt < 60_000) return;
    this.sharedWarnedAt = wall;
    this.e.log.warn(
      { err, counters: this.shared?.kind },
      "job rate limits: shared counter unavailable; this instance counts alone",
    );
  }

  /** Shared count before this request (counted), or undefined when the store did not answer. */
  private async countShared(key: string, window: number): Promise<number | undefined> {
    try {
      return (await this.shared!.increment(key, window)) - 1;
    } catch (err) {
      this.warnShared(err);
      return undefined;
    }
  }

  private uncount(key: string, window: number): Promise<void> {
    return this.shared!.decrement(key, window).catch((err: unknown) => this.warnShared(err));
  }

  private localWindow(key: string, window: number): { window: number; count: number } {
    let w = this.windows.get(key);
    if (!w || w.window !== window) {
      w = { window, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.windows.clear();
    }
    return w;
  }

  private scaled(n: number): number {
    const f = this.e.config.rateLimitFactor;
    return f === "off" ? Number.POSITIVE_INFINITY : Math.max(1, Math.round(n * f));
  }

  /** Workers that are up (idle or running), counted at most once a second per endpoint. */
  private async runningWorkers(endpointId: string): Promise<number> {
    const wall = Date.now();
    const hit = this.workerCounts.get(endpointId);
    if (hit && hit.until > wall) return hit.n;
    const row = await this.e.db
      .selectFrom("workers")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("endpoint_id", "=", endpointId)
      .where("status", "=", "READY")
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    if (this.workerCounts.size > 5000) this.workerCounts.clear();
    this.workerCounts.set(endpointId, { n, until: wall + WORKER_COUNT_CACHE_MS });
    return n;
  }

  /** Counts one request; returns the release for the in-flight count, or throws the 429 problem. */
  async acquire(endpointId: string, op: LimitedOperation): Promise<() => void> {
    if (this.e.config.rateLimitFactor === "off") return () => undefined;
    const rule = JOB_RATE_LIMITS[op];
    const key = `${endpointId}:${op}`;
    const now = this.e.clock.now();
    const window = Math.floor(now / WINDOW_MS);
    const sharedCount = this.shared ? await this.countShared(key, window) : undefined;
    const w = sharedCount === undefined ? this.localWindow(key, window) : undefined;
    const count = sharedCount ?? w!.count;
    const base = this.scaled(rule.rate);
    if (count >= base) {
      // Only a request over the base pays for the worker count.
      const dynamic =
        rule.perWorker > 0
          ? (await this.runningWorkers(endpointId)) * this.scaled(rule.perWorker)
          : 0;
      if (count >= Math.max(base, dynamic)) {
        if (sharedCount !== undefined) await this.uncount(key, window);
        const retry = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
        throw problem(
          429,
          `rate limit exceeded for ${rule.label}: ${Math.max(base, dynamic)} requests per 10 seconds on this endpoint`,
          undefined,
          {
            "Retry-After": String(retry),
          },
        );
      }
    }
    const concurrent =
      rule.concurrent === null ? Number.POSITIVE_INFINITY : this.scaled(rule.concurrent);
    const flying = this.inFlight.get(key) ?? 0;
    if (flying >= concurrent) {
      if (sharedCount !== undefined) await this.uncount(key, window);
      throw problem(
        429,
        `too many concurrent ${rule.label} requests on this endpoint (at most ${concurrent})`,
        undefined,
        {
          "Retry-After": "1",
        },
      );
    }
    if (w) w.count++;
    this.inFlight.set(key, flying + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.inFlight.get(key) ?? 1) - 1;
      if (n <= 0) this.inFlight.delete(key);
      else this.inFlight.set(key, n);
    };
  }
}
