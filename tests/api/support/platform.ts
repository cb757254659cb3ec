import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Clock } from "@/lib/platform/clock";
import { loadConfig, type PlatformConfig } from "@/lib/platform/config";
import { startPlatform, type RunningPlatform } from "@/lib/platform/server";
import { TEST_DATABASE_URL, type Backend } from "./backends";

export interface TestPlatform {
  url: string;
  /** The first account's all-access key. */
  key: string;
  running: RunningPlatform;
  config: PlatformConfig;
  /** fetch relative to the platform with the key as Bearer unless `auth` says otherwise. */
  request(
    path: string,
    init?: RequestInit & { auth?: string | null; json?: unknown },
  ): Promise<Response>;
  /** Creates a second account and returns its key (for "other accounts answer 404"). */
  otherAccountKey(): Promise<string>;
  /** Stops the server but keeps the data (restart tests). */
  stop(): Promise<void>;
  restart(): Promise<TestPlatform>;
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  backend?: Backend;
  rateLimits?: string;
  clock?: Clock;
  env?: Record<string, string>;
  /** Reuse the storage of an earlier platform (restart). */
  reuse?: { dataDir: string; databaseUrl: string | undefined; schema: string | undefined };
}

export const newKey = () => `rpa_T${randomBytes(20).toString("hex").toUpperCase().slice(0, 39)}`;

/** A fresh PostgreSQL schema per platform so tests never see each other's rows. */
export async function freshSchema(): Promise<{ url: string; schema: string }> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return { url: withSearchPath(schema), schema };
}

export function withSearchPath(schema: string): string {
  const u = new URL(TEST_DATABASE_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const backend = options.backend ?? "sqlite";
  const key = newKey();
  let dataDir = options.reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hangar-test-"));
  let databaseUrl = options.reuse?.databaseUrl;
  let schema = options.reuse?.schema;
  if (backend === "postgres" && !options.reuse)
    ({ url: databaseUrl, schema } = await freshSchema());
  const config = loadConfig({
    PLATFORM_PORT: "0",
    PLATFORM_DATA_DIR: dataDir,
    PLATFORM_BOOTSTRAP_KEY: key,
    PLATFORM_RATE_LIMITS: options.rateLimits ?? "100000/1000000/10000000",
    PLATFORM_LOG_LEVEL: "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const running = await startPlatform(config, { clock: options.clock });
  // On reuse the bootstrap key is the earlier one: the caller keeps it.
  const theKey = running.bootstrapKey ?? key;
  let stopped = false;
  const tp: TestPlatform = {
    url: running.url,
    key: theKey,
    running,
    config,
    async request(p, init = {}) {
      const { auth, json, headers, ...rest } = init;
      const h = new Headers(headers);
      const k = auth === undefined ? theKey : auth;
      if (k !== null && !h.has("authorization")) h.set("Authorization", `Bearer ${k}`);
      let body = rest.body;
      if (json !== undefined) {
        body = JSON.stringify(json);
        h.set("Content-Type", "application/json");
      }
      return fetch(`${running.url}${p}`, { ...rest, headers: h, body });
    },
    async otherAccountKey() {
      const res = await tp.request("/_platform/accounts", {
        method: "POST",
        json: { name: `other-${randomBytes(3).toString("hex")}` },
      });
      if (res.status !== 201)
        throw new Error(`could not create another account: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { key: { key: string } }).key.key;
    },
    async stop() {
      if (!stopped) await running.close();
      stopped = true;
    },
    async restart() {
      await tp.stop();
      const again = await startTestPlatform({
        ...options,
        reuse: { dataDir, databaseUrl, schema },
      });
      return {
        ...again,
        key: theKey,
        request: (p, i = {}) =>
          again.request(p, { ...i, auth: i.auth === undefined ? theKey : i.auth }),
      };
    },
    async close() {
      await tp.stop();
      if (!options.reuse) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (schema) await dropSchema(schema);
      }
      dataDir = "";
    },
  };
  return tp;
}
