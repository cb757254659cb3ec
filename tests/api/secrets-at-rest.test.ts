import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RegistriesService } from "@/lib/platform/management/registries/registries.service";
import { PlatformError } from "@/lib/platform/http/problem";
import { SEALED_PREFIX } from "@/lib/platform/secrets";
import { describeEachBackend } from "./support/backends";
import { createEndpoint, workerEnvOf } from "./support/jobs";
import { startTestPlatform, type TestPlatform } from "./support/platform";

// Registry passwords are needed again only by the platform itself (image pulls), so they are
// stored sealed (AES-256-GCM, lib/platform/secrets.ts): nothing that reads the store — a copy of
// the SQLite file, a PostgreSQL dump, a state export — shows them.

const USER = "robot-user-name";

describeEachBackend("Secrets at rest", (backend) => {
  let tp: TestPlatform;
  let accountId: string;
  // Restarted platforms bootstrap no key: every request names the first start's.
  let key: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
    key = tp.key;
    const me = (await (await tp.request("/_platform/whoami")).json()) as {
      account: { id: string };
    };
    accountId = me.account.id;
  });
  afterAll(async () => tp?.close());

  const newPassword = () => `pw-${randomBytes(12).toString("hex")}`;

  async function createRegistry(password: string): Promise<string> {
    const res = await tp.request("/v2/registries", {
      method: "POST",
      json: { name: `reg-${randomBytes(4).toString("hex")}`, username: USER, password },
      auth: key,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  const registriesOf = (running: TestPlatform["running"]) => {
    const s = running.services;
    return new RegistriesService(s.store.db, s.clock, s.ids, s.secrets);
  };

  /** Every row of every table of the store, as text, read around the platform. */
  async function dumpStore(): Promise<string> {
    if (backend === "sqlite") {
      const file = tp.running.services.store.file!;
      const db = new Database(file, { readonly: true });
      try {
        const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
          name: string;
        }[];
        const rows = tables.map((t) =>
          JSON.stringify(db.prepare(`SELECT * FROM "${t.name}"`).all()),
        );
        // The raw bytes too: the database file and its write-ahead log, as a copy of the folder has them.
        const raw = [file, `${file}-wal`]
          .filter((f) => fs.existsSync(f))
          .map((f) => fs.readFileSync(f).toString("latin1"));
        return [...rows, ...raw].join("\n");
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: tp.config.databaseUrl });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      const out: string[] = [];
      for (const t of tables) {
        const { rows } = await client.query<{ row: string }>(
          `SELECT row_to_json(t)::text AS row FROM "${t.name}" t`,
        );
        out.push(...rows.map((r) => r.row));
      }
      return out.join("\n");
    } finally {
      await client.end();
    }
  }

  it("a registry password is nowhere in the store in plain text, only sealed", async () => {
    const password = newPassword();
    const id = await createRegistry(password);
    const dump = await dumpStore();
    expect(dump).toContain(id);
    expect(dump).not.toContain(password);
    const row = await tp.running.services.store.db
      .selectFrom("registries")
      .select(["username", "password"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.password.startsWith(`${SEALED_PREFIX}${tp.running.services.secrets.keyId}:`)).toBe(
      true,
    );
    expect(row.username).toBe(USER);
  });

  it("the platform reads the password back in clear where it needs it", async () => {
    const password = newPassword();
    const id = await createRegistry(password);
    expect(await registriesOf(tp.running).credentials(accountId, id)).toEqual({
      username: USER,
      password,
    });
  });

  it("a job's s3Config bucket secret is nowhere in the store in plain text; the worker's job-take gets it in clear", async () => {
    const ep = await createEndpoint(tp, { image: "acme/uploader:1" }, key);
    const s3Config = {
      accessId: "AKIA-TEST",
      accessSecret: `s3-${randomBytes(12).toString("hex")}`,
      bucketName: "outputs",
      endpointUrl: "http://127.0.0.1:9/",
    };
    const run = await tp.request(`/v2/${ep}/run`, {
      method: "POST",
      json: { input: { n: 1 }, s3Config },
      auth: key,
    });
    expect(run.status).toBe(200);
    const { id } = (await run.json()) as { id: string };
    expect(await dumpStore()).not.toContain(s3Config.accessSecret);
    const env = await workerEnvOf(tp, ep);
    const take = env.RUNPOD_WEBHOOK_GET_JOB!.replaceAll("$ID", env.RUNPOD_POD_ID!);
    const res = await fetch(`${take}&job_in_progress=0`, {
      headers: { Authorization: env.RUNPOD_AI_API_KEY! },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, s3Config });
  });

  it("a state export carries the sealed value only", async () => {
    const password = newPassword();
    await createRegistry(password);
    const res = await tp.request("/_platform/state/export", { auth: key });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(password);
    expect(text).toContain(SEALED_PREFIX);
  });

  it("the generated key is kept in the data folder, mode 0600, and survives a restart", async () => {
    const file = path.join(tp.config.dataDir, "secrets-key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = newPassword();
    const id = await createRegistry(password);
    tp = await tp.restart();
    expect(await registriesOf(tp.running).credentials(accountId, id)).toEqual({
      username: USER,
      password,
    });
  });

  it("plain-text rows from before encryption are sealed at start and still read", async () => {
    const password = newPassword();
    const id = `legacy${randomBytes(6).toString("hex")}`;
    await tp.running.services.store.db
      .insertInto("registries")
      .values({
        id,
        account_id: accountId,
        name: `legacy-${id}`,
        username: USER,
        password,
        created_at: Date.now(),
      })
      .execute();
    tp = await tp.restart();
    expect(await dumpStore()).not.toContain(password);
    expect(await registriesOf(tp.running).credentials(accountId, id)).toEqual({
      username: USER,
      password,
    });
  });

  it("an instance with another key starts and serves, and says why it cannot read a password", async () => {
    const password = newPassword();
    const id = await createRegistry(password);
    const other = await startTestPlatform({
      backend,
      reuse: { dataDir: tp.config.dataDir, databaseUrl: tp.config.databaseUrl, schema: undefined },
      env: { PLATFORM_SECRETS_KEY: randomBytes(32).toString("base64") },
    });
    try {
      const list = await other.request("/v2/registries", { auth: key });
      expect(list.status).toBe(200);
      expect(await list.text()).toContain(id);
      const err = await registriesOf(other.running)
        .credentials(accountId, id)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(PlatformError);
      expect((err as PlatformError).status).toBe(500);
      expect((err as PlatformError).detail).toMatch(
        /encrypted with secrets key \w+, but this instance's key is \w+: every instance sharing the database needs the same PLATFORM_SECRETS_KEY/,
      );
    } finally {
      await other.stop();
    }
  });
});
