import type { Kysely } from "kysely";
import type { Template } from "@/lib/schemas/templates";
import { findOwnedRow, listOwnedRows } from "../../http/owned-rows";
import type { Database, TemplatesTable } from "../../store/schema";

/** What `templates.data` holds: the Template minus the fields that are columns. */
export type TemplateData = Omit<Template, "id" | "name" | "registry" | "serverless" | "public">;

/** The one mapper from a stored row to the API resource. */
export function toTemplate(row: TemplatesTable): Template {
  const data = JSON.parse(row.data) as TemplateData;
  return {
    id: row.id,
    name: row.name,
    image: data.image,
    args: data.args,
    disk: data.disk,
    ports: data.ports,
    env: data.env,
    registry: row.registry_id,
    mounts: data.mounts,
    serverless: row.serverless === 1,
    public: row.public === 1,
    category: data.category,
    startSsh: data.startSsh,
    startJupyter: data.startJupyter,
    allowedCudaVersions: data.allowedCudaVersions,
  };
}

/** Template → row (for insert and update). */
export function templateToRow(
  t: Template,
  accountId: string,
  createdAt: number,
  updatedAt: number,
): TemplatesTable {
  const { id, name, registry, serverless, public: isPublic, ...data } = t;
  return {
    id,
    account_id: accountId,
    name,
    serverless: serverless ? 1 : 0,
    public: isPublic ? 1 : 0,
    registry_id: registry,
    data: JSON.stringify(data satisfies TemplateData),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

export async function insertTemplate(db: Kysely<Database>, row: TemplatesTable): Promise<void> {
  await db.insertInto("templates").values(row).execute();
}

export async function updateTemplateRow(db: Kysely<Database>, row: TemplatesTable): Promise<void> {
  const { id, account_id, created_at: _created, ...rest } = row;
  await db
    .updateTable("templates")
    .set(rest)
    .where("id", "=", id)
    .where("account_id", "=", account_id)
    .execute();
}

export const listOwnTemplateRows = (db: Kysely<Database>, accountId: string) =>
  listOwnedRows(db, "templates", accountId);

export const findOwnTemplateRow = (db: Kysely<Database>, accountId: string, id: string) =>
  findOwnedRow(db, "templates", accountId, id);

/** A template another account published (`public: true`): part of the community catalogue. */
export async function findPublicTemplateRow(
  db: Kysely<Database>,
  id: string,
): Promise<TemplatesTable | undefined> {
  return db
    .selectFrom("templates")
    .selectAll()
    .where("id", "=", id)
    .where("public", "=", 1)
    .executeTakeFirst();
}

/** Newest first, as a catalogue shows them. */
export async function listPublicTemplateRows(
  db: Kysely<Database>,
  limit: number,
): Promise<TemplatesTable[]> {
  return db
    .selectFrom("templates")
    .selectAll()
    .where("public", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function deleteTemplateRow(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<void> {
  await db
    .deleteFrom("templates")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .execute();
}

/** Deleting a registry credential: the account's templates silently lose the reference (reference §3.8). */
export async function clearTemplateRegistry(
  db: Kysely<Database>,
  accountId: string,
  registryId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("templates")
    .set({ registry_id: null, updated_at: now })
    .where("account_id", "=", accountId)
    .where("registry_id", "=", registryId)
    .execute();
}

/** Live pods of the account created from the template (pods module's table; terminated pods do not count). */
export async function podIdsUsingTemplate(
  db: Kysely<Database>,
  accountId: string,
  templateId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("pods")
    .select("id")
    .where("account_id", "=", accountId)
    .where("template_id", "=", templateId)
    .where("status", "!=", "TERMINATED")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}
