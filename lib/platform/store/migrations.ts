import type { Kysely, Migration } from "kysely";

// Dialect-neutral DDL only (the same statements run on SQLite and PostgreSQL). Append new
// migrations with the next number; never edit one that has shipped.
type Db = Kysely<unknown>;

const m001_accounts: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("balance", "double precision", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("api_keys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("prefix", "text", (c) => c.notNull())
      .addColumn("hash", "text", (c) => c.notNull().unique())
      .addColumn("permission", "text", (c) => c.notNull())
      .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("rate_limit_exempt", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_used_at", "bigint")
      .execute();
    await db.schema.createIndex("api_keys_account").on("api_keys").column("account_id").execute();
    await db.schema
      .createTable("platform_meta")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
};

export const migrations: Record<string, Migration> = {
  "001_accounts": m001_accounts,
};
