import type { Kysely } from "kysely";
import type { VolumeType } from "@/lib/schemas/network-volumes";
import { V1_VOLUME_SELF_SERVICE_MAX_GB, V1_VOLUME_TOO_LARGE } from "@/lib/schemas/network-volumes";
import type { UsageRecorder } from "../../billing/usage-recorder";
import type { Clock } from "../../clock";
import { problems } from "../../http/problem";
import { violation } from "../../http/rule-violations";
import type { Ids } from "../../ids";
import type { Database } from "../../store/schema";
import type { NetworkVolumesTable } from "../../store/schema-compute";
import { dataCenterById } from "../catalog/catalog-view";
import {
  endpointsUsingVolume,
  getVolumeRowOrThrow,
  listVolumeRows,
  podsUsingVolume,
} from "./network-volumes.repository";
import { settleVolume } from "./volume-storage";

export interface CreateVolume {
  name: string;
  size: number;
  dataCenterId: string;
  type?: VolumeType;
}

/** Which API asked: error details name the field as that API spells it. */
type Api = "v1" | "v2";

/**
 * Network volumes: one service behind the v2 resource and the v1 creation API, so both enforce the
 * same rules (tiers per data center, grow-only size, delete refused while attached).
 */
export class NetworkVolumesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly usage: UsageRecorder,
  ) {}

  async create(accountId: string, input: CreateVolume, api: Api): Promise<NetworkVolumesTable> {
    const dcField = api === "v1" ? "dataCenterId" : "dataCenter";
    if (api === "v1" && input.size > V1_VOLUME_SELF_SERVICE_MAX_GB)
      throw violation("size", V1_VOLUME_TOO_LARGE);
    const dc = dataCenterById(input.dataCenterId);
    if (!dc) throw violation(dcField, `unknown data center ${input.dataCenterId}`);
    const offered = dc.networkVolumeTypes;
    if (offered.length === 0)
      throw violation(dcField, `data center ${dc.id} offers no network volumes`);
    // The reference: an omitted tier is the data center's primary (first listed) tier.
    const type = input.type ?? offered[0]!;
    if (!offered.includes(type)) {
      throw violation(
        "type",
        `${type} storage is not offered in ${dc.id} (offered: ${offered.join(", ")})`,
      );
    }
    const now = this.clock.now();
    const row: NetworkVolumesTable = {
      id: this.ids.next("volume"),
      account_id: accountId,
      name: input.name,
      size: input.size,
      data_center_id: dc.id,
      type,
      billed_until: now,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto("network_volumes").values(row).execute();
    return row;
  }

  async list(accountId: string): Promise<NetworkVolumesTable[]> {
    return listVolumeRows(this.db, accountId);
  }

  async get(accountId: string, id: string): Promise<NetworkVolumesTable> {
    return getVolumeRowOrThrow(this.db, accountId, id);
  }

  /** Rename and/or grow. Storage is settled at the old size first, so a resize bills from now on. */
  async update(
    accountId: string,
    id: string,
    patch: { name?: string; size?: number },
    api: Api,
  ): Promise<NetworkVolumesTable> {
    const row = await getVolumeRowOrThrow(this.db, accountId, id);
    const current = Number(row.size);
    if (patch.size !== undefined) {
      const shrinks = api === "v1" ? patch.size <= current : patch.size < current;
      if (shrinks) {
        const rule = api === "v1" ? "greater than" : "at least";
        throw violation(
          "size",
          `must be ${rule} the current ${current} GB: network volumes can grow but never shrink`,
        );
      }
      if (api === "v1" && patch.size > V1_VOLUME_SELF_SERVICE_MAX_GB)
        throw violation("size", V1_VOLUME_TOO_LARGE);
    }
    const now = this.clock.now();
    if (patch.size !== undefined && patch.size !== current)
      await settleVolume(this.db, this.usage, row, now);
    const set: Partial<NetworkVolumesTable> = { updated_at: now };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.size !== undefined) set.size = patch.size;
    await this.db
      .updateTable("network_volumes")
      .set(set)
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .execute();
    return getVolumeRowOrThrow(this.db, accountId, id);
  }

  /** Only the owner's (404 otherwise); refused while a pod or endpoint uses it; storage is settled to now. */
  async delete(accountId: string, id: string): Promise<void> {
    const row = await getVolumeRowOrThrow(this.db, accountId, id);
    const pods = await podsUsingVolume(this.db, accountId, id);
    const endpoints = await endpointsUsingVolume(this.db, accountId, id);
    if (pods.length > 0 || endpoints.length > 0) {
      const users = [
        ...pods.map((p) => `pod ${p.id} (${p.name})`),
        ...endpoints.map((e) => `serverless endpoint ${e}`),
      ];
      throw problems.badRequest(
        `network volume ${id} is attached to ${users.join(", ")}; terminate the pod or detach it from the endpoint first`,
      );
    }
    await settleVolume(this.db, this.usage, row, this.clock.now());
    await this.db
      .deleteFrom("network_volumes")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .execute();
  }
}
