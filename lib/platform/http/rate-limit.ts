import type { Redis } from "ioredis";
import type pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { problems } from "./problem";

export const WINDOWS = [
  { name: "minute", seconds: 60 },
  { name: "hour", seconds: 3600 },
  { name: "day", seconds: 86400 },
] as const;
export type WindowName = (typeof WINDOWS)[number]["name"];

export interface RateLimitState {
  /** `RateLimit` header: `"minute";r=59;t=42, "hour";…` */
  rateLimit: string;
  /** `RateLimit-Policy` header: `"minute";q=60;w=60, …` */
  policy: string;
}

export type CounterBackend =
  { kind: "memory" } | { kind: "redis"; client: Redis } | { kind: "postgres"; pool: pg.Pool };

function postgresLimiter(
  opts: { points: number; duration: number; keyPrefix: string },
  pool: pg.Pool,
  attempt = 1,
): Promise<RateLimiterAbstract> {
  return new Promise<RateLimiterAbstract>((resolve, reject) => {
    const l: RateLimiterPostgres = new RateLimiterPostgres(
      { ...opts, storeClient: pool, tableName: "rate_limits", clearExpiredByTimeout: false },
      (err?: Error) => {
        if (!err) return resolve(l);
        // Another instance created the table at the same moment: the second try finds it.
        if (attempt < 3) return postgresLimiter(opts, pool, attempt + 1).then(resolve, reject);
        reject(err);
      },
    );
  });
}

/**
 * Per-key quotas of the management API over three windows (the seed's Limits section), counted by
 * rate-limiter-flexible: in memory for one instance, in Redis or PostgreSQL when several share.
 */
export class ManagementRateLimiter {
  private readonly limiters: {
    name: WindowName;
    seconds: number;
    quota: number;
    limiter: RateLimiterAbstract;
  }[];
  readonly policyHeader: string;

  private constructor(limiters: ManagementRateLimiter["limiters"]) {
    this.limiters = limiters;
    this.policyHeader = limiters.map((l) => `"${l.name}";q=${l.quota};w=${l.seconds}`).join(", ");
  }

  static async create(
    quotas: Record<WindowName, number>,
    backend: CounterBackend,
  ): Promise<ManagementRateLimiter> {
    // Sequential: each PostgreSQL limiter runs CREATE TABLE IF NOT EXISTS on one shared table, and
    // concurrent runs of that statement race on PostgreSQL's type catalogue.
    const limiters: ManagementRateLimiter["limiters"] = [];
    for (const w of WINDOWS) {
      const opts = {
        points: quotas[w.name],
        duration: w.seconds,
        keyPrefix: `hangar_mgmt_${w.name}`,
      };
      let limiter: RateLimiterAbstract;
      if (backend.kind === "redis") {
        limiter = new RateLimiterRedis({ ...opts, storeClient: backend.client });
      } else if (backend.kind === "postgres") {
        limiter = await postgresLimiter(opts, backend.pool);
      } else {
        limiter = new RateLimiterMemory(opts);
      }
      limiters.push({ name: w.name, seconds: w.seconds, quota: quotas[w.name], limiter });
    }
    return new ManagementRateLimiter(limiters);
  }

  /**
   * Counts one request for `subject` in every window, or none: a refused request must not use up
   * another window's quota (a client obeying Retry-After would be refused again). All windows are
   * debited at once and, if any refuses, every debit (the refusing one's too) is refunded. Under
   * concurrency a request may see a count briefly raised by a refused one; it is never left debited.
   * Throws the 429 naming the window that binds (the refusing window that resets last).
   */
  async consume(subject: string): Promise<RateLimitState> {
    const results = await Promise.allSettled(
      this.limiters.map((l) => l.limiter.consume(subject, 1)),
    );
    for (const r of results)
      if (r.status === "rejected" && !(r.reason instanceof RateLimiterRes)) {
        await this.refund(subject, results);
        throw r.reason;
      }
    const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const refused = this.limiters
      .map((l, i) => ({ l, r: results[i]! }))
      .filter((x) => x.r.status === "rejected");
    if (refused.length === 0) {
      const parts = this.limiters.map((l, i) => {
        const res = (results[i] as PromiseFulfilledResult<RateLimiterRes>).value;
        return `"${l.name}";r=${res.remainingPoints};t=${seconds(res)}`;
      });
      return { rateLimit: parts.join(", "), policy: this.policyHeader };
    }
    await this.refund(subject, results);
    const parts = this.limiters.map((l, i) => {
      const r = results[i]!;
      if (r.status === "rejected")
        return `"${l.name}";r=0;t=${seconds(r.reason as RateLimiterRes)}`;
      // Refunded: what remains is one more than the debit left.
      return `"${l.name}";r=${Math.min(l.quota, r.value.remainingPoints + 1)};t=${seconds(r.value)}`;
    });
    const binding = refused.reduce((a, b) =>
      (b.r as PromiseRejectedResult).reason.msBeforeNext >
      (a.r as PromiseRejectedResult).reason.msBeforeNext
        ? b
        : a,
    );
    const p = problems.rateLimited(
      binding.l.name,
      seconds((binding.r as PromiseRejectedResult).reason as RateLimiterRes),
    );
    p.headers["RateLimit"] = parts.join(", ");
    p.headers["RateLimit-Policy"] = this.policyHeader;
    throw p;
  }

  /** Gives back the point each window took (a refused consume counts too). */
  private async refund(
    subject: string,
    results: PromiseSettledResult<RateLimiterRes>[],
  ): Promise<void> {
    await Promise.all(
      this.limiters.map((l, i) =>
        results[i]!.status === "fulfilled" || results[i]!.reason instanceof RateLimiterRes
          ? l.limiter.reward(subject, 1)
          : undefined,
      ),
    );
  }
}
