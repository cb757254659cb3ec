import { serverlessPricePerHour } from "../../catalog/index";
import { isHostedEndpointId } from "../../models/hosted-endpoint";
import type { WorkersTable } from "../../store/schema-jobs";
import type { JobEngine } from "../engine/engine";

/**
 * Worker time is charged by pool price per GPU-hour (platform-notes §6.1) times the worker's GPUs,
 * from `billed_until` to `now`: built-in workers only (external ones run on the user's machine),
 * never while THROTTLED (no machine yet).
 */
export async function chargeWorker(e: JobEngine, row: WorkersTable, now: number): Promise<void> {
  const from = Number(row.billed_until);
  if (!e.usage || row.kind !== "builtin" || row.status === "THROTTLED" || now <= from) return;
  // Hosted-model workers: each run is charged its `output.cost` instead (lib/platform/models).
  if (isHostedEndpointId(row.endpoint_id)) return;
  const perHour = (row.pool ? serverlessPricePerHour(row.pool) : undefined) ?? 0;
  const gpu = (perHour / 3600) * Number(row.gpu_count) * ((now - from) / 1000);
  await e.usage.record({
    accountId: row.account_id,
    product: "serverless",
    resourceId: row.endpoint_id,
    amounts: { gpu, total: gpu },
    at: now,
  });
}

/** Billing accrual source: charges running built-in workers up to `now` (one instance per row wins). */
export async function accrueWorkers(e: JobEngine, now: number, accountId?: string): Promise<void> {
  let q = e.db
    .selectFrom("workers")
    .selectAll()
    .where("kind", "=", "builtin")
    .where("status", "!=", "THROTTLED")
    .where("billed_until", "<", now);
  if (accountId) q = q.where("account_id", "=", accountId);
  for (const row of await q.execute()) {
    const res = await e.db
      .updateTable("workers")
      .set({ billed_until: now })
      .where("id", "=", row.id)
      .where("billed_until", "=", row.billed_until)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) await chargeWorker(e, row, now);
  }
}
