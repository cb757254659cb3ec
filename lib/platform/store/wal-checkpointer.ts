import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/** How often the background connection checkpoints the WAL (ms). */
const EVERY_MS = 200;
/**
 * The main connection checkpoints only when the WAL has grown this many pages (~40 MB) without
 * the background one keeping up (SQLite's default is 1,000 pages, on every committing request).
 */
const FALLBACK_PAGES = 10_000;
const DEFAULT_PAGES = 1_000;

// Plain CommonJS run by the worker (eval): no TypeScript loader is needed in the thread.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    const [r] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage(r);
  } catch {
    // busy or closing: the next tick tries again
  }
}, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** What the last background checkpoint reported: WAL frames, and how many of them are in the database. */
export interface CheckpointReport {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * WAL checkpoints of the embedded store on a connection of their own, in a worker thread. A
 * checkpoint copies the WAL into the database and syncs it to disk; run by SQLite on the main
 * connection (every 1,000 pages) it blocked the event loop mid-request, every few hundred `/run`s
 * (p99). The main connection keeps a far larger threshold as a fallback, and the default again if
 * the thread fails. Durability is unchanged: a commit is in the WAL before it is acknowledged.
 */
export class WalCheckpointer {
  last: CheckpointReport | undefined;
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(main: Database.Database, file: string) {
    main.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
    this.worker = new Worker(SOURCE, {
      eval: true,
      // A few statements and a timer: a small heap keeps the thread to a few MB.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
      workerData: {
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        file,
        everyMs: EVERY_MS,
      },
    });
    this.worker.unref();
    this.worker.on("message", (r: CheckpointReport) => (this.last = r));
    this.worker.on("error", () => {
      if (main.open) main.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    });
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
  }

  async close(): Promise<void> {
    // The thread does not hold the process open while it runs (unref), but its stop must: a
    // process closing down has nothing else left, and would exit before the store finished closing.
    this.worker.ref();
    this.worker.postMessage("stop");
    await this.exited;
  }
}
