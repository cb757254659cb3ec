import type { Kysely } from "kysely";
import type { NetworkVolume, NetworkVolumeV1, VolumeType } from "@/lib/schemas/network-volumes";
import { findOwnedRow, getOwnedRowOrThrow, listOwnedRows } from "../../http/owned-rows";
import type { Database } from "../../store/schema";
import type { NetworkVolumesTable } from "../../store/schema-compute";
import { listEndpointRecords } from "../endpoints/endpoints.repository";

/** The one mapper from a stored row to the v2 resource. */
export function toNetworkVolume(row: NetworkVolumesTable): NetworkVolume {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    dataCenter: row.data_center_id,
    type: row.type as VolumeType,
  };
}

/** The v1 shape: v2 renamed `dataCenterId` to `dataCenter` and added `type`. */
export function toNetworkVolumeV1(row: NetworkVolumesTable): NetworkVolumeV1 {
  return { id: row.id, name: row.name, size: Number(row.size), dataCenterId: row.data_center_id };
}

/**
 * A volume as other modules need it (endpoints, pods): null when it does not exist or belongs to
 * another account, so callers answer 404 without learning whether someone else owns the id.
 */
export async function getVolume(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<{ id: string; dataCenterId: string; type: VolumeType; size: number } | null> {
  const row = await findOwnedRow(db, "network_volumes", accountId, id);
  return row
    ? {
        id: row.id,
        dataCenterId: row.data_center_id,
        type: row.type as VolumeType,
        size: Number(row.size),
      }
    : null;
}

/** Ownership check in one place: other accounts' volumes answer 404, never 403. */
export const getVolumeRowOrThrow = (db: Kysely<Database>, accountId: string, id: string) =>
  getOwnedRowOrThrow(db, "network_volumes", "network volume", accountId, id);

export const listVolumeRows = (db: Kysely<Database>, accountId: string) =>
  listOwnedRows(db, "network_volumes", accountId);

/** Volumes whose storage has not been charged up to `before` (all accounts, or one). */
export async function volumesBilledBefore(
  db: Kysely<Database>,
  before: number,
  accountId?: string,
): Promise<NetworkVolumesTable[]> {
  let q = db.selectFrom("network_volumes").selectAll().where("billed_until", "<", before);
  if (accountId !== undefined) q = q.where("account_id", "=", accountId);
  return q.execute();
}

/** Live pods with the volume mounted (terminated pods no longer hold it). */
export async function podsUsingVolume(
  db: Kysely<Database>,
  accountId: string,
  volumeId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("pods")
    .select(["id", "name"])
    .where("account_id", "=", accountId)
    .where("network_volume_id", "=", volumeId)
    .where("status", "!=", "TERMINATED")
    .orderBy("id")
    .execute();
}

/** Serverless endpoints listing the volume (read through the endpoints module's own record mapper). */
export async function endpointsUsingVolume(
  db: Kysely<Database>,
  accountId: string,
  volumeId: string,
): Promise<string[]> {
  const records = await listEndpointRecords(db, accountId);
  return records.filter((r) => r.networkVolumes.includes(volumeId)).map((r) => r.id);
}
