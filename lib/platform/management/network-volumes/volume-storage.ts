import type { VolumeType } from "@/lib/schemas/network-volumes";
import { splitByHour, volumeCost } from "../../billing/rates";
import type { UsageInput, UsageRecorder } from "../../billing/usage-recorder";
import type { Database } from "../../store/schema";
import type { NetworkVolumesTable } from "../../store/schema-compute";
import type { Kysely } from "kysely";
import { claimBillingMark } from "../../http/owned-rows";
import { volumesBilledBefore } from "./network-volumes.repository";

/** Reads and ticks charge storage at most this often per volume (resize and delete always settle). */
export const STORAGE_ACCRUAL_MIN_MS = 60_000;

/**
 * Charges a volume's storage from its billing mark to `now` (GB-month pricing of its tier), one
 * usage row per clock hour. Storage keeps accruing whatever the balance: the seed says charges
 * continue after pods are stopped for lack of credit.
 */
export async function settleVolume(
  db: Kysely<Database>,
  usage: UsageRecorder,
  row: NetworkVolumesTable,
  now: number,
): Promise<void> {
  const from = Number(row.billed_until);
  if (now <= from) return;
  if (!(await claimBillingMark(db, "network_volumes", row.id, from, now))) return;
  const type = row.type as VolumeType;
  const size = Number(row.size);
  const inputs: UsageInput[] = splitByHour(from, now).map(([start, end]) => {
    const cost = volumeCost(size, type, end - start);
    return {
      accountId: row.account_id,
      product: "storage",
      resourceId: row.id,
      amounts:
        type === "HIGH_PERFORMANCE"
          ? { highPerformance: cost, total: cost }
          : { standard: cost, total: cost },
      at: start,
    };
  });
  if (inputs.length > 0) await usage.recordMany(inputs);
}

/** Tick: every volume (or one account's) whose storage is at least a minute behind. */
export async function accrueStorage(
  db: Kysely<Database>,
  usage: UsageRecorder,
  now: number,
  accountId?: string,
): Promise<void> {
  const rows = await volumesBilledBefore(db, now - STORAGE_ACCRUAL_MIN_MS + 1, accountId);
  for (const row of rows) await settleVolume(db, usage, row, now);
}
