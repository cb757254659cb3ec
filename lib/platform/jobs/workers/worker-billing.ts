import { serverlessPricePerHour } from "../../catalog/index";
import { isHostedEndpointId } from "../../models/hosted-endpoint";
import type { UsageInput } from "../../billing/usage-recorder";
import type { WorkersTable } from "../../store/schema-jobs";
import type { JobEngine } from "../engine/engine";

/**
 * Worker time is charged by pool price per GPU-hour (platform-notes §6.1) times the worker's GPUs,
 * from `billed_until` to `now`: built-in workers only (external ones run on the user's machine),
 * never while THROTTLED (no machine yet).
 */
/** What a worker's time from `billed_until` to `now` costs, or null when it is not charged. */
function workerUsage(row: WorkersTable, now: number): UsageInput | null {
  const from = Number(row.billed_until);
  if (row.kind !== "builtin" || row.status === "THROTTLED" || now <= from) return null;
  // Hosted-model workers: each run is charged its `output.cost` instead (lib/platform/models).
  if (isHostedEndpointId(row.endpoint_id)) return null;
  const perHour = (row.pool ? serverlessPricePerHour(row.pool) : undefined) ?? 0;
  const gpu = (perHour / 3600) * Number(row.gpu_count) * ((now - from) / 1000);
  return {
    accountId: row.account_id,
    product: "serverless",
    resourceId: row.endpoint_id,
    amounts: { gpu, total: gpu },
    at: now,
  };
}

export async function chargeWorker(e: JobEngine, row: WorkersTable, now: number): Promise<void> {
  const usage = e.usage && workerUsage(row, now);
  if (usage) await e.usage!.record(usage);
}

/**
 * What an endpoint's running built-in workers have cost since they were last charged, up to `now`,
 * without charging it (a read: what the next accrual will charge). An endpoint's metrics add it
 * to the bucket holding `now`, where that accrual records it, so a read shows spend up to the
 * second and writes nothing.
 */
export async function unbilledWorkers(
  e: JobEngine,
  now: number,
  accountId: string,
  endpointId: string,
): Promise<number> {
  const due = await dueWorkers(e, now, accountId).where("endpoint_id", "=", endpointId).execute();
  return due.reduce((sum, row) => sum + (workerUsage(row, now)?.amounts.total ?? 0), 0);
}

/** Built-in workers with time to charge before `now` (of one account when given). */
function dueWorkers(e: JobEngine, now: number, accountId?: string) {
  const q = e.db
    .selectFrom("workers")
    .selectAll()
    .where("kind", "=", "builtin")
    .where("status", "!=", "THROTTLED")
    .where("billed_until", "<", now);
  return accountId ? q.where("account_id", "=", accountId) : q;
}

/** Rows moved per statement (two bound parameters each). */
const ACCRUE_BATCH = 200;

/**
 * Billing accrual source: charges running built-in workers up to `now`. Each row is moved from the
 * `billed_until` it was read with, in one statement per batch, so of two instances (or two
 * accruals of one) exactly one charges an interval; the charges of an account are written
 * together (one insert, one balance change) — a read of metrics or billing costs a few
 * statements, not three per running worker.
 */
export async function accrueWorkers(e: JobEngine, now: number, accountId?: string): Promise<void> {
  const due = await dueWorkers(e, now, accountId).execute();
  const charges = new Map<string, UsageInput[]>();
  for (let i = 0; i < due.length; i += ACCRUE_BATCH) {
    const batch = due.slice(i, i + ACCRUE_BATCH);
    const moved = await e.db
      .updateTable("workers")
      .set({ billed_until: now })
      .where((eb) =>
        eb.or(
          batch.map((row) =>
            eb.and([eb("id", "=", row.id), eb("billed_until", "=", row.billed_until)]),
          ),
        ),
      )
      .returning("id")
      .execute();
    const ids = new Set(moved.map((m) => m.id));
    for (const row of batch) {
      const usage = ids.has(row.id) ? workerUsage(row, now) : null;
      if (!usage) continue;
      const list = charges.get(usage.accountId) ?? [];
      list.push(usage);
      charges.set(usage.accountId, list);
    }
  }
  if (!e.usage) return;
  for (const list of charges.values()) await e.usage.recordMany(list);
}
