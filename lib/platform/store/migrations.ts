import type { Kysely, Migration } from "kysely";
import { computeMigrations } from "./migrations-compute";
import { devtoolsMigrations } from "./migrations-devtools";
import { jobMigrations } from "./migrations-jobs";

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
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
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

// 010–019: serverless endpoints and their releases, templates, registry credentials, SSH keys.
const m010_endpoints: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("endpoints")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("template_id", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("endpoints_account").on("endpoints").column("account_id").execute();
    await db.schema
      .createIndex("endpoints_template")
      .on("endpoints")
      .column("template_id")
      .execute();
  },
};

const m011_endpoint_releases: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("endpoint_releases")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("endpoint_id", "text", (c) =>
        c.notNull().references("endpoints.id").onDelete("cascade"),
      )
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("diff", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("endpoint_releases_version", ["endpoint_id", "version"])
      .execute();
  },
};

const m012_templates: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("templates")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("serverless", "integer", (c) => c.notNull())
      .addColumn("public", "integer", (c) => c.notNull())
      .addColumn("registry_id", "text")
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("templates_account").on("templates").column("account_id").execute();
    await db.schema.createIndex("templates_public").on("templates").column("public").execute();
  },
};

const m013_registries: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("registries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("password", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("registries_account_name", ["account_id", "name"])
      .execute();
  },
};

const m014_account_ssh_keys: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("account_ssh_keys")
      .addColumn("account_id", "text", (c) =>
        c.primaryKey().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("keys", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};

// Added after 033: a new migration must sort after every shipped one, whatever its family.
const m040_ecr_delegations: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable("ecr_delegations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text")
      .addColumn("resource", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("ecr_delegations_account_resource", ["account_id", "resource"])
      .execute();
  },
};

// The operator credential: a key flag, not a permission, so no account key can grow into it.
// On a store made before it, the bootstrap key (the first account's first key) becomes the operator.
const m060_api_key_operator: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable("api_keys")
      .addColumn("operator", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    const d = db as unknown as Kysely<{
      accounts: { id: string; created_at: number };
      api_keys: { id: string; account_id: string; created_at: number; operator: number };
    }>;
    const first = await d
      .selectFrom("accounts")
      .select("id")
      .orderBy("created_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!first) return;
    const key = await d
      .selectFrom("api_keys")
      .select("id")
      .where("account_id", "=", first.id)
      .orderBy("created_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (key)
      await d.updateTable("api_keys").set({ operator: 1 }).where("id", "=", key.id).execute();
  },
};

export const migrations: Record<string, Migration> = {
  "001_accounts": m001_accounts,
  ...computeMigrations, // 020–029
  ...jobMigrations, // 030–039
  ...devtoolsMigrations, // 050–059
  "010_endpoints": m010_endpoints,
  "011_endpoint_releases": m011_endpoint_releases,
  "012_templates": m012_templates,
  "013_registries": m013_registries,
  "014_account_ssh_keys": m014_account_ssh_keys,
  "040_ecr_delegations": m040_ecr_delegations,
  "060_api_key_operator": m060_api_key_operator,
};
