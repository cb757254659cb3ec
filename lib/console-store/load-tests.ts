import { randomUUID } from "node:crypto";
import { assertServer } from "@/lib/cloud/server-only";
import type {
  LoadTestBody,
  LoadTestProgress,
  LoadTestRun,
  LoadTestSample,
  LoadTestSettings,
  LoadTestStatus,
  LoadTestSuggestion,
} from "@/lib/schemas/load-tests";
import type { ConsoleDb } from "./db";

assertServer("lib/console-store/load-tests");

/**
 * This console process. A run row whose `boot` differs was driven by an earlier process. On
 * globalThis: Next.js bundles route handlers and server actions apart, each with its own copy of
 * this module, and all of them must agree on the process.
 */
const BOOT = Symbol.for("hangar.console-boot");
const processGlobal = globalThis as typeof globalThis & { [BOOT]?: string };
export const CONSOLE_BOOT = (processGlobal[BOOT] ??= `boot_${randomUUID()}`);

interface Row {
  id: string;
  owner: string;
  endpoint_id: string;
  status: string;
  requests: number;
  rate: number;
  accelerated: number;
  body: string;
  settings: string;
  progress: string;
  samples: string;
  suggestions: string;
  reason: string | null;
  boot: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

function toRun(row: Row): LoadTestRun {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    status: row.status as LoadTestStatus,
    requests: row.requests,
    rate: row.rate,
    accelerated: row.accelerated === 1,
    body: JSON.parse(row.body) as LoadTestBody,
    settings: JSON.parse(row.settings) as LoadTestSettings,
    progress: JSON.parse(row.progress) as LoadTestProgress,
    samples: JSON.parse(row.samples) as LoadTestSample[],
    suggestions: JSON.parse(row.suggestions) as LoadTestSuggestion[],
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

export const EMPTY_PROGRESS: LoadTestProgress = {
  sent: 0,
  completed: 0,
  failed: 0,
  refused: 0,
  latency: null,
  delay: null,
  peakWorkers: 0,
  peakQueue: 0,
  spend: null,
  elapsed: 0,
  lastError: null,
};

export interface NewLoadTest {
  owner: string;
  endpointId: string;
  requests: number;
  rate: number;
  accelerated: boolean;
  body: LoadTestBody;
  settings: LoadTestSettings;
}

const INTERRUPTED =
  "The console stopped (restart or crash) while this run was going; what it had measured is kept.";

/**
 * Load tests per owner (account), newest first. A run whose row says `running` but was started by
 * another console process (`boot`) was cut off by a restart: the first store opened in a process
 * marks those `interrupted`, so none stays "running" forever.
 */
export function createLoadTestStore(
  db: ConsoleDb,
  options: { now?: () => Date; boot?: string } = {},
) {
  const now = options.now ?? (() => new Date());
  const boot = options.boot ?? CONSOLE_BOOT;
  const byId = db.prepare<[string, string], Row>(
    `SELECT * FROM load_tests WHERE id = ? AND owner = ?`,
  );

  const store = {
    /** Marks every run another process left `running` as interrupted; returns how many. */
    interruptOrphans(): number {
      const at = now().toISOString();
      return db
        .prepare(
          `UPDATE load_tests SET status = 'interrupted', reason = ?, updated_at = ?, finished_at = ?
           WHERE status = 'running' AND boot <> ?`,
        )
        .run(INTERRUPTED, at, at, boot).changes;
    },

    insert(run: NewLoadTest): LoadTestRun {
      const id = `lt_${randomUUID()}`;
      const at = now().toISOString();
      db.prepare(
        `INSERT INTO load_tests (id, owner, endpoint_id, status, requests, rate, accelerated, body,
           settings, progress, boot, created_at, updated_at)
         VALUES (?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        run.owner,
        run.endpointId,
        run.requests,
        run.rate,
        run.accelerated ? 1 : 0,
        JSON.stringify(run.body),
        JSON.stringify(run.settings),
        JSON.stringify(EMPTY_PROGRESS),
        boot,
        at,
        at,
      );
      return store.get(run.owner, id)!;
    },

    get(owner: string, id: string): LoadTestRun | undefined {
      const row = byId.get(id, owner);
      return row ? toRun(row) : undefined;
    },

    list(owner: string, endpointId: string, limit = 20): LoadTestRun[] {
      return db
        .prepare<[string, string, number], Row>(
          `SELECT * FROM load_tests WHERE owner = ? AND endpoint_id = ?
           ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        )
        .all(owner, endpointId, Math.min(Math.max(limit, 1), 100))
        .map(toRun);
    },

    /** The live numbers of a running run (only while it is still `running`). */
    progress(
      owner: string,
      id: string,
      progress: LoadTestProgress,
      samples: readonly LoadTestSample[],
    ): void {
      db.prepare(
        `UPDATE load_tests SET progress = ?, samples = ?, updated_at = ?
         WHERE id = ? AND owner = ? AND status = 'running'`,
      ).run(JSON.stringify(progress), JSON.stringify(samples), now().toISOString(), id, owner);
    },

    /** Ends a running run (the first end wins: a stop that raced a completion keeps the first). */
    finish(
      owner: string,
      id: string,
      end: {
        status: Exclude<LoadTestStatus, "running">;
        reason?: string | null;
        progress: LoadTestProgress;
        samples: readonly LoadTestSample[];
        suggestions: readonly LoadTestSuggestion[];
      },
    ): LoadTestRun | undefined {
      const at = now().toISOString();
      db.prepare(
        `UPDATE load_tests SET status = ?, reason = ?, progress = ?, samples = ?, suggestions = ?,
           updated_at = ?, finished_at = ?
         WHERE id = ? AND owner = ? AND status = 'running'`,
      ).run(
        end.status,
        end.reason ?? null,
        JSON.stringify(end.progress),
        JSON.stringify(end.samples),
        JSON.stringify(end.suggestions),
        at,
        at,
        id,
        owner,
      );
      return store.get(owner, id);
    },

    /** A run no process drives any more (its runner is gone): end it as stopped. */
    markStopped(owner: string, id: string, reason: string): LoadTestRun | undefined {
      const at = now().toISOString();
      db.prepare(
        `UPDATE load_tests SET status = 'stopped', reason = ?, updated_at = ?, finished_at = ?
         WHERE id = ? AND owner = ? AND status = 'running'`,
      ).run(reason, at, at, id, owner);
      return store.get(owner, id);
    },
  };
  return store;
}

export type LoadTestStore = ReturnType<typeof createLoadTestStore>;

const swept = new WeakSet<ConsoleDb>();

/** The store of `db`; the first call per database in this process sweeps orphaned runs. */
export function loadTestStore(db: ConsoleDb): LoadTestStore {
  const store = createLoadTestStore(db);
  if (!swept.has(db)) {
    swept.add(db);
    store.interruptOrphans();
  }
  return store;
}
