/**
 * Serverless cost arithmetic for the console: what a request costs from its execution time, and
 * what an endpoint would cost per day at a given traffic. Pure numbers in, numbers out; the price
 * is per worker-second (a pool's price per GPU-second times the worker's GPU count).
 */

const SECONDS_PER_DAY = 86_400;

/** Estimated cost of one request: its execution time (ms, as the job API reports it) at the worker's price. */
export function requestCost(executionTimeMs: number, pricePerWorkerSecond: number): number {
  return (Math.max(0, executionTimeMs) / 1000) * pricePerWorkerSecond;
}

/** Jobs that ran to an end on a worker: their execution time is what the worker spent on them. */
const RAN: ReadonlySet<string> = new Set(["COMPLETED", "FAILED", "TIMED_OUT"]);

/**
 * A job's estimated cost (`requestCost`), or undefined while it has not run to an end, when it
 * never ran (cancelled in the queue) or when the price is unknown. The Requests tab and the
 * playground both show this figure for a user's own endpoint.
 */
export function jobCostEstimate(
  job: { status: string; executionTime?: number },
  pricePerWorkerSecond: number | null | undefined,
): number | undefined {
  if (pricePerWorkerSecond == null || !RAN.has(job.status) || job.executionTime === undefined)
    return undefined;
  return requestCost(job.executionTime, pricePerWorkerSecond);
}

export interface TrafficInput {
  /** USD per worker-second (first-choice pool × GPUs per worker). */
  pricePerWorkerSecond: number;
  /** Expected requests per minute, averaged over the day. */
  requestsPerMinute: number;
  /** Average execution time of one request, seconds. */
  executionSeconds: number;
  /** Workers kept running all day whether or not there is work. */
  minWorkers: number;
  /** Most workers the endpoint may run at once. */
  maxWorkers: number;
}

export interface TrafficProjection {
  /** Workers busy on average to keep up (requests per second × execution time). */
  busyWorkers: number;
  /** Whole workers needed to keep up with the traffic. */
  workersNeeded: number;
  /** Requests per minute the endpoint can finish with all its workers busy. */
  capacityPerMinute: number;
  /** True when the traffic needs more workers than the endpoint may run: jobs would queue and wait. */
  queues: boolean;
  /** Requests per minute actually served (the traffic, or the capacity when it queues). */
  servedPerMinute: number;
  /** Cost of one average request. */
  perRequest: number;
  /** Always-on min workers, per day, busy or idle. */
  alwaysOnPerDay: number;
  /** Execution time beyond what the always-on workers absorb, per day. */
  trafficPerDay: number;
  /** alwaysOnPerDay + trafficPerDay. Cold starts and idle-timeout tails come on top. */
  perDay: number;
}

const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * Projected daily cost at steady traffic. Busy workers on average = arrivals per second × execution
 * time (Little's law); the endpoint can run at most max(min, max) workers, so traffic beyond that
 * capacity queues and is served only at capacity. Min workers are billed all day and absorb up to
 * that many busy workers' worth of requests; only the load beyond them adds cost.
 */
export function projectTraffic(input: TrafficInput): TrafficProjection {
  const price = nonNegative(input.pricePerWorkerSecond);
  const rpm = nonNegative(input.requestsPerMinute);
  const seconds = nonNegative(input.executionSeconds);
  const min = Math.floor(nonNegative(input.minWorkers));
  const max = Math.max(min, Math.floor(nonNegative(input.maxWorkers)));

  const busyWorkers = (rpm / 60) * seconds;
  const workersNeeded = Math.ceil(busyWorkers - 1e-9);
  const capacityPerMinute = seconds > 0 ? (max * 60) / seconds : max > 0 ? Infinity : 0;
  const queues = busyWorkers > max + 1e-9;
  const servedBusy = Math.min(busyWorkers, max);
  const servedPerMinute = Math.min(rpm, capacityPerMinute);

  const alwaysOnPerDay = min * SECONDS_PER_DAY * price;
  const trafficPerDay = Math.max(0, servedBusy - min) * SECONDS_PER_DAY * price;
  return {
    busyWorkers,
    workersNeeded,
    capacityPerMinute,
    queues,
    servedPerMinute,
    perRequest: seconds * price,
    alwaysOnPerDay,
    trafficPerDay,
    perDay: alwaysOnPerDay + trafficPerDay,
  };
}

/** USD for small amounts: two significant digits below a cent ($0.000017), cents above ($1.23). */
export function usdEstimate(amount: number): string {
  if (amount === 0) return "$0.00";
  if (Math.abs(amount) >= 0.01)
    return `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${amount.toLocaleString("en-US", { maximumSignificantDigits: 2 })}`;
}
