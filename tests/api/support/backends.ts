import pg from "pg";
import { describe } from "vitest";

export type Backend = "sqlite" | "postgres";

/** PostgreSQL used by tests; CI provides one at this address (trust auth, database `test`). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const IN_CI = !!process.env.CI && process.env.CI !== "false";

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let pgProbe: Promise<string | null> | undefined;
/** Whether PostgreSQL is reachable. In CI an unreachable server is an error, never a skip. */
export async function postgresUnavailable(): Promise<string | null> {
  pgProbe ??= probePostgres();
  const why = await pgProbe;
  if (why && IN_CI)
    throw new Error(`PostgreSQL is required in CI but unreachable at ${TEST_DATABASE_URL}: ${why}`);
  if (why)
    console.warn(
      `[tests] SKIPPING PostgreSQL-backed tests: no server at ${TEST_DATABASE_URL} (${why})`,
    );
  return why;
}

export async function redisUnavailable(): Promise<string | null> {
  const { Redis } = await import("ioredis");
  const r = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (err) {
    const why = (err as Error).message;
    if (IN_CI)
      throw new Error(`Redis is required in CI but unreachable at ${TEST_REDIS_URL}: ${why}`);
    console.warn(`[tests] SKIPPING Redis-backed tests: no server at ${TEST_REDIS_URL} (${why})`);
    return why;
  } finally {
    r.disconnect();
  }
}

const pgMissing = await postgresUnavailable();

/** Runs the same suite against the embedded store and against PostgreSQL. */
export function describeEachBackend(name: string, suite: (backend: Backend) => void): void {
  describe(`${name} [sqlite]`, () => suite("sqlite"));
  describe.skipIf(pgMissing !== null)(`${name} [postgres]`, () => suite("postgres"));
}

export const postgresMissing = pgMissing;
