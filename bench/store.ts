import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig, type PlatformConfig } from "@/lib/platform/config";

/** Where the benchmarks find PostgreSQL (a server with trust auth, as on this kind of machine). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type BenchStore = "sqlite" | "postgres";

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Whether a PostgreSQL server answers at BENCH_DATABASE_URL. */
export async function postgresAnswers(): Promise<boolean> {
  return admin("select 1").then(
    () => true,
    () => false,
  );
}

/**
 * A fresh store for one benchmark platform (a new data folder; on PostgreSQL also a new schema)
 * with the benchmark settings: warn-level logs, job API rate limits off, cold starts 0.
 * `dispose` removes both.
 */
export async function benchPlatformConfig(
  store: BenchStore,
  key: string,
): Promise<{ config: PlatformConfig; dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-bench-"));
  const schema = `bench_${process.pid}_${Date.now()}`;
  let databaseUrl = "";
  if (store === "postgres") {
    await admin(`create schema ${schema}`);
    const u = new URL(BENCH_DATABASE_URL);
    u.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const config = loadConfig({
    ...process.env,
    PLATFORM_PORT: "0",
    PLATFORM_DATA_DIR: dataDir,
    PLATFORM_BOOTSTRAP_KEY: key,
    PLATFORM_LOG_LEVEL: "warn",
    PLATFORM_JOB_RATE_LIMITS: "off",
    PLATFORM_RATE_LIMITS: "100000000/1000000000/10000000000",
    PLATFORM_COLD_START_MS: "0/0/0",
    DATABASE_URL: databaseUrl,
  });
  return {
    config,
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (store === "postgres") await admin(`drop schema ${schema} cascade`).catch(() => undefined);
    },
  };
}
