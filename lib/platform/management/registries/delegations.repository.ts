import type { Kysely } from "kysely";
import type { EcrDelegation } from "@/lib/schemas/registries";
import type { Database, EcrDelegationsTable } from "../../store/schema";

const ARN =
  /^arn:aws:ecr:(?<region>[^:]+):(?<awsAccount>\d{12}):repository\/(?<repository>[^:]+)(?::(?<tag>.+))?$/;

/** Region, AWS account, repository and tag of a stored (already validated) repository ARN. */
export function parseEcrArn(resource: string): {
  region: string;
  awsAccount: string;
  repository: string;
  tag: string;
} {
  const g = ARN.exec(resource)?.groups;
  if (!g) throw new Error(`stored ECR delegation has an invalid ARN: ${resource}`);
  return {
    region: g.region!,
    awsAccount: g.awsAccount!,
    repository: g.repository!,
    tag: g.tag ?? "latest",
  };
}

/** The one mapper: everything but the id, name and owner derives from the ARN. */
export function toEcrDelegation(row: EcrDelegationsTable): EcrDelegation {
  const arn = parseEcrArn(row.resource);
  return {
    id: row.id,
    name: row.name,
    delegatorUserId: row.account_id,
    awsUser: arn.awsAccount,
    repository: arn.repository,
    tag: arn.tag,
    awsRegion: arn.region,
    dockerRegistryUri: `${arn.awsAccount}.dkr.ecr.${arn.region}.amazonaws.com`,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function insertDelegation(
  db: Kysely<Database>,
  row: EcrDelegationsTable,
): Promise<void> {
  await db.insertInto("ecr_delegations").values(row).execute();
}

export async function findDelegationByResource(
  db: Kysely<Database>,
  accountId: string,
  resource: string,
): Promise<EcrDelegationsTable | undefined> {
  return db
    .selectFrom("ecr_delegations")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("resource", "=", resource)
    .executeTakeFirst();
}

/** Deletes the account's delegation; false when there was none (unknown or another account's). */
export async function deleteDelegationRow(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("ecr_delegations")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
