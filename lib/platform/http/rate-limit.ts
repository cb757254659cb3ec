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

  /** Counts one request for `subject`; throws the 429 problem (with headers) when a window is exhausted. */
  async consume(subject: string): Promise<RateLimitState> {
    const parts: string[] = [];
    for (const l of this.limiters) {
      try {
        const res = await l.limiter.consume(subject, 1);
        parts.push(
          `"${l.name}";r=${res.remainingPoints};t=${Math.max(1, Math.ceil(res.msBeforeNext / 1000))}`,
        );
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const retry = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        const p = problems.rateLimited(l.name, retry);
        p.headers["RateLimit"] = [...parts, `"${l.name}";r=0;t=${retry}`].join(", ");
        p.headers["RateLimit-Policy"] = this.policyHeader;
        throw p;
      }
    }
    return { rateLimit: parts.join(", "), policy: this.policyHeader };
  }
}
