import type { Kysely } from "kysely";
import type { Database } from "../store/schema";
import { problems } from "./problem";

interface OwnedRow {
  id: string;
  account_id: string;
}

/** The tables whose rows have (at least) these columns. */
type TablesWith<Columns> = {
  [T in keyof Database]: Database[T] extends Columns ? T : never;
}[keyof Database];

/** Tables whose rows belong to one account and are named by `id` (pods, volumes, endpoints…). */
export type OwnedTable = TablesWith<OwnedRow>;

/**
 * Kysely cannot resolve column names over a generic table name; every table these helpers accept has
 * the columns they use, so they query through this narrower view.
 */
const view = <Row>(db: Kysely<Database>) => db as unknown as Kysely<Record<string, Row>>;

/** The account's row, or undefined when it does not exist or belongs to another account. */
export async function findOwnedRow<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  accountId: string,
  id: string,
): Promise<Database[T] | undefined> {
  const row = await view<OwnedRow>(db)
    .selectFrom(table as string)
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row as Database[T] | undefined;
}

/** All of the account's rows, oldest first (ties by id, so pages and lists are stable). */
export async function listOwnedRows<T extends TablesWith<OwnedRow & { created_at: number }>>(
  db: Kysely<Database>,
  table: T,
  accountId: string,
): Promise<Database[T][]> {
  const rows = await view<OwnedRow & { created_at: number }>(db)
    .selectFrom(table as string)
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows as Database[T][];
}

/** Ownership check in one place: another account's row answers 404 (`<what> not found`), never 403. */
export async function getOwnedRowOrThrow<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  what: string,
  accountId: string,
  id: string,
): Promise<Database[T]> {
  const row = await findOwnedRow(db, table, accountId, id);
  if (!row) throw problems.notFound(what);
  return row;
}

/**
 * Moves a row's billing mark from `from` to `to` only if nobody else did (another request or
 * instance), so an interval is charged exactly once. True when this caller won.
 */
export async function claimBillingMark(
  db: Kysely<Database>,
  table: TablesWith<{ id: string; billed_until: number }>,
  id: string,
  from: number,
  to: number,
): Promise<boolean> {
  const res = await view<{ id: string; billed_until: number }>(db)
    .updateTable(table as string)
    .set({ billed_until: to })
    .where("id", "=", id)
    .where("billed_until", "=", from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
