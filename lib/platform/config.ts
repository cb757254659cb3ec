import path from "node:path";
import { loadJobsConfig, type JobsConfig } from "./jobs/engine/jobs.config";
import { loadModelsConfig, type ModelsConfig } from "./models/models.config";
import { decodeSecretsKey } from "./secrets";

/** Everything the platform reads from its environment. Documented in README ("Configuration"). */
export interface PlatformConfig {
  host: string;
  port: number;
  /** Base used to build `requestUrls`, worker URL templates and output links. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL mode when set; the embedded SQLite store otherwise. */
  databaseUrl: string | undefined;
  /** Shared rate-limit counters across instances when set. */
  redisUrl: string | undefined;
  bootstrapKey: string | undefined;
  /**
   * `PLATFORM_SECRETS_KEY`: encrypts stored secrets (lib/platform/secrets.ts); without it the key is
   * kept in `<dataDir>/secrets-key`.
   */
  secretsKey: Buffer | undefined;
  /** `PLATFORM_SEED`: a JSON seed file applied when the store is empty at start (README "Seeding"). */
  seedFile: string | undefined;
  /** Management API quotas per key: minute / hour / day. */
  rateLimits: { minute: number; hour: number; day: number };
  logLevel: string;
  /** Only for tests: answer every request without writing a log line. */
  quiet: boolean;
  /** Job engine: cold starts, job API rate limits, long-poll holds, worker heartbeats. */
  jobs: JobsConfig;
  /** Hosted models: simulated execution pace. */
  models: ModelsConfig;
  /**
   * `PLATFORM_CONTROL_API=off`: every `/_platform/*` route answers 404, as on the real service (to
   * try the console against a platform without the local tools).
   */
  controlApi: boolean;
  /**
   * `PLATFORM_HEAP_GROWTH_PERCENT` (default 50; 0 = V8's own policy): after each full collection
   * the JavaScript heap may grow to live × (1 + percent/100) before the next one. V8's own policy
   * lets a busy platform's heap reach several times its live objects (peak RSS 349 MB under the
   * bench's loads with ≈ 70 MB live; 300 MB at 50 %, bench/results.md). No hard cap: a platform
   * that needs more memory still gets it.
   */
  heapGrowthPercent: number;
}

export class ConfigError extends Error {}

function int(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

export function parseRateLimits(raw: string | undefined): PlatformConfig["rateLimits"] {
  const fallback = { minute: 60, hour: 3000, day: 50000 };
  if (!raw) return fallback;
  const parts = raw.split("/");
  if (parts.length !== 3) {
    throw new ConfigError(
      `PLATFORM_RATE_LIMITS must be "minute/hour/day", e.g. 60/3000/50000, got "${raw}"`,
    );
  }
  const [minute, hour, day] = parts.map((p) => int("PLATFORM_RATE_LIMITS", p, 0, 1)) as [
    number,
    number,
    number,
  ];
  return { minute, hour, day };
}

function secretsKey(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  try {
    return decodeSecretsKey(raw);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): PlatformConfig {
  const host = env.PLATFORM_HOST || "127.0.0.1";
  const port = int("PLATFORM_PORT", env.PLATFORM_PORT, 8000);
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return {
    host,
    port,
    publicUrl: (env.PLATFORM_PUBLIC_URL || `http://${shownHost}:${port}`).replace(/\/+$/, ""),
    dataDir: path.resolve(env.PLATFORM_DATA_DIR || ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    bootstrapKey: env.PLATFORM_BOOTSTRAP_KEY || undefined,
    secretsKey: secretsKey(env.PLATFORM_SECRETS_KEY),
    seedFile: env.PLATFORM_SEED ? path.resolve(env.PLATFORM_SEED) : undefined,
    rateLimits: parseRateLimits(env.PLATFORM_RATE_LIMITS),
    logLevel: env.PLATFORM_LOG_LEVEL || "info",
    quiet: env.PLATFORM_LOG_LEVEL === "silent",
    jobs: loadJobsConfig(env),
    models: loadModelsConfig(env),
    controlApi: controlApi(env.PLATFORM_CONTROL_API),
    heapGrowthPercent: int("PLATFORM_HEAP_GROWTH_PERCENT", env.PLATFORM_HEAP_GROWTH_PERCENT, 50),
  };
}

function controlApi(raw: string | undefined): boolean {
  if (raw === undefined || raw === "" || raw === "on") return true;
  if (raw === "off") return false;
  throw new ConfigError(`PLATFORM_CONTROL_API must be "on" or "off", got "${raw}"`);
}
