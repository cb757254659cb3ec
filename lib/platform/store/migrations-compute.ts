import type { Kysely, Migration } from "kysely";

// Migrations 020–029: pods, clusters, network volumes, usage (billing), account events and
// catalogue availability overrides. Dialect-neutral DDL only; append-only like migrations.ts.
type Db = Kysely<unknown>;

const m020_network_volumes: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("network_volumes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("data_center_id", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      // Storage is charged up to this instant (ms); accrual moves it forward.
      .addColumn("billed_until", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("network_volumes_account")
      .on("network_volumes")
      .column("account_id")
      .execute();
  },
};

const m021_pods: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("pods")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("data_center_id", "text")
      .addColumn("cluster_id", "text")
      .addColumn("network_volume_id", "text")
      .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("cuda_version", "text")
      .addColumn("template_id", "text")
      // The timed transition waiting for this pod (e.g. PROVISIONING → STARTING at a due time).
      .addColumn("next_status", "text")
      .addColumn("next_transition_at", "bigint")
      .addColumn("billed_until", "bigint", (c) => c.notNull())
      .addColumn("started_at", "bigint")
      .addColumn("terminated_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("pods_account").on("pods").column("account_id").execute();
    await db.schema.createIndex("pods_due").on("pods").column("next_transition_at").execute();
    await db.schema.createIndex("pods_volume").on("pods").column("network_volume_id").execute();
    await db.schema.createIndex("pods_cluster").on("pods").column("cluster_id").execute();
  },
};

const m022_clusters: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("clusters")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("clusters_account").on("clusters").column("account_id").execute();
  },
};

const m023_usage_records: Migration = {
  async up(db: Db) {
    const amount = "double precision";
    await db.schema
      .createTable("usage_records")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("product", "text", (c) => c.notNull())
      .addColumn("resource_id", "text", (c) => c.notNull())
      .addColumn("gpu", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("cpu", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("disk", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("fee", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("standard", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("high_performance", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("networking", amount, (c) => c.notNull().defaultTo(0))
      .addColumn("total", amount, (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("usage_records_account_at")
      .on("usage_records")
      .columns(["account_id", "at"])
      .execute();
  },
};

const m024_account_events: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("account_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("resource_type", "text")
      .addColumn("resource_id", "text")
      .addColumn("detail", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("account_events_account_at")
      .on("account_events")
      .columns(["account_id", "at"])
      .execute();
  },
};

const m025_availability_overrides: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("availability_overrides")
      .addColumn("scope", "text", (c) => c.primaryKey())
      .addColumn("level", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};

export const computeMigrations: Record<string, Migration> = {
  "020_network_volumes": m020_network_volumes,
  "021_pods": m021_pods,
  "022_clusters": m022_clusters,
  "023_usage_records": m023_usage_records,
  "024_account_events": m024_account_events,
  "025_availability_overrides": m025_availability_overrides,
};
