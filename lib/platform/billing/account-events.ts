import type { Kysely } from "kysely";
import type { Ids } from "../ids";
import type { Database } from "../store/schema";
import type { AccountEventsTable } from "../store/schema-compute";

/**
 * What the platform did to an account on its own (balance depleted, pods stopped for lack of
 * credit…), so a user can see why a pod changed state. Read through `GET /_platform/events`.
 */
export interface AccountEvent {
  id: string;
  type: string;
  resourceType: string | null;
  resourceId: string | null;
  detail: string;
  at: string;
}

export interface AccountEventInput {
  accountId: string;
  type: string;
  resourceType?: string;
  resourceId?: string;
  detail: string;
  at: number;
}

export async function recordAccountEvent(
  db: Kysely<Database>,
  ids: Ids,
  input: AccountEventInput,
): Promise<void> {
  await db
    .insertInto("account_events")
    .values({
      id: ids.next("request"),
      account_id: input.accountId,
      type: input.type,
      resource_type: input.resourceType ?? null,
      resource_id: input.resourceId ?? null,
      detail: input.detail,
      at: Math.floor(input.at),
    })
    .execute();
}

export function toAccountEvent(row: AccountEventsTable): AccountEvent {
  return {
    id: row.id,
    type: row.type,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    detail: row.detail,
    at: new Date(Number(row.at)).toISOString(),
  };
}

/** Newest first. */
export async function listAccountEvents(
  db: Kysely<Database>,
  accountId: string,
  limit = 500,
): Promise<AccountEvent[]> {
  const rows = await db
    .selectFrom("account_events")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toAccountEvent);
}
