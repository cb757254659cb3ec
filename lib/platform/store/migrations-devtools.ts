import type { Kysely, Migration } from "kysely";

// Migrations 050–059: developer tools of the local platform (job timelines, webhook inbox).
// Dialect-neutral DDL only; append-only like migrations.ts.
type Db = Kysely<unknown>;

const m050_job_events: Migration = {
  async up(db: Db) {
    // No primary key: rows are appended in batches off the hot path and read by job or endpoint.
    await db.schema
      .createTable("job_events")
      .addColumn("job_id", "text")
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("worker_id", "text")
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("seq", "bigint", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("job_events_job").on("job_events").column("job_id").execute();
    await db.schema
      .createIndex("job_events_endpoint")
      .on("job_events")
      .columns(["endpoint_id", "at"])
      .execute();
  },
};

const m051_inbox_messages: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("inbox_messages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("content_type", "text")
      .addColumn("user_agent", "text")
      .addColumn("body", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("inbox_messages_account")
      .on("inbox_messages")
      .columns(["account_id", "at"])
      .execute();
  },
};

// Endpoint metrics (lib/platform/metrics): per-endpoint rollups of ended jobs and cold starts by
// slot, and worker/queue samples. Reads scan one endpoint's slots of a window through the primary
// key, never the jobs table, so their cost does not grow with the jobs retained.
const m052_endpoint_metrics: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("endpoint_metrics")
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("res", "integer", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("bin", "integer", (c) => c.notNull())
      .addColumn("count", "bigint", (c) => c.notNull())
      .addColumn("sum", "double precision", (c) => c.notNull())
      .addColumn("min", "double precision", (c) => c.notNull())
      .addColumn("max", "double precision", (c) => c.notNull())
      .addPrimaryKeyConstraint("endpoint_metrics_pk", ["endpoint_id", "res", "slot", "kind", "bin"])
      .execute();
    await db.schema
      .createTable("endpoint_samples")
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("res", "integer", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .addColumn("n", "bigint", (c) => c.notNull())
      .addColumn("running", "bigint", (c) => c.notNull())
      .addColumn("idle", "bigint", (c) => c.notNull())
      .addColumn("initializing", "bigint", (c) => c.notNull())
      .addColumn("throttled", "bigint", (c) => c.notNull())
      .addColumn("unhealthy", "bigint", (c) => c.notNull())
      .addColumn("in_queue", "bigint", (c) => c.notNull())
      .addColumn("in_progress", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("endpoint_samples_pk", ["endpoint_id", "res", "slot"])
      .execute();
  },
};

export const devtoolsMigrations: Record<string, Migration> = {
  "050_job_events": m050_job_events,
  "051_inbox_messages": m051_inbox_messages,
  "052_endpoint_metrics": m052_endpoint_metrics,
};
