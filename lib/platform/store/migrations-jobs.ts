import { sql, type Kysely, type Migration } from "kysely";

// Migrations 030–039: the job engine (jobs, stream chunks, workers, stop signals, webhooks, leases).
// Dialect-neutral DDL only; append-only like migrations.ts. No foreign keys to endpoints: deleting
// an endpoint cancels its jobs through the engine (events), and hot-path inserts stay cheap.
type Db = Kysely<unknown>;

const m030_jobs: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("sync", "integer", (c) => c.notNull())
      .addColumn("input", "text", (c) => c.notNull())
      .addColumn("webhook", "text")
      .addColumn("s3_config", "text")
      .addColumn("execution_timeout", "bigint")
      .addColumn("ttl", "bigint", (c) => c.notNull())
      .addColumn("low_priority", "integer", (c) => c.notNull())
      .addColumn("seq", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("queued_at", "bigint", (c) => c.notNull())
      .addColumn("started_at", "bigint")
      .addColumn("completed_at", "bigint")
      .addColumn("worker_id", "text")
      .addColumn("timeout_at", "bigint")
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("delete_at", "bigint", (c) => c.notNull())
      .addColumn("result_ttl", "bigint")
      .addColumn("output", "text")
      .addColumn("error", "text")
      .addColumn("retries", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("losses", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("stream_seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("streamed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("stream_final_sent", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    // Claims walk (endpoint, status) in queue order; counts for /health use the same index.
    await db.schema
      .createIndex("jobs_queue")
      .on("jobs")
      .columns(["endpoint_id", "status", "seq"])
      .execute();
    await db.schema.createIndex("jobs_delete_at").on("jobs").column("delete_at").execute();
    await db.schema.createIndex("jobs_timeout_at").on("jobs").column("timeout_at").execute();
    await db.schema.createIndex("jobs_worker").on("jobs").column("worker_id").execute();
    await db.schema
      .createIndex("jobs_recent")
      .on("jobs")
      .columns(["endpoint_id", "created_at"])
      .execute();
    await db.schema
      .createTable("job_chunks")
      .addColumn("job_id", "text", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("output", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("job_chunks_pk", ["job_id", "seq"])
      .execute();
  },
};

const m031_workers: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("workers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("pool", "text")
      .addColumn("gpu_type_id", "text")
      .addColumn("data_center_id", "text")
      .addColumn("gpu_count", "integer", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("owner_instance", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("ready_at", "bigint")
      .addColumn("idle_since", "bigint")
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .addColumn("billed_until", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("workers_endpoint").on("workers").column("endpoint_id").execute();
    await db.schema
      .createTable("worker_signals")
      .addColumn("worker_id", "text", (c) => c.notNull())
      .addColumn("job_id", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("worker_signals_pk", ["worker_id", "job_id"])
      .execute();
  },
};

const m032_webhooks: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("webhook_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("job_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull())
      .addColumn("next_attempt_at", "bigint")
      .addColumn("lease_until", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_due")
      .on("webhook_deliveries")
      .column("next_attempt_at")
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_account")
      .on("webhook_deliveries")
      .columns(["account_id", "created_at"])
      .execute();
    await db.schema
      .createTable("webhook_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("delivery_id", "text", (c) => c.notNull())
      .addColumn("attempt", "integer", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("status_code", "integer")
      .addColumn("error", "text")
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhook_attempts_delivery")
      .on("webhook_attempts")
      .column("delivery_id")
      .execute();
  },
};

const m033_leases: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("leases")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("until", "bigint", (c) => c.notNull())
      .execute();
  },
};

// Numbered after the newest shipped migration (Kysely refuses one inserted before applied ones).
// A worker that uses the job-stop channel keeps long-polling while it lives; `polled_at` is its last
// poll or post (null for workers that never used the channel: their heartbeat alone counts).
const m061_worker_polls: Migration = {
  async up(db: Db) {
    await db.schema.alterTable("workers").addColumn("polled_at", "bigint").execute();
  },
};

// The scaler asks every second which endpoints have queued or running jobs. Without an index of
// those alone, the answer read every retained job (a million retained jobs: ~60 ms of a core per
// poll on either store). This index holds only live jobs, so it stays as small as the queue. Its
// predicate is a CASE that no other query implies: with `WHERE status IN (…)`, PostgreSQL also
// offered it to every `status = 'IN_QUEUE'` query, and on statistics taken before a burst of
// submissions (it believed the index empty) chose it over the primary key: each claim then read
// the whole queue (90,000 queued jobs: 520 ms a claim). Only a query that spells the same CASE
// (JobsReads.activeEndpointIds) can use it.
export const ACTIVE_JOB_PREDICATE =
  "(CASE WHEN status IN ('IN_QUEUE', 'IN_PROGRESS') THEN 1 END) = 1";
const m062_jobs_active: Migration = {
  async up(db: Db) {
    await db.schema
      .createIndex("jobs_active")
      .on("jobs")
      .column("endpoint_id")
      .where(sql.raw<boolean>(ACTIVE_JOB_PREDICATE))
      .execute();
  },
};

export const jobMigrations: Record<string, Migration> = {
  "030_jobs": m030_jobs,
  "031_workers": m031_workers,
  "032_webhooks": m032_webhooks,
  "033_leases": m033_leases,
  "061_worker_polls": m061_worker_polls,
  "062_jobs_active": m062_jobs_active,
};
