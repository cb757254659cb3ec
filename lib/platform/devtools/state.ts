import { sql, type ColumnMetadata } from "kysely";
import type { StateSnapshot, StateSummary } from "@/lib/schemas/devtools";
import { problem } from "../http/problem";
import { retryCatalogRace } from "../store/open";
import type { JobEngine } from "../jobs/engine/engine";
import type { Devtools } from "./devtools";
import type { Table } from "./state-ownership";

/** Never exported, imported or reset: migration bookkeeping and instance leases. */
const INTERNAL = new Set(["kysely_migration", "kysely_migration_lock", "leases"]);

/**
 * The store's own tables with their columns (PostgreSQL lists every schema's tables: only the
 * store's own, first on the search path, count).
 */
export async function storeTables(e: JobEngine): Promise<Map<string, ColumnMetadata[]>> {
  const found = await retryCatalogRace(() => e.db.introspection.getTables());
  let schema: string | undefined;
  if (e.dialect === "postgres") {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(e.db);
    schema = r.rows[0]?.s;
  }
  const out = new Map<string, ColumnMetadata[]>();
  for (const t of found) {
    if (schema !== undefined && t.schema !== schema) continue;
    if (INTERNAL.has(t.name)) continue;
    out.set(t.name, t.columns);
  }
  return out;
}
/** Kept by a reset (who may call the platform) and by an import (merged, never dropped). */
const IDENTITY: Table[] = ["accounts", "api_keys", "platform_meta"];
/** Live processes, not state: a snapshot leaves them out and an import starts with none. */
const RUNTIME: Table[] = ["workers", "worker_signals"];
/** Parents before children (foreign keys); every other table follows in name order. */
const FIRST: Table[] = ["accounts", "api_keys", "platform_meta", "endpoints", "endpoint_releases"];

/**
 * State of the whole local platform (the operator's `/_platform/instance/state...`): reset to
 * empty, export to one JSON document, import it back. Accounts and API keys survive a reset and
 * are merged by an import, so the caller keeps access. An account's own state is AccountState.
 */
export class InstanceState {
  constructor(
    private readonly e: JobEngine,
    private readonly devtools: Devtools,
  ) {}

  private async tables(): Promise<Table[]> {
    const names = [...(await storeTables(this.e)).keys()] as Table[];
    const rest = names.filter((n) => !FIRST.includes(n)).sort();
    return [...FIRST.filter((n) => names.includes(n)), ...rest];
  }

  async summary(): Promise<StateSummary> {
    const out: Record<string, number> = {};
    for (const t of await this.tables()) {
      const row = await this.e.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      out[t] = Number((row as { n?: unknown } | undefined)?.n ?? 0);
    }
    return { tables: out };
  }

  async export(): Promise<StateSnapshot> {
    await this.devtools.trace.flush();
    const tables: StateSnapshot["tables"] = {};
    for (const t of await this.tables()) {
      if (RUNTIME.includes(t)) continue;
      tables[t] = (await this.e.db.selectFrom(t).selectAll().execute()) as Record<
        string,
        unknown
      >[];
    }
    return {
      format: "hangar-state",
      version: 1,
      scope: "instance",
      exportedAt: new Date(this.e.clock.now()).toISOString(),
      tables,
    };
  }

  /** Stops every worker and empties every table but accounts, keys and platform metadata. */
  async reset(): Promise<void> {
    await this.stopEverything();
    const endpointIds = (await this.e.db.selectFrom("endpoints").select("id").execute()).map(
      (r) => r.id,
    );
    await this.wipe(await this.tables());
    this.afterChange(endpointIds);
    await this.e.availability.clearOverrides();
  }

  async import(snapshot: StateSnapshot): Promise<StateSummary> {
    if (snapshot.scope === "account")
      throw problem(
        400,
        "this is one account's snapshot: import it with POST /_platform/state/import and that account's key",
      );
    const known = await this.tables();
    const unknown = Object.keys(snapshot.tables).filter(
      (t) => !known.includes(t as Table) || RUNTIME.includes(t as Table),
    );
    if (unknown.length > 0)
      throw problem(
        400,
        `the snapshot has tables this platform does not import: ${unknown.join(", ")}`,
      );
    await this.stopEverything();
    const before = (await this.e.db.selectFrom("endpoints").select("id").execute()).map(
      (r) => r.id,
    );
    try {
      await this.e.db.transaction().execute(async (trx) => {
        for (const t of [...known].reverse()) {
          if (IDENTITY.includes(t)) continue;
          await trx.deleteFrom(t).execute();
        }
        for (const t of known) {
          const rows = snapshot.tables[t];
          if (!rows || rows.length === 0) continue;
          const prepared = t === "jobs" ? rows.map(requeue) : rows;
          for (let i = 0; i < prepared.length; i += 200) {
            const chunk = prepared.slice(i, i + 200);
            let q = trx.insertInto(t).values(chunk as never);
            // Identity rows are merged: the ones present (the caller's) stay as they are.
            if (IDENTITY.includes(t))
              q = q.onConflict((oc) => oc.column(t === "platform_meta" ? "key" : "id").doNothing());
            await q.execute();
          }
        }
      });
    } catch (err) {
      if (err instanceof Error && !("status" in err))
        throw problem(400, `the snapshot could not be imported: ${err.message}`);
      throw err;
    }
    const after = (await this.e.db.selectFrom("endpoints").select("id").execute()).map((r) => r.id);
    this.afterChange([...before, ...after]);
    await this.e.scheduler.poll();
    return this.summary();
  }

  private async stopEverything(): Promise<void> {
    await this.devtools.faults.clear();
    await this.devtools.trace.flush();
    this.devtools.trace.discard();
    const workers = await this.e.db.selectFrom("workers").select("id").execute();
    for (const w of workers) await this.e.workers.remove(w.id, "platform state reset");
  }

  private async wipe(tables: Table[]): Promise<void> {
    await this.e.db.transaction().execute(async (trx) => {
      for (const t of [...tables].reverse()) {
        if (IDENTITY.includes(t)) continue;
        await trx.deleteFrom(t).execute();
      }
    });
  }

  private afterChange(endpointIds: string[]): void {
    this.e.repo.forgetAll();
    for (const id of endpointIds) this.e.endpoints.invalidate(id);
  }
}

/** An imported running job has no worker any more: it goes back to the queue. */
export function requeue(row: Record<string, unknown>): Record<string, unknown> {
  if (row.status !== "IN_PROGRESS") return row;
  return { ...row, status: "IN_QUEUE", worker_id: null, started_at: null, timeout_at: null };
}
