import type { ColumnMetadata, Kysely } from "kysely";
import type { StateSnapshot, StateSummary } from "@/lib/schemas/devtools";
import { problem, PlatformError } from "../http/problem";
import type { JobEngine } from "../jobs/engine/engine";
import type { Devtools } from "./devtools";
import {
  ACCOUNT_TABLES,
  OWNERSHIP,
  REFERENCES,
  columnKind,
  fitsKind,
  type Table,
} from "./state-ownership";
import { requeue, storeTables } from "./state";

/** Tables by name with untyped rows: the state tools walk every table the same way. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

const CHUNK = 200;
/** Hosted-model queues are `model.<account id>.<slug>` (models/hosted-endpoint.ts). */
const HOSTED_PREFIX = "model.";

const parentIds = (db: AnyDb, parent: Table, accountId: string) =>
  db.selectFrom(parent).select("id").where("account_id", "=", accountId);

/**
 * One account's state (`/_platform/state...` with an `all` key): its rows in every table it owns
 * (see OWNERSHIP), never another account's, never accounts, keys or instance settings. An import
 * is checked row by row like any API write before anything is written, and replaces only the
 * caller's rows in one transaction.
 */
export class AccountState {
  constructor(
    private readonly e: JobEngine,
    private readonly devtools: Devtools,
  ) {}

  private get db(): AnyDb {
    return this.e.db as unknown as AnyDb;
  }

  /** The account tables this store has, parents first, with their columns. */
  private async tables(): Promise<[Table, ColumnMetadata[]][]> {
    const found = await storeTables(this.e);
    return ACCOUNT_TABLES.filter((t) => found.has(t)).map((t) => [t, found.get(t)!]);
  }

  /** The caller's rows of a table: by its account_id, or through its parent's. */
  private owned(db: AnyDb, table: Table, accountId: string) {
    const owner = OWNERSHIP[table];
    const q = db.selectFrom(table);
    if (owner.by === "parent")
      return q.where(owner.column, "in", parentIds(db, owner.parent, accountId));
    return q.where("account_id", "=", accountId);
  }

  /** Rows per table of the account, and its live workers (in no snapshot). */
  async summary(accountId: string): Promise<StateSummary> {
    const out: Record<string, number> = {};
    for (const t of [...(await this.tables()).map(([t]) => t), "workers" as const]) {
      const row = await this.owned(this.db, t, accountId)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      out[t] = Number(row?.n ?? 0);
    }
    return { tables: out };
  }

  async export(accountId: string): Promise<StateSnapshot> {
    await this.devtools.trace.flush();
    const tables: StateSnapshot["tables"] = {};
    for (const [t] of await this.tables())
      tables[t] = await this.owned(this.db, t, accountId).selectAll().execute();
    return {
      format: "hangar-state",
      version: 1,
      scope: "account",
      exportedAt: new Date(this.e.clock.now()).toISOString(),
      tables,
    };
  }

  /** Stops the account's workers, ends its faults and deletes its rows; other accounts are untouched. */
  async reset(accountId: string): Promise<void> {
    const endpointIds = await this.endpointIds(accountId);
    await this.devtools.metrics.forget(endpointIds);
    await this.stop(accountId);
    // Stopping recorded the workers' and jobs' last increments: dropped too, before the delete.
    await this.devtools.metrics.forget(endpointIds);
    const tables = await this.tables();
    await this.db.transaction().execute(async (trx) => {
      for (const [t] of [...tables].reverse()) await this.deleteOwned(trx, t, accountId);
      await this.deleteWorkers(trx, accountId);
    });
    await this.afterChange(endpointIds);
  }

  async import(accountId: string, snapshot: StateSnapshot): Promise<StateSummary> {
    const tables = new Map(await this.tables());
    const rows = await this.validate(accountId, snapshot, tables);
    const before = await this.endpointIds(accountId);
    await this.devtools.metrics.forget(before);
    await this.stop(accountId);
    await this.devtools.metrics.forget(before);
    try {
      await this.db.transaction().execute(async (trx) => {
        const order = [...tables.keys()];
        for (const t of [...order].reverse()) await this.deleteOwned(trx, t, accountId);
        await this.deleteWorkers(trx, accountId);
        for (const t of order) {
          const list = rows.get(t);
          if (!list || list.length === 0) continue;
          const prepared = t === "jobs" ? list.map(requeue) : list;
          for (let i = 0; i < prepared.length; i += CHUNK)
            await trx
              .insertInto(t)
              .values(prepared.slice(i, i + CHUNK))
              .execute();
        }
      });
    } catch (err) {
      if (err instanceof Error && !(err instanceof PlatformError))
        throw problem(400, `the snapshot could not be imported: ${err.message}`);
      throw err;
    }
    await this.afterChange([...before, ...(await this.endpointIds(accountId))]);
    await this.e.scheduler.poll();
    return this.summary(accountId);
  }

  /**
   * Every check of an import, before anything is written: known tables and columns, value types,
   * required columns, the caller's account on every row, children under the snapshot's own
   * parents, no id that another account already has, no reference to another account's row.
   */
  private async validate(
    accountId: string,
    snapshot: StateSnapshot,
    tables: Map<Table, ColumnMetadata[]>,
  ): Promise<Map<Table, Row[]>> {
    const refused = Object.keys(snapshot.tables).filter((t) => !tables.has(t as Table));
    if (refused.length > 0)
      throw problem(
        400,
        `an account's snapshot takes only that account's tables; refused: ${refused.join(", ")}`,
      );
    const out = new Map<Table, Row[]>();
    const ids = new Map<Table, Set<string>>();
    for (const [t, columns] of tables) {
      const byName = new Map(columns.map((c) => [c.name, c]));
      const list: Row[] = [];
      for (const [i, raw] of (snapshot.tables[t] ?? []).entries()) {
        const where = `${t}[${i}]${typeof raw.id === "string" ? ` (id ${raw.id})` : ""}`;
        const row: Row = { ...raw };
        if (byName.has("account_id") && OWNERSHIP[t].by === "account") {
          if (row.account_id === undefined) row.account_id = accountId;
          else if (row.account_id !== accountId)
            throw problem(400, `${where}: account_id is not the caller's account`);
        }
        for (const [name, value] of Object.entries(row)) {
          const column = byName.get(name);
          if (!column) throw problem(400, `${where}: unknown column ${name}`);
          if (value === null) {
            if (!column.isNullable) throw problem(400, `${where}: ${name} may not be null`);
          } else if (!fitsKind(columnKind(column.dataType), value)) {
            throw problem(400, `${where}: ${name} must be ${columnKind(column.dataType)}`);
          }
        }
        for (const c of columns)
          if (!c.isNullable && !c.hasDefaultValue && !c.isAutoIncrementing && !(c.name in row))
            throw problem(400, `${where}: missing column ${c.name}`);
        const owner = OWNERSHIP[t];
        if (owner.by === "parent" && !ids.get(owner.parent)?.has(String(row[owner.column])))
          throw problem(
            400,
            `${where}: ${owner.column} ${String(row[owner.column])} is not a ${owner.parent} row of this snapshot`,
          );
        list.push(row);
      }
      out.set(t, list);
      ids.set(t, new Set(list.flatMap((r) => (typeof r.id === "string" ? [r.id] : []))));
    }
    for (const [t, list] of out) {
      const taken = await this.othersRows(
        t,
        list.flatMap((r) => (typeof r.id === "string" ? [r.id] : [])),
        accountId,
      );
      if (taken.length > 0)
        throw problem(400, `${t} ${taken[0]}: the id belongs to another account`);
      for (const [column, target] of Object.entries(REFERENCES[t] ?? {})) {
        // A hosted model's queue has no endpoint row: its id names the account it serves.
        const hosted = list.find((r) => {
          const v = r[column];
          return (
            target === "endpoints" &&
            typeof v === "string" &&
            v.startsWith(HOSTED_PREFIX) &&
            !v.startsWith(`${HOSTED_PREFIX}${accountId}.`)
          );
        });
        if (hosted)
          throw problem(400, `${t}: ${column} ${String(hosted[column])} is another account's`);
        if (!tables.has(target)) continue;
        const named = list.flatMap((r) => {
          const v = r[column];
          return typeof v === "string" && !ids.get(target)?.has(v) ? [v] : [];
        });
        const foreign = await this.othersRows(target, named, accountId);
        if (foreign.length > 0)
          throw problem(400, `${t}: ${column} ${foreign[0]} names another account's ${target} row`);
      }
    }
    return out;
  }

  /** Which of these ids of a table belong to an account other than the caller (public templates excepted). */
  private async othersRows(table: Table, ids: string[], accountId: string): Promise<string[]> {
    const owner = OWNERSHIP[table];
    const out: string[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = [...new Set(ids.slice(i, i + 500))];
      if (chunk.length === 0) continue;
      let rows: Row[];
      if (owner.by === "parent") {
        rows = await this.db
          .selectFrom(`${table} as c`)
          .innerJoin(`${owner.parent} as p`, "p.id", `c.${owner.column}`)
          .select(["c.id as id", "p.account_id as account_id"])
          .where("c.id", "in", chunk)
          .execute();
      } else {
        rows = await this.db
          .selectFrom(table)
          .select(table === "templates" ? ["id", "account_id", "public"] : ["id", "account_id"])
          .where("id", "in", chunk)
          .execute();
      }
      for (const r of rows)
        if (r.account_id !== accountId && !(table === "templates" && Number(r.public) === 1))
          out.push(String(r.id));
    }
    return out;
  }

  private async deleteOwned(trx: AnyDb, table: Table, accountId: string): Promise<void> {
    const owner = OWNERSHIP[table];
    const q = trx.deleteFrom(table);
    if (owner.by === "parent")
      await q.where(owner.column, "in", parentIds(trx, owner.parent, accountId)).execute();
    else await q.where("account_id", "=", accountId).execute();
  }

  /** Worker rows left by the stop (a worker being removed) go with the account's state. */
  private async deleteWorkers(trx: AnyDb, accountId: string): Promise<void> {
    const own = trx.selectFrom("workers").select("id").where("account_id", "=", accountId);
    await trx.deleteFrom("worker_signals").where("worker_id", "in", own).execute();
    await trx.deleteFrom("workers").where("account_id", "=", accountId).execute();
  }

  private async endpointIds(accountId: string): Promise<string[]> {
    const rows = await this.e.db
      .selectFrom("endpoints")
      .select("id")
      .where("account_id", "=", accountId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Only the account's live parts: its workers, its faults; buffered job events are written first. */
  private async stop(accountId: string): Promise<void> {
    await this.devtools.faults.clear(accountId);
    await this.devtools.trace.flush();
    const workers = await this.e.db
      .selectFrom("workers")
      .select("id")
      .where("account_id", "=", accountId)
      .execute();
    for (const w of workers) await this.e.workers.remove(w.id, "account state reset");
  }

  private async afterChange(endpointIds: string[]): Promise<void> {
    this.e.repo.forgetAll();
    await this.devtools.metrics.forget(endpointIds);
    for (const id of endpointIds) this.e.endpoints.invalidate(id);
  }
}
