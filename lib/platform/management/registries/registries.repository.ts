import type { Kysely } from "kysely";
import type { Registry } from "@/lib/schemas/registries";
import { violation } from "../../http/rule-violations";
import { isSealed, SEALED_PREFIX, type SecretBox } from "../../secrets";
import type { Database, RegistriesTable } from "../../store/schema";
import { parseDoc } from "../pods/pod-record";

/** The one mapper: username and password are write-only and never leave the store through it. */
export function toRegistry(row: Pick<RegistriesTable, "id" | "name">): Registry {
  return { id: row.id, name: row.name };
}

export async function insertRegistry(db: Kysely<Database>, row: RegistriesTable): Promise<void> {
  await db.insertInto("registries").values(row).execute();
}

export async function listRegistryRows(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom("registries")
    .select(["id", "name"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findRegistryRow(db: Kysely<Database>, accountId: string, id: string) {
  return db
    .selectFrom("registries")
    .select(["id", "name"])
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function registryNameTaken(
  db: Kysely<Database>,
  accountId: string,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("registries")
    .select("id")
    .where("account_id", "=", accountId)
    .where("name", "=", name)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `id` is one of the account's credentials (templates and endpoints may only name their own). */
export async function registryBelongsTo(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  return (await findRegistryRow(db, accountId, id)) !== undefined;
}

/** Pods, templates and endpoints may name only the caller's own credentials: 400 naming `registry` otherwise. */
export async function requireOwnRegistry(
  db: Kysely<Database>,
  accountId: string,
  registry: string | null | undefined,
): Promise<void> {
  if (registry === null || registry === undefined) return;
  if (!(await registryBelongsTo(db, accountId, registry))) {
    throw violation("registry", `registry credential ${registry} not found`);
  }
}

/**
 * The stored credential as stored (the password sealed; RegistriesService.credentials() opens it).
 * Only the owner's credentials are returned, so a foreign id reads as absent.
 */
export async function getRegistryCredentials(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<{ username: string; password: string } | null> {
  const row = await db
    .selectFrom("registries")
    .select(["username", "password"])
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Seals every password still stored in plain text (rows from before encryption, or imported from
 * an old export); answers how many. Each update is conditional on the old value, so instances
 * starting together never seal a value twice.
 */
export async function sealPlaintextRegistryPasswords(
  db: Kysely<Database>,
  box: SecretBox,
): Promise<number> {
  const rows = await db
    .selectFrom("registries")
    .select(["id", "password"])
    .where("password", "not like", `${SEALED_PREFIX}%`)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.password)) continue;
    const result = await db
      .updateTable("registries")
      .set({ password: box.seal(row.password) })
      .where("id", "=", row.id)
      .where("password", "=", row.password)
      .executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}

export async function deleteRegistryRow(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<void> {
  await db
    .deleteFrom("registries")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .execute();
}

/** Live pods of the account pulling with the credential (pods module's table; terminated pods do not count). */
export async function podIdsUsingRegistry(
  db: Kysely<Database>,
  accountId: string,
  registryId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("pods")
    .select(["id", "data"])
    .where("account_id", "=", accountId)
    .where("status", "!=", "TERMINATED")
    .orderBy("id")
    .execute();
  return rows.filter((r) => parseDoc(r).registry === registryId).map((r) => r.id);
}
