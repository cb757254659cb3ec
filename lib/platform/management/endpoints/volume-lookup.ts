import type { Kysely } from "kysely";
import type { Database } from "../../store/schema";
import { getVolume } from "../network-volumes/network-volumes.repository";

/** A network volume as endpoints need it. */
export interface VolumeLookup {
  /** The caller's volume, or null when it does not exist or belongs to another account. */
  get(accountId: string, id: string): Promise<{ id: string; dataCenterId: string } | null>;
}

/** Reads through the network-volumes module; a platform may swap it through `services.volumes`. */
export function storeVolumeLookup(db: Kysely<Database>): VolumeLookup {
  return { get: (accountId, id) => getVolume(db, accountId, id) };
}
