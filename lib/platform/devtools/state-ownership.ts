import type { Database } from "../store/schema";

export type Table = keyof Database & string;

/**
 * Who a row of each table belongs to, which decides what an account's snapshot holds:
 * - `account`: its `account_id` column.
 * - `parent`: the account of the parent row its `column` names (a release through its endpoint).
 * - `instance`: identity and instance-wide settings; only the operator's whole-instance snapshot.
 * - `runtime`: live processes, in no snapshot (an import starts with none).
 * - `internal`: instance bookkeeping, never exported, imported or reset.
 *
 * Typed over every table of `Database`, so a new table does not compile until it is placed here.
 * Parents come before their children: inserts run in this order, deletes in reverse.
 */
export type Owner =
  | { by: "account" }
  | { by: "parent"; column: string; parent: Table }
  | { by: "instance" }
  | { by: "runtime" }
  | { by: "internal" };

const account = { by: "account" } as const;
const parent = (column: string, of: Table): Owner => ({ by: "parent", column, parent: of });

export const OWNERSHIP: Record<Table, Owner> = {
  accounts: { by: "instance" },
  api_keys: { by: "instance" },
  platform_meta: { by: "instance" },
  availability_overrides: { by: "instance" },
  leases: { by: "internal" },
  workers: { by: "runtime" },
  worker_signals: { by: "runtime" },
  registries: account,
  templates: account,
  endpoints: account,
  endpoint_releases: parent("endpoint_id", "endpoints"),
  ecr_delegations: account,
  account_ssh_keys: account,
  network_volumes: account,
  clusters: account,
  pods: account,
  jobs: account,
  job_chunks: parent("job_id", "jobs"),
  webhook_deliveries: account,
  webhook_attempts: parent("delivery_id", "webhook_deliveries"),
  job_events: parent("endpoint_id", "endpoints"),
  endpoint_metrics: parent("endpoint_id", "endpoints"),
  endpoint_samples: parent("endpoint_id", "endpoints"),
  usage_records: account,
  account_events: account,
  inbox_messages: account,
};

/** The tables an account's snapshot holds, parents first. */
export const ACCOUNT_TABLES = (Object.keys(OWNERSHIP) as Table[]).filter((t) => {
  const by = OWNERSHIP[t].by;
  return by === "account" || by === "parent";
});

/**
 * Columns naming a row of another table (besides a child's parent column). An imported row may
 * name only rows of the same snapshot, rows that no longer exist, or a public template — never
 * another account's row (a job in its queue, its registry credential, its volume).
 */
export const REFERENCES: Partial<Record<Table, Record<string, Table>>> = {
  endpoints: { template_id: "templates" },
  templates: { registry_id: "registries" },
  pods: { network_volume_id: "network_volumes", cluster_id: "clusters", template_id: "templates" },
  jobs: { endpoint_id: "endpoints" },
  webhook_deliveries: { job_id: "jobs", endpoint_id: "endpoints" },
};

export type ColumnKind = "text" | "integer" | "number" | "other";

/** A column's value kind from the dialect's type name (SQLite declared types, PostgreSQL udt names). */
export function columnKind(dataType: string): ColumnKind {
  const t = dataType.toLowerCase();
  if (/^(text|varchar|character varying|char|character|bpchar)/.test(t)) return "text";
  if (/^(int|integer|bigint|smallint|int2|int4|int8)$/.test(t)) return "integer";
  if (/(double|float|real|numeric|decimal)/.test(t)) return "number";
  return "other";
}

/** Whether a JSON value fits a column of that kind (null is checked separately). */
export function fitsKind(kind: ColumnKind, value: unknown): boolean {
  switch (kind) {
    case "text":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "other":
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
  }
}
