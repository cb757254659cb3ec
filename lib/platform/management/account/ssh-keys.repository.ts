import type { Kysely } from "kysely";
import type { Database } from "../../store/schema";

/**
 * The account's registered SSH public keys, in the order they were sent. The pods module injects
 * them as `PUBLIC_KEY` into pods created later with `startSsh`; existing pods keep what they got.
 */
export async function getSshKeys(db: Kysely<Database>, accountId: string): Promise<string[]> {
  const row = await db
    .selectFrom("account_ssh_keys")
    .select("keys")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.keys) as string[]) : [];
}

/** Full replacement (the reference's PUT): `[]` clears. */
export async function replaceSshKeys(
  db: Kysely<Database>,
  accountId: string,
  keys: string[],
  now: number,
): Promise<string[]> {
  const text = JSON.stringify(keys);
  await db
    .insertInto("account_ssh_keys")
    .values({ account_id: accountId, keys: text, updated_at: now })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ keys: text, updated_at: now }))
    .execute();
  return keys;
}
