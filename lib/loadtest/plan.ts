import { usdEstimate } from "@/lib/pricing/serverless-cost";
import type {
  LoadTestSample,
  LoadTestSettings,
  LoadTestSuggestion,
  Percentiles,
} from "@/lib/schemas/load-tests";

// The pure parts of a load test: when each request is due, the percentile summary, what the
// workers cost, and what to change when the settings could not keep up. No I/O: the runner
// (lib/loadtest/runner.ts) and the form both use these.

/**
 * Requests that should have been sent after `elapsedMs` of load time at `rate` per second: the
 * first at 0, then one every 1000/rate ms, never more than `total`.
 */
export function dueCount(elapsedMs: number, rate: number, total: number): number {
  if (elapsedMs < 0 || total <= 0 || rate <= 0) return 0;
  // A small epsilon so floating point never drops the request due exactly now.
  return Math.min(total, Math.floor((elapsedMs * rate) / 1000 + 1e-9) + 1);
}

/**
 * At most this many times faster than real time: an hour of load is paced to 50 s, so with the
 * drain at its end it plays out within a minute (`BENCH_ONLY=accelerated npm run bench`).
 */
export const ACCELERATION = 72;

/** Steps of load time the sending of an accelerated run takes at most (longer runs take longer steps). */
export const MAX_SEND_STEPS = 600;

/**
 * Load time per step of the accelerated clock: 1 s, or longer for a long run so that its sending
 * spans at most `MAX_SEND_STEPS` steps (an hour of load moves 6 s a step). The platform still fires
 * every timer at its own instant inside a step; only the runner's readings are that far apart.
 */
export function acceleratedStepMs(sendMs: number): number {
  return Math.min(60_000, Math.max(1000, Math.ceil(sendMs / MAX_SEND_STEPS / 1000) * 1000));
}

/** Load time (ms) at which the last request is due. */
export const sendDurationMs = (total: number, rate: number) =>
  total <= 1 ? 0 : ((total - 1) * 1000) / rate;

/** Nearest-rank percentile of sorted values (p in 0–100). */
function nearestRank(sorted: readonly number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** p50 / p95 / p99 by nearest rank; null without values. */
export function percentiles(values: readonly number[]): Percentiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: nearestRank(sorted, 50),
    p95: nearestRank(sorted, 95),
    p99: nearestRank(sorted, 99),
  };
}

/** Workers billed between two readings: every worker that exists (running, idle, starting). */
export const billedWorkers = (s: Pick<LoadTestSample, "running" | "idle" | "initializing">) =>
  s.running + s.idle + s.initializing;

/**
 * Worker time × price between consecutive readings (the earlier reading's workers held until the
 * next one): what the run's workers cost, in USD. Null when the price is unknown.
 */
export function workerSpend(
  samples: readonly LoadTestSample[],
  pricePerWorkerSecond: number | null,
): number | null {
  if (pricePerWorkerSecond === null) return null;
  let workerMs = 0;
  for (let i = 1; i < samples.length; i++) {
    const prev = samples[i - 1]!;
    workerMs += billedWorkers(prev) * Math.max(0, samples[i]!.t - prev.t);
  }
  return (workerMs / 1000) * pricePerWorkerSecond;
}

export interface CostProjection {
  /** Load time the sends take (s). */
  sendSeconds: number;
  /** USD per hour with every allowed worker running. */
  maxPerHour: number;
  /**
   * USD at most: every allowed worker running for the send time plus one idle timeout (and, with
   * a known execution time, the time the queue needs to drain at max workers).
   */
  upperBound: number;
  /** USD if each request costs its execution time (only with a known execution time). */
  executionOnly: number | null;
}

/** What a run may cost, before it starts (the form shows it; remote platforms ask to confirm it). */
export function projectLoadTestCost(input: {
  requests: number;
  rate: number;
  settings: Pick<LoadTestSettings, "workersMax" | "workersMin" | "idleTimeout">;
  pricePerWorkerSecond: number | null;
  /** Known execution time of one request (ms), e.g. from a saved playground run. */
  executionMs?: number;
}): CostProjection | null {
  const price = input.pricePerWorkerSecond;
  if (price === null) return null;
  const workers = Math.max(input.settings.workersMax, input.settings.workersMin, 0);
  const sendSeconds = sendDurationMs(input.requests, input.rate) / 1000;
  const exec = input.executionMs !== undefined ? input.executionMs / 1000 : null;
  const drainSeconds = exec !== null && workers > 0 ? (input.requests * exec) / workers : 0;
  const idle = input.settings.idleTimeout ?? 5;
  const seconds = Math.max(sendSeconds, drainSeconds) + idle;
  return {
    sendSeconds,
    maxPerHour: workers * price * 3600,
    upperBound: workers * price * seconds,
    executionOnly: exec !== null ? input.requests * exec * price : null,
  };
}

export interface SuggestionInput {
  settings: LoadTestSettings;
  rate: number;
  samples: readonly LoadTestSample[];
  /** Queue delay of finished jobs (ms). */
  delay: Percentiles | null;
  /** Mean execution time of finished jobs (ms); null before any. */
  meanExecutionMs: number | null;
  sent: number;
  failed: number;
  refused: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The scaler's own idea of "too long a wait" (ms): its queue delay, or 1 s for request count. */
export function delayTarget(settings: LoadTestSettings): number {
  return settings.scalerType === "QUEUE_DELAY" ? settings.scalerValue * 1000 : 1000;
}

/**
 * What to change, from what the run saw:
 * - queue delay beyond the scaler's target while every allowed worker existed and jobs waited →
 *   raise max workers to what the traffic needs (rate × mean execution time, Little's law), with
 *   its price per hour;
 * - queue delay beyond twice the target while workers stayed below max → the scaler reacts too
 *   late: lower its queue delay (or requests per worker);
 * - failed or refused requests → say how many;
 * - otherwise: the settings kept up.
 */
export function suggestions(input: SuggestionInput): LoadTestSuggestion[] {
  const { settings, samples, delay } = input;
  const out: LoadTestSuggestion[] = [];
  const target = delayTarget(settings);
  const peakWorkers = samples.reduce((m, s) => Math.max(m, billedWorkers(s)), 0);
  const atMax = samples.filter(
    (s) => settings.workersMax > 0 && billedWorkers(s) >= settings.workersMax && s.inQueue > 0,
  );
  const waited = delay !== null && delay.p95 > target;
  const price = settings.pricePerWorkerSecond;

  if (waited && atMax.length > 0) {
    const peakQueue = atMax.reduce((m, s) => Math.max(m, s.inQueue), 0);
    const needed =
      input.meanExecutionMs !== null
        ? Math.ceil((input.rate * input.meanExecutionMs) / 1000 - 1e-9)
        : settings.workersMax * 2;
    const n = Math.max(settings.workersMax + 1, needed);
    const cost =
      price !== null
        ? ` (projected ${usdEstimate(n * price * 3600)}/h with all ${n} busy, against ${usdEstimate(settings.workersMax * price * 3600)}/h now)`
        : "";
    out.push({
      kind: "raise-max-workers",
      text: `Queue delay grew to ${seconds(delay.p95)} (p95) and up to ${peakQueue} jobs waited while all ${settings.workersMax} workers were up: raise max workers to ${n}${cost}.`,
    });
  } else if (delay !== null && delay.p95 > 2 * target && peakWorkers < settings.workersMax) {
    const change =
      settings.scalerType === "QUEUE_DELAY"
        ? `lower the scaler's queue delay from ${settings.scalerValue} s to ${Math.max(0.5, settings.scalerValue / 2)} s`
        : `lower requests per worker from ${settings.scalerValue} to ${Math.max(1, Math.floor(settings.scalerValue / 2))}`;
    out.push({
      kind: "scaler-too-slow",
      text: `Queue delay reached ${seconds(delay.p95)} (p95) while at most ${peakWorkers} of ${settings.workersMax} workers ran: the scaler started workers too late; ${change}.`,
    });
  }
  if (input.failed > 0) {
    const refused = input.refused > 0 ? `, ${input.refused} of them refused by the job API` : "";
    out.push({
      kind: "failures",
      text: `${input.failed} of ${input.sent} requests failed${refused}: see the endpoint's Requests tab for their errors.`,
    });
  }
  if (out.length === 0) {
    out.push({
      kind: "kept-up",
      text:
        delay !== null
          ? `The settings kept up: p95 queue delay ${seconds(delay.p95)} with at most ${peakWorkers} of ${settings.workersMax} workers.`
          : `No request finished, so there is nothing to judge yet.`,
    });
  }
  return out;
}
