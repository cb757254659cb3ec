import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from "kysely";
import pg from "pg";
import { migrations } from "./migrations";
import { WalCheckpointer } from "./wal-checkpointer";
import type { Database as Tables } from "./schema";

export interface Store {
  db: Kysely<Tables>;
  dialect: "sqlite" | "postgres";
  /** The PostgreSQL pool (PostgreSQL mode only), shared with the rate limiter's counters. */
  pgPool: pg.Pool | undefined;
  /**
   * The SQLite connection Kysely uses (SQLite mode only), for hot paths that batch their writes
   * into one transaction with prepared statements (the job engine).
   */
  sqlite: Database.Database | undefined;
  /** Where the embedded store lives (SQLite mode only). */
  file: string | undefined;
  /** SQLite mode: WAL checkpoints in a thread of their own (store/wal-checkpointer.ts). */
  checkpointer?: WalCheckpointer;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Extra migrations registered by feature modules; run after the core ones in name order. */
  extraMigrations?: Record<string, Migration>;
}

// int8 columns hold ms timestamps, well inside Number's exact range; parse them as numbers.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 20) return (v: string) => Number(v);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads are untyped here
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  let store: Store;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes });
    // Fail fast with a clear message instead of on the first request.
    try {
      const client = await pool.connect();
      client.release();
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw new Error(`cannot connect to PostgreSQL (DATABASE_URL): ${(err as Error).message}`);
    }
    store = {
      db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      pgPool: pool,
      sqlite: undefined,
      file: undefined,
      close: async () => {
        await store.db.destroy();
      },
    };
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const file = path.join(options.dataDir, "platform.sqlite");
    const sqlite = new Database(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    const checkpointer = new WalCheckpointer(sqlite, file);
    store = {
      db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }),
      dialect: "sqlite",
      pgPool: undefined,
      sqlite,
      file,
      checkpointer,
      close: async () => {
        await checkpointer.close();
        await store.db.destroy();
      },
    };
  }
  await migrate(store, { ...migrations, ...options.extraMigrations });
  return store;
}

async function migrate(store: Store, all: Record<string, Migration>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours so that several
  // platforms (or test runs) on one database in different schemas never see each other's.
  let migrationTableSchema: string | undefined;
  if (store.dialect === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      store.db,
    );
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => all },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let outcome = await migrator.migrateToLatest();
  for (let retry = 1; retry < CATALOG_ATTEMPTS && isCatalogRace(outcome.error); retry++)
    outcome = await migrator.migrateToLatest();
  const { error, results } = outcome;
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(
      `store migration ${failed?.migrationName ?? ""} failed: ${(error as Error).message ?? String(error)}`,
    );
  }
}

/** PostgreSQL's code for "schema … does not exist". */
const INVALID_SCHEMA_NAME = "3F000";
const CATALOG_ATTEMPTS = 5;

/**
 * PostgreSQL: a query over the whole catalog (Kysely's table introspection, which the migrator
 * and the state export use) fails with "schema … does not exist" when another schema of the same
 * database is dropped while it runs: another tenant's change, not ours, so it is tried again.
 */
export function isCatalogRace(err: unknown): boolean {
  return (err as { code?: string } | null | undefined)?.code === INVALID_SCHEMA_NAME;
}

/** Runs a whole-catalog read again when it met a concurrent schema drop (`isCatalogRace`). */
export async function retryCatalogRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= CATALOG_ATTEMPTS || !isCatalogRace(err)) throw err;
    }
  }
}
