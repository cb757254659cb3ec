import type { Generated } from "kysely";

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

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  platform_meta: MetaTable;
}

export type { Generated };
