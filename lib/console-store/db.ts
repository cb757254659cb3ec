import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { assertServer } from "@/lib/cloud/server-only";

assertServer("lib/console-store/db");

/**
 * The console's own small database (playground history, signed-out sessions). It lives beside the console's server,
 * never in the browser: `HANGAR_CONSOLE_DATA_DIR` (default `.data/`), file `console.sqlite`.
 */
export function consoleDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.HANGAR_CONSOLE_DATA_DIR?.trim();
  return configured
    ? path.resolve(/*turbopackIgnore: true*/ configured)
    : path.join(process.cwd(), ".data");
}

const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS playground_runs (
     id TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     target_kind TEXT NOT NULL,
     target TEXT NOT NULL,
     job_id TEXT NOT NULL,
     input TEXT NOT NULL,
     policy TEXT,
     webhook TEXT,
     status TEXT NOT NULL,
     delay_time INTEGER,
     execution_time INTEGER,
     worker_id TEXT,
     output TEXT,
     error TEXT,
     cost REAL,
     stream TEXT NOT NULL DEFAULT '[]',
     expired INTEGER NOT NULL DEFAULT 0,
     local INTEGER NOT NULL DEFAULT 0,
     thumbnail BLOB,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     finished_at TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS playground_runs_owner ON playground_runs (owner, created_at DESC)`,
  // Signed-out session ids (lib/console-store/revoked-sessions.ts), kept until no cookie of theirs can still be valid.
  `CREATE TABLE IF NOT EXISTS revoked_sessions (
     sid TEXT PRIMARY KEY,
     expires_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS revoked_sessions_expiry ON revoked_sessions (expires_at)`,
  // Why a session was ended when it was not a sign-out (e.g. `key-revoked`), for the sign-in page.
  `CREATE TABLE IF NOT EXISTS revoked_session_reasons (
     sid TEXT PRIMARY KEY,
     reason TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   )`,
  // Load tests (lib/console-store/load-tests.ts): config, live progress and results of each run.
  // `boot` names the console process that drives a running one, so a restart can tell it was cut off.
  `CREATE TABLE IF NOT EXISTS load_tests (
     id TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     endpoint_id TEXT NOT NULL,
     status TEXT NOT NULL,
     requests INTEGER NOT NULL,
     rate REAL NOT NULL,
     accelerated INTEGER NOT NULL DEFAULT 0,
     body TEXT NOT NULL,
     settings TEXT NOT NULL,
     progress TEXT NOT NULL,
     samples TEXT NOT NULL DEFAULT '[]',
     suggestions TEXT NOT NULL DEFAULT '[]',
     reason TEXT,
     boot TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     finished_at TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS load_tests_owner ON load_tests (owner, endpoint_id, created_at DESC)`,
];

export type ConsoleDb = Database.Database;

const open = new Map<string, ConsoleDb>();

/** One connection per file and process; WAL lets route handlers and actions share the file. */
export function openConsoleDb(dir: string = consoleDataDir()): ConsoleDb {
  const file = path.join(dir, "console.sqlite");
  const existing = open.get(file);
  if (existing?.open) return existing;
  mkdirSync(dir, { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.transaction(() => {
    for (const sql of MIGRATIONS) db.exec(sql);
  })();
  open.set(file, db);
  return db;
}
