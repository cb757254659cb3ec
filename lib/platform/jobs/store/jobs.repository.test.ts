import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresMissing } from "@/tests/api/support/backends";
import { queuedJobRow } from "@/tests/api/support/job-rows";
import { dropSchema, freshSchema } from "@/tests/api/support/platform";
import { openStore, type Store } from "../../store/open";
import type { JobsTable } from "../../store/schema-jobs";
import { STATUS_COLUMNS, toJob } from "./job-mapper";
import { JobsRepository } from "./jobs.repository";

// Every statement a client of this process sends to PostgreSQL (one round trip each).
const sent: string[] = [];
/** The names of the prepared statements among them. */
const named: string[] = [];
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string; name?: string };
  if (typeof q !== "string" && q?.name) named.push(q.name);
  sent.push((typeof q === "string" ? q : (q?.text ?? "")).trim().replace(/\s+/g, " "));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** Statements sent while `run` ran whose text starts with `prefix` (case-insensitive). */
async function counting<T>(
  prefix: string,
  run: () => Promise<T>,
): Promise<{ value: T; n: number }> {
  const from = sent.length;
  const value = await run();
  const n = sent.slice(from).filter((s) => s.toLowerCase().startsWith(prefix)).length;
  return { value, n };
}

let seq = 0;
function job(endpointId: string, over: Partial<JobsTable> = {}): JobsTable {
  const now = Date.now();
  seq++;
  const id = `job-${process.pid}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
  return queuedJobRow({ id, endpointId, accountId: "acct" }, now, {
    seq: now * 1000 + seq,
    ...over,
  });
}

describe.skipIf(postgresMissing !== null)("job writes on PostgreSQL share statements", () => {
  let store: Store;
  let repo: JobsRepository;
  let schema: string;
  let dataDir: string;

  beforeAll(async () => {
    const fresh = await freshSchema();
    schema = fresh.schema;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-repo-"));
    store = await openStore({ databaseUrl: fresh.url, dataDir });
    repo = new JobsRepository(store.db, "postgres");
  });

  afterAll(async () => {
    await store?.close();
    await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("twenty jobs submitted in one turn are stored by one insert statement", async () => {
    const rows = Array.from({ length: 20 }, () => job("ep-insert"));
    const { n } = await counting('insert into "jobs"', () =>
      Promise.all(rows.map((r) => repo.insert(r))),
    );
    expect(n).toBe(1);
    for (const r of rows) expect((await repo.get(r.id))?.status).toBe("IN_QUEUE");
  });

  it("a job that cannot be stored fails alone; the others of its turn are stored", async () => {
    const a = job("ep-insert-bad");
    const b = job("ep-insert-bad");
    const results = await Promise.allSettled([
      repo.insert(a),
      repo.insert({ ...a }), // the same id again: a unique violation
      repo.insert(b),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await repo.get(a.id))?.id).toBe(a.id);
    expect((await repo.get(b.id))?.id).toBe(b.id);
  });

  it("one claim statement serves several waiting workers, oldest jobs to the first, each up to its batch", async () => {
    const rows = Array.from({ length: 5 }, () => job("ep-claim"));
    for (const r of rows) await repo.insert(r);
    const { value, n } = await counting("with slots", () =>
      repo.claimEach(
        "ep-claim",
        [
          { workerId: "w-a", batch: 2 },
          { workerId: "w-b", batch: 1 },
          { workerId: "w-c", batch: 1 },
        ],
        Date.now(),
        600_000,
      ),
    );
    expect(n).toBe(1);
    expect(value.map((taken) => taken.map((r) => r.id))).toEqual([
      [rows[0]!.id, rows[1]!.id],
      [rows[2]!.id],
      [rows[3]!.id],
    ]);
    expect(value.flat().every((r) => r.status === "IN_PROGRESS")).toBe(true);
    expect(repo.queuedAfterClaim("ep-claim")).toBe(true); // the fifth still waits
    const [last] = await repo.claimEach("ep-claim", [{ workerId: "w-d", batch: 3 }], Date.now(), 1);
    expect(last!.map((r) => r.id)).toEqual([rows[4]!.id]);
    expect(repo.queuedAfterClaim("ep-claim")).toBe(false);
  });

  it("results reported in one turn land in one statement, and each is still only its worker's", async () => {
    const rows = Array.from({ length: 3 }, () => job("ep-finish"));
    for (const r of rows) await repo.insert(r);
    const [taken] = await repo.claimEach(
      "ep-finish",
      [{ workerId: "w-1", batch: 3 }],
      Date.now(),
      600_000,
    );
    expect(taken).toHaveLength(3);
    const now = Date.now();
    const { value, n } = await counting("update jobs set status = v.status", () =>
      Promise.all([
        repo.finish(
          rows[0]!.id,
          "w-1",
          { status: "COMPLETED", output: '"ok"', error: null, streamed: false },
          now,
        ),
        repo.finish(
          rows[1]!.id,
          "w-other",
          { status: "COMPLETED", output: '"no"', error: null, streamed: false },
          now,
        ),
        repo.finish(
          rows[2]!.id,
          "w-1",
          { status: "FAILED", output: null, error: '"boom"', streamed: true },
          now,
        ),
      ]),
    );
    expect(n).toBe(1);
    expect(value.map((r) => r?.status)).toEqual(["COMPLETED", undefined, "FAILED"]);
    expect(value[0]!.output).toBe('"ok"');
    expect(value[2]!.error).toBe('"boom"');
    expect(Number(value[2]!.streamed)).toBe(1);
    expect(Number(value[0]!.delete_at)).toBeGreaterThan(now);
    // Not its worker's: the job still runs, and its worker can still finish it.
    expect((await repo.get(rows[1]!.id))?.status).toBe("IN_PROGRESS");
    const later = await repo.finish(
      rows[1]!.id,
      "w-1",
      { status: "COMPLETED", output: '"late"', error: null, streamed: false },
      now,
    );
    expect(later?.status).toBe("COMPLETED");
  });

  it("a lone job (one handed straight to a waiting worker) is stored by a prepared statement, every column as given", async () => {
    const withPool = new JobsRepository(store.db, "postgres", null, store.pgPool);
    const now = Date.now();
    const r = job("ep-lone", {
      status: "IN_PROGRESS",
      worker_id: "w-lone",
      started_at: now,
      timeout_at: now + 600_000,
      webhook: "https://example.test/hook",
      execution_timeout: 600_000,
    });
    const from = named.length;
    await withPool.insert(r);
    expect(named.slice(from)).toEqual(["hangar_job_insert"]);
    const stored = await repo.get(r.id);
    expect(stored).toEqual(r);
  });

  it("a job read by id (every /status) is one prepared statement, planned once per connection", async () => {
    const withPool = new JobsRepository(store.db, "postgres", null, store.pgPool);
    const r = job("ep-read");
    await repo.insert(r);
    const from = named.length;
    expect((await withPool.get(r.id))?.id).toBe(r.id);
    expect(await withPool.get("no-such-job")).toBeUndefined();
    expect(named.slice(from)).toEqual(["hangar_job_by_id", "hangar_job_by_id"]);
  });

  it("/status reads only the columns of its answer (never the input), and answers as the whole row does", async () => {
    const withPool = new JobsRepository(store.db, "postgres", null, store.pgPool);
    const r = job("ep-status", {
      input: JSON.stringify({ big: "x".repeat(10_000) }),
      status: "FAILED",
      worker_id: "w-9",
      started_at: Date.now() - 500,
      completed_at: Date.now(),
      error: '"boom"',
      retries: 2,
    });
    await repo.insert(r);
    const from = named.length;
    const row = await withPool.getForStatus(r.id);
    expect(named.slice(from)).toEqual(["hangar_job_status_by_id"]);
    expect(Object.keys(row!).sort()).toEqual([...STATUS_COLUMNS].sort());
    expect(toJob(row!)).toEqual(toJob((await withPool.get(r.id))!));
    expect(toJob(row!)).toMatchObject({
      status: "FAILED",
      workerId: "w-9",
      error: "boom",
      retries: 2,
    });
    expect(await withPool.getForStatus("no-such-job")).toBeUndefined();
  });

  it("the same job reported twice in one turn ends once", async () => {
    const r = job("ep-twice");
    await repo.insert(r);
    await repo.claimEach("ep-twice", [{ workerId: "w-1", batch: 1 }], Date.now(), 600_000);
    const patch = { status: "COMPLETED", output: '"x"', error: null, streamed: false } as const;
    const both = await Promise.all([
      repo.finish(r.id, "w-1", patch, Date.now()),
      repo.finish(r.id, "w-1", patch, Date.now()),
    ]);
    expect(both.filter((x) => x !== undefined)).toHaveLength(1);
  });
});

/**
 * A fresh store of `dialect` (a new folder, or a new PostgreSQL schema) for the describe block
 * that calls it; `ready` answers it in a test, or skips the test when PostgreSQL is missing.
 */
/**
 * PostgreSQL statistics that no longer hold: `ended` is stored and analyzed, then `burst` arrives
 * (as a burst of submissions does, before autovacuum analyzes again).
 */
async function statisticsThenBurst(store: Store, ended: JobsTable[], burst: JobsTable[]) {
  const insert = async (rows: JobsTable[]) => {
    for (let i = 0; i < rows.length; i += 500)
      await store.db
        .insertInto("jobs")
        .values(rows.slice(i, i + 500))
        .execute();
  };
  await insert(ended);
  await sql`analyze jobs`.execute(store.db);
  await insert(burst);
}

function freshStore(dialect: "sqlite" | "postgres") {
  const held: { store?: Store; repo?: JobsRepository } = {};
  let schema: string | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-repo-"));
  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (dialect === "postgres") {
      if (postgresMissing !== null) return;
      ({ url: databaseUrl, schema } = await freshSchema());
    }
    held.store = await openStore({ databaseUrl, dataDir });
    held.repo = new JobsRepository(held.store.db, dialect);
  });
  afterAll(async () => {
    await held.store?.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    ready(ctx: { skip: () => void }): { store: Store; repo: JobsRepository } {
      if (!held.store || !held.repo) ctx.skip();
      return { store: held.store!, repo: held.repo! };
    },
  };
}

describe.each(["sqlite", "postgres"] as const)("retention deletes [%s]", (dialect) => {
  const fresh = freshStore(dialect);

  it("a due job goes with its stream chunks; a job not yet due keeps its own", async (ctx) => {
    const { store, repo } = fresh.ready(ctx);
    const due = job("ep-expire", { status: "IN_PROGRESS", worker_id: "w-1", delete_at: 1 });
    const kept = job("ep-expire", { status: "IN_PROGRESS", worker_id: "w-1" });
    const plain = job("ep-expire", { delete_at: 1 });
    for (const r of [due, kept, plain]) await repo.insert(r);
    for (const r of [due, due, kept])
      expect(await repo.appendChunk(r.id, "w-1", '"c"')).toBeTruthy();
    const gone = await repo.expire(Date.now(), 10);
    expect(gone.map((r) => r.id).sort()).toEqual([due.id, plain.id].sort());
    const chunks = await store.db.selectFrom("job_chunks").select("job_id").execute();
    expect(chunks.map((c) => c.job_id)).toEqual([kept.id]);
  });
});

describe.each(["sqlite", "postgres"] as const)(
  "the scaler's sweep of live endpoints [%s]",
  (dialect) => {
    const fresh = freshStore(dialect);

    it("names the endpoints with queued or running jobs, never one whose jobs have all ended", async (ctx) => {
      const { repo } = fresh.ready(ctx);
      const tag = `${dialect}-${process.pid}`;
      for (const status of ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"])
        await repo.insert(job(`ended-${tag}`, { status }));
      await repo.insert(job(`queued-${tag}`));
      await repo.insert(job(`running-${tag}`, { status: "IN_PROGRESS", worker_id: "w-1" }));
      const live = (await repo.activeEndpointIds()).filter((id) => id.endsWith(tag));
      expect(live.sort()).toEqual([`queued-${tag}`, `running-${tag}`]);
    });

    it("reads the index of live jobs, not every retained job (a million retained jobs made each poll a full scan)", async (ctx) => {
      const { store, repo } = fresh.ready(ctx);
      const { sql: text } = repo.activeEndpointsQuery().compile(store.db);
      const plan = await store.db.connection().execute(async (db) => {
        if (dialect === "sqlite") {
          const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(text)}`.execute(
            db,
          );
          return rows.rows.map((r) => r.detail).join("\n");
        }
        // A table this small is cheaper to scan; forbid that to see which index the query can use.
        await sql`set enable_seqscan = off`.execute(db);
        try {
          const rows = await sql<{ "QUERY PLAN": string }>`explain ${sql.raw(text)}`.execute(db);
          return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
        } finally {
          await sql`reset enable_seqscan`.execute(db);
        }
      });
      expect(plan).toContain("jobs_active");
    });

    it("a job's own update finds it by its key, even on statistics taken while nothing was queued", async (ctx) => {
      if (dialect !== "postgres") ctx.skip();
      const { store } = fresh.ready(ctx);
      // Statistics of a store that held only ended jobs, then a burst of submissions: the planner
      // believes nothing is queued. An index that any `status = 'IN_QUEUE'` query may use looked
      // empty to it, and it read the whole queue to update one job (520 ms a claim at 90,000).
      const tag = `stale-${process.pid}`;
      await statisticsThenBurst(
        store,
        Array.from({ length: 3000 }, () => job(`ended-${tag}`, { status: "COMPLETED" })),
        Array.from({ length: 3000 }, () => job(`burst-${tag}`)),
      );
      // The claim's shape: the jobs it locked, then an update joined to them by id.
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain
        with picked as (
          select id from jobs where endpoint_id = ${`burst-${tag}`} and status = 'IN_QUEUE'
          order by seq limit 4 for update skip locked
        )
        update jobs set status = 'IN_PROGRESS' from picked
        where jobs.id = picked.id and jobs.status = 'IN_QUEUE'`.execute(store.db);
      expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("jobs_pkey");
    });

    it("the scaler's questions about an endpoint read its running or queued jobs, not all of them, even on statistics taken before its burst", async (ctx) => {
      if (dialect !== "postgres") ctx.skip();
      const { store, repo } = fresh.ready(ctx);
      // Ended jobs elsewhere, statistics, then a burst on a new endpoint: to the planner that
      // endpoint looks empty. It read the endpoint's whole queue through jobs_recent to find its
      // few running jobs (12 ms a question at 110,000 queued, asked every second).
      const tag = `burst-q-${process.pid}`;
      await statisticsThenBurst(
        store,
        Array.from({ length: 3000 }, () => job(`ended-q-${tag}`, { status: "COMPLETED" })),
        [
          ...Array.from({ length: 3000 }, () => job(tag)),
          job(tag, { status: "IN_PROGRESS", worker_id: "w-a" }),
          job(tag, { status: "IN_PROGRESS", worker_id: "w-a" }),
          job(tag, { status: "IN_PROGRESS", worker_id: "w-b" }),
        ],
      );
      for (const status of ["IN_PROGRESS", "IN_QUEUE"] as const) {
        const plan = await repo.inStatus(tag, status).select("id").limit(10).explain();
        const text = plan.map((r) => String(r["QUERY PLAN"])).join("\n");
        expect(text).toContain("jobs_queue");
        expect(text).not.toContain("jobs_recent");
      }
      expect(Object.fromEntries(await repo.busyByWorker(tag))).toEqual({ "w-a": 2, "w-b": 1 });
      const stats = await repo.queueStats(tag, 100);
      expect(stats).toMatchObject({ eligible: 100, inProgress: 3 });
    });
  },
);
