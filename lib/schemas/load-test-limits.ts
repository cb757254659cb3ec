// Plain values, without zod, so the load-test form shows its bounds without loading the schemas.

/**
 * The seed's "Job API rate limits" for `/run` (per endpoint and operation): 1000 requests per 10 s
 * and 200 in flight. A load test never asks for more than that rate (the dynamic per-worker rule
 * only raises the limit once workers run, so it is never counted on), and sends at most
 * `maxInFlight` `/run` calls at once. `tests/api/load-test-limits.test.ts` checks these figures against
 * the local platform's own table.
 */
export const JOB_API_RUN_LIMIT = { perTenSeconds: 1000, concurrent: 200 } as const;
/** The seed's `/status` limit: 2000 per 10 s. A load test polls at most half of it. */
export const JOB_API_STATUS_LIMIT = { perTenSeconds: 2000, concurrent: 400 } as const;

export const LOAD_TEST_LIMITS = {
  /** Requests per second: the `/run` limit of the seed, 1000 per 10 s. */
  maxRate: JOB_API_RUN_LIMIT.perTenSeconds / 10,
  minRate: 0.1,
  maxRequests: 10_000,
  /** `/run` calls in flight at once (well under the seed's 200). */
  maxInFlight: 50,
  /**
   * `/status` polls per second of load time: 1% of the seed's 2000 per 10 s. Latency comes from
   * each job's own delayTime + executionTime, so a slower pace changes no figure, only how soon
   * a finished job is counted; the oldest unfinished jobs are polled first.
   */
  statusPollsPerSecond: 20,
} as const;
