import type { Kysely } from "kysely";
import type { CreateDelegationInput, EcrDelegation } from "@/lib/schemas/registries";
import type { Clock } from "../../clock";
import { listOwnedRows } from "../../http/owned-rows";
import { problem, problems } from "../../http/problem";
import type { Ids } from "../../ids";
import type { Database } from "../../store/schema";
import {
  deleteDelegationRow,
  findDelegationByResource,
  insertDelegation,
  toEcrDelegation,
} from "./delegations.repository";

/**
 * ECR delegations (`/v2/registries/delegations`): the account lets the platform pull one ECR
 * repository (at one tag) without storing AWS credentials. The local platform pulls nothing, so a
 * delegation is recorded and described, never exercised against AWS.
 */
export class DelegationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  async list(accountId: string): Promise<EcrDelegation[]> {
    return (await listOwnedRows(this.db, "ecr_delegations", accountId)).map(toEcrDelegation);
  }

  async create(accountId: string, body: CreateDelegationInput): Promise<EcrDelegation> {
    // One delegation per repository and tag: a second would be indistinguishable from the first.
    const existing = await findDelegationByResource(this.db, accountId, body.resource);
    if (existing) {
      throw problem(400, `${body.resource} is already delegated (delegation ${existing.id})`, [
        `resource: already delegated by delegation ${existing.id}`,
      ]);
    }
    const row = {
      id: this.ids.next("registry"),
      account_id: accountId,
      name: body.name ?? null,
      resource: body.resource,
      created_at: this.clock.now(),
    };
    await insertDelegation(this.db, row);
    return toEcrDelegation(row);
  }

  async revoke(accountId: string, id: string): Promise<void> {
    if (!(await deleteDelegationRow(this.db, accountId, id))) {
      throw problems.notFound("ECR delegation");
    }
  }
}
