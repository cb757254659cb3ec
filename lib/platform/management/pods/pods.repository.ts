import type { Kysely } from "kysely";
import { getOwnedRowOrThrow } from "../../http/owned-rows";
import type { Database } from "../../store/schema";
import type { PodsTable } from "../../store/schema-compute";

/** Statuses holding compute: the balance rule stops these. */
export const ACTIVE_STATUSES = ["PROVISIONING", "STARTING", "RUNNING"] as const;

export async function insertPods(db: Kysely<Database>, rows: PodsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto("pods")
      .values(rows.slice(i, i + 50))
      .execute();
}

/** Ownership check in one place: another account's pod answers 404, never 403. */
export const getPodRowOrThrow = (db: Kysely<Database>, accountId: string, id: string) =>
  getOwnedRowOrThrow(db, "pods", "pod", accountId, id);

/** For the control API, which may name a pod without its account. */
export async function findPodRowAnyAccount(
  db: Kysely<Database>,
  id: string,
): Promise<PodsTable | undefined> {
  return db.selectFrom("pods").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Live pods (not terminated), oldest first; cluster members only when asked. */
export async function listPodRows(
  db: Kysely<Database>,
  accountId: string,
  includeClusterPods: boolean,
): Promise<PodsTable[]> {
  let q = db
    .selectFrom("pods")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("status", "!=", "TERMINATED");
  if (!includeClusterPods) q = q.where("cluster_id", "is", null);
  return q.orderBy("created_at").orderBy("id").execute();
}

export async function clusterPodRows(
  db: Kysely<Database>,
  clusterId: string,
  includeTerminated = false,
): Promise<PodsTable[]> {
  let q = db.selectFrom("pods").selectAll().where("cluster_id", "=", clusterId);
  if (!includeTerminated) q = q.where("status", "!=", "TERMINATED");
  return q.orderBy("created_at").orderBy("id").execute();
}

/** Pods whose timed transition is due (all accounts, or one). */
export async function duePodRows(
  db: Kysely<Database>,
  now: number,
  accountId?: string,
): Promise<PodsTable[]> {
  let q = db.selectFrom("pods").selectAll().where("next_transition_at", "<=", now);
  if (accountId !== undefined) q = q.where("account_id", "=", accountId);
  return q.orderBy("next_transition_at").execute();
}

/** Live pods whose charges lag `before` (all accounts, or one). */
export async function podsBilledBefore(
  db: Kysely<Database>,
  before: number,
  accountId?: string,
): Promise<PodsTable[]> {
  let q = db
    .selectFrom("pods")
    .selectAll()
    .where("billed_until", "<", before)
    .where("status", "!=", "TERMINATED");
  if (accountId !== undefined) q = q.where("account_id", "=", accountId);
  return q.execute();
}

/** Pods holding compute in accounts whose balance is used up (the seed's balance rule). */
export async function activePodsOfBrokeAccounts(
  db: Kysely<Database>,
  accountId?: string,
): Promise<PodsTable[]> {
  let q = db
    .selectFrom("pods")
    .innerJoin("accounts", "accounts.id", "pods.account_id")
    .selectAll("pods")
    .where("accounts.balance", "<=", 0)
    .where("pods.status", "in", [...ACTIVE_STATUSES]);
  if (accountId !== undefined) q = q.where("pods.account_id", "=", accountId);
  return q.execute();
}

/**
 * Compare-and-set on the lifecycle: applies `set` only if the pod still has the status and due time
 * the caller read, so two requests (or instances) never apply the same transition twice.
 */
export async function casPod(
  db: Kysely<Database>,
  row: Pick<PodsTable, "id" | "status" | "next_transition_at">,
  set: Partial<PodsTable>,
): Promise<boolean> {
  let q = db.updateTable("pods").set(set).where("id", "=", row.id).where("status", "=", row.status);
  q =
    row.next_transition_at === null
      ? q.where("next_transition_at", "is", null)
      : q.where("next_transition_at", "=", row.next_transition_at);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Non-lifecycle fields (PATCH: name, data, locked), applied only if the pod's document and status
 * are still what the caller read (a start may have activated global networking meanwhile).
 */
export async function updatePodFields(
  db: Kysely<Database>,
  row: PodsTable,
  set: Partial<PodsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable("pods")
    .set(set)
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .where("data", "=", row.data)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
