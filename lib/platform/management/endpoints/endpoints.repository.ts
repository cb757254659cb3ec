import type { Kysely } from "kysely";
import type { Database, EndpointReleasesTable, EndpointsTable } from "../../store/schema";
import type { EndpointRecord } from "./endpoint-record";

/** What `endpoints.data` holds: the record minus the fields that are columns. */
type StoredData = Omit<EndpointRecord, "id" | "accountId" | "createdAt" | "updatedAt" | "version">;

export function rowToRecord(row: EndpointsTable): EndpointRecord {
  const data = JSON.parse(row.data) as StoredData;
  return {
    ...data,
    id: row.id,
    accountId: row.account_id,
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function recordToData(record: EndpointRecord): string {
  const { id: _id, accountId: _a, createdAt: _c, updatedAt: _u, version: _v, ...data } = record;
  return JSON.stringify(data satisfies StoredData);
}

/** For the job engine: any account's endpoint by id (it places workers for all of them). */
export async function getEndpointRecord(
  db: Kysely<Database>,
  id: string,
): Promise<EndpointRecord | null> {
  const row = await db.selectFrom("endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? rowToRecord(row) : null;
}

/** For the job engine: every endpoint (or one account's), oldest first. */
export async function listEndpointRecords(
  db: Kysely<Database>,
  accountId?: string,
): Promise<EndpointRecord[]> {
  let q = db.selectFrom("endpoints").selectAll();
  if (accountId !== undefined) q = q.where("account_id", "=", accountId);
  const rows = await q.orderBy("created_at").orderBy("id").execute();
  return rows.map(rowToRecord);
}

export async function insertEndpoint(
  db: Kysely<Database>,
  record: EndpointRecord,
  templateId: string | null,
  release: EndpointReleasesTable,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("endpoints")
      .values({
        id: record.id,
        account_id: record.accountId,
        data: recordToData(record),
        version: record.version,
        template_id: templateId,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
    await trx.insertInto("endpoint_releases").values(release).execute();
  });
}

/**
 * Writes `next` only if the row still holds `prev` (version and document): two concurrent PATCHes
 * cannot both bump to the same version or silently drop each other's fields. False means "lost the
 * race": the caller re-reads and re-applies.
 */
export async function updateEndpoint(
  db: Kysely<Database>,
  prev: EndpointsTable,
  next: EndpointRecord,
  templateId: string | null,
  release: EndpointReleasesTable | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable("endpoints")
      .set({
        data: recordToData(next),
        version: next.version,
        template_id: templateId,
        updated_at: next.updatedAt,
      })
      .where("id", "=", prev.id)
      .where("version", "=", prev.version)
      .where("data", "=", prev.data)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    if (release) await trx.insertInto("endpoint_releases").values(release).execute();
    return true;
  });
}

export async function deleteEndpointRow(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("endpoint_releases").where("endpoint_id", "=", id).execute();
    const res = await trx
      .deleteFrom("endpoints")
      .where("account_id", "=", accountId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  });
}

/** Newest first. */
export async function listReleaseRows(
  db: Kysely<Database>,
  endpointId: string,
): Promise<EndpointReleasesTable[]> {
  return db
    .selectFrom("endpoint_releases")
    .selectAll()
    .where("endpoint_id", "=", endpointId)
    .orderBy("version", "desc")
    .execute();
}

/** Endpoints whose last applied template is `templateId` (that template cannot be deleted). */
export async function endpointIdsBoundToTemplate(
  db: Kysely<Database>,
  accountId: string,
  templateId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("endpoints")
    .select("id")
    .where("account_id", "=", accountId)
    .where("template_id", "=", templateId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/** The account's endpoints pulling with a registry credential. */
export async function endpointIdsUsingRegistry(
  db: Kysely<Database>,
  accountId: string,
  registryId: string,
): Promise<string[]> {
  const records = await listEndpointRecords(db, accountId);
  return records.filter((r) => r.registry === registryId).map((r) => r.id);
}
