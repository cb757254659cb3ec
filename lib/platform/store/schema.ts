import type { Generated } from "kysely";
import type { ComputeTables } from "./schema-compute";
import type { DevtoolsTables } from "./schema-devtools";
import type { JobTables } from "./schema-jobs";

/**
 * Row types of the platform's tables. Conventions (both dialects): times are integer ms since the
 * epoch (`bigint`), booleans are 0/1 integers, structured values are JSON text. Rows become API
 * resources only through a `toX(row)` mapper, so internal columns never leak.
 */
export interface AccountsTable {
  id: string;
  name: string;
  balance: number;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  hash: string;
  permission: string;
  disabled: number;
  rate_limit_exempt: number;
  /** 1: the operator credential of the instance (whole-instance control routes; migration 060). */
  operator: number;
  created_at: number;
  last_used_at: number | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** Generic owned-resource table shape used by management resources (id, owner, JSON document). */
export interface ResourceTable {
  id: string;
  account_id: string;
  data: string;
  created_at: number;
  updated_at: number;
}

// Serverless endpoints, templates, registries, account SSH keys (migrations 010–019).

/** `data` is the EndpointRecord as JSON minus the columns (see management/endpoints/endpoint-record.ts). */
export interface EndpointsTable {
  id: string;
  account_id: string;
  data: string;
  /** Release version, bumped by container changes. */
  version: number;
  /** The template last applied (create or PATCH `templateId`): its delete is refused while bound. */
  template_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface EndpointReleasesTable {
  id: string;
  endpoint_id: string;
  version: number;
  /** JSON array of `{field, old, new}`. */
  diff: string;
  created_by: string | null;
  created_at: number;
}

export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  serverless: number;
  public: number;
  /** Registry credential id (a column so deleting a credential can clear it). */
  registry_id: string | null;
  /** JSON: the remaining Template fields (image, args, disk, ports, env, mounts, category, flags, CUDA). */
  data: string;
  created_at: number;
  updated_at: number;
}

export interface RegistriesTable {
  id: string;
  account_id: string;
  name: string;
  username: string;
  /** Write-only: kept so image pulls can use it; no answer ever carries it. */
  password: string;
  created_at: number;
}

/** ECR delegations: the ARN is the source of truth; region, account, repository and tag derive from it. */
export interface EcrDelegationsTable {
  id: string;
  account_id: string;
  name: string | null;
  resource: string;
  created_at: number;
}

export interface AccountSshKeysTable {
  account_id: string;
  /** JSON array of authorized_keys lines. */
  keys: string;
  updated_at: number;
}

export interface Database extends ComputeTables, JobTables, DevtoolsTables {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  platform_meta: MetaTable;
  endpoints: EndpointsTable;
  endpoint_releases: EndpointReleasesTable;
  templates: TemplatesTable;
  registries: RegistriesTable;
  account_ssh_keys: AccountSshKeysTable;
  ecr_delegations: EcrDelegationsTable;
}

export type { Generated };
