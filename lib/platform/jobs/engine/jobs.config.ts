import { maxHoldMs } from "./client-timeouts";

/**
 * Settings of the job engine, read from the environment with the rest of PlatformConfig
 * (see `loadJobsConfig`). Every duration is ms. Documented in README "Configuration".
 */
export interface JobsConfig {
  /** Cold start of a built-in worker by the endpoint's `flashboot` (PLATFORM_COLD_START_MS). */
  coldStartMs: { OFF: number; FLASHBOOT: number; PRIORITY_FLASHBOOT: number };
  /**
   * Job API rate limits (PLATFORM_JOB_RATE_LIMITS): the seed's table multiplied by this factor,
   * or "off" to disable them (benchmarks).
   */
  rateLimitFactor: number | "off";
  /** Longest hold of job-take, job-take-batch and job-stop long-polls (PLATFORM_JOB_TAKE_HOLD_MS; ≤ half the worker's 90 s). */
  takeHoldMs: number;
  /** Default and longest hold of `/stream` (PLATFORM_STREAM_HOLD_MS; ≤ half the Python client's 10 s). */
  streamHoldMs: number;
  /** A worker not heard from for this long (platform clock) is lost; its jobs go back to the queue (PLATFORM_WORKER_LOST_MS). */
  workerLostMs: number;
  /** Heartbeat period handed to workers as RUNPOD_PING_INTERVAL (PLATFORM_WORKER_PING_MS). */
  pingIntervalMs: number;
}

export class JobsConfigError extends Error {}

function ms(
  name: string,
  raw: string | undefined,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new JobsConfigError(
      `${name} must be an integer between ${min} and ${max} (ms), got "${raw}"`,
    );
  }
  return n;
}

export const DEFAULT_COLD_START_MS = {
  OFF: 6000,
  FLASHBOOT: 1500,
  PRIORITY_FLASHBOOT: 300,
} as const;

export function loadJobsConfig(env: Record<string, string | undefined>): JobsConfig {
  let coldStartMs: JobsConfig["coldStartMs"] = { ...DEFAULT_COLD_START_MS };
  const cold = env.PLATFORM_COLD_START_MS;
  if (cold !== undefined && cold.trim() !== "") {
    const parts = cold.split("/");
    if (parts.length !== 3) {
      throw new JobsConfigError(
        `PLATFORM_COLD_START_MS must be "off/flashboot/priority" in ms, e.g. 6000/1500/300, got "${cold}"`,
      );
    }
    const [off, flash, priority] = parts.map((p) => ms("PLATFORM_COLD_START_MS", p, 0)) as [
      number,
      number,
      number,
    ];
    coldStartMs = { OFF: off, FLASHBOOT: flash, PRIORITY_FLASHBOOT: priority };
  }
  let rateLimitFactor: JobsConfig["rateLimitFactor"] = 1;
  const rl = env.PLATFORM_JOB_RATE_LIMITS?.trim();
  if (rl) {
    if (rl === "off") rateLimitFactor = "off";
    else {
      const f = Number(rl);
      if (!Number.isFinite(f) || f <= 0) {
        throw new JobsConfigError(
          `PLATFORM_JOB_RATE_LIMITS must be "off" or a positive factor (1 = the documented table), got "${rl}"`,
        );
      }
      rateLimitFactor = f;
    }
  }
  return {
    coldStartMs,
    rateLimitFactor,
    takeHoldMs: ms(
      "PLATFORM_JOB_TAKE_HOLD_MS",
      env.PLATFORM_JOB_TAKE_HOLD_MS,
      20_000,
      0,
      Math.min(maxHoldMs("job-take", 85_000), maxHoldMs("job-stop", 85_000)),
    ),
    streamHoldMs: ms(
      "PLATFORM_STREAM_HOLD_MS",
      env.PLATFORM_STREAM_HOLD_MS,
      4_000,
      0,
      maxHoldMs("stream", 85_000),
    ),
    workerLostMs: ms("PLATFORM_WORKER_LOST_MS", env.PLATFORM_WORKER_LOST_MS, 60_000, 1_000),
    pingIntervalMs: ms("PLATFORM_WORKER_PING_MS", env.PLATFORM_WORKER_PING_MS, 10_000, 1_000),
  };
}
