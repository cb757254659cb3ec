import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { loadConfig } from "@/lib/platform/config";
import { startPlatform } from "@/lib/platform/server";

/**
 * Statements (and PostgreSQL round trips) the platform issues per job, counted on the driver:
 * N sequential /runsync and /run + /status round trips against warm built-in workers, on the
 * embedded store and, when a server answers, on PostgreSQL. Counts, not timings: load-independent.
 */
type Counter = { total: number; byKind: Map<string, number> };
const counter: Counter = { total: 0, byKind: new Map() };
function count(sql: string) {
  counter.total++;
  const kind = sql.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 70);
  counter.byKind.set(kind, (counter.byKind.get(kind) ?? 0) + 1);
}

// PostgreSQL: every query a client sends is one round trip.
const pgQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string };
  count(typeof q === "string" ? q : (q?.text ?? "?"));
  return pgQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

// SQLite: every statement execution (in-process, no round trip).
const probe = new Database(":memory:");
const StatementProto = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, unknown>;
probe.close();
for (const m of ["run", "get", "all", "iterate"]) {
  const orig = StatementProto[m] as (...a: unknown[]) => unknown;
  StatementProto[m] = function (this: { source: string }, ...args: unknown[]) {
    count(this.source);
    return orig.apply(this, args);
  };
}

async function measure(store: "sqlite" | "postgres", n: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-stmts-"));
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (store === "postgres") {
    schema = `bench_${Date.now()}`;
    const c = new pg.Client({
      connectionString: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    const u = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    u.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const key = "rpa_STMTS000000000000000000000000000000001";
  const platform = await startPlatform(
    loadConfig({
      PLATFORM_PORT: "0",
      PLATFORM_DATA_DIR: dataDir,
      PLATFORM_BOOTSTRAP_KEY: key,
      PLATFORM_LOG_LEVEL: "warn",
      PLATFORM_JOB_RATE_LIMITS: "off",
      PLATFORM_RATE_LIMITS: "100000000/1000000000/10000000000",
      PLATFORM_COLD_START_MS: "0/0/0",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  );
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const res = await fetch(`${platform.url}/v2/serverless`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "stmts",
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      workers: { min: 4, max: 4 },
    }),
  });
  const ep = ((await res.json()) as { id: string }).id;
  await new Promise((r) => setTimeout(r, 1500));
  for (let i = 0; i < 20; i++)
    await fetch(`${platform.url}/v2/${ep}/runsync`, {
      method: "POST",
      headers,
      body: '{"input":{}}',
    });
  await new Promise((r) => setTimeout(r, 500));
  const rows: string[] = [];
  for (const op of ["runsync", "run+status"] as const) {
    counter.total = 0;
    counter.byKind.clear();
    for (let i = 0; i < n; i++) {
      if (op === "runsync") {
        await fetch(`${platform.url}/v2/${ep}/runsync`, {
          method: "POST",
          headers,
          body: '{"input":{}}',
        });
      } else {
        const { id } = (await (
          await fetch(`${platform.url}/v2/${ep}/run`, {
            method: "POST",
            headers,
            body: '{"input":{}}',
          })
        ).json()) as { id: string };
        for (;;) {
          const s = (await (
            await fetch(`${platform.url}/v2/${ep}/status/${id}`, { headers })
          ).json()) as { status: string };
          if (s.status === "COMPLETED") break;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 300)); // batched timeline writes land
    const per = (counter.total / n).toFixed(1);
    const top = [...counter.byKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, v]) => `${k}: ${(v / n).toFixed(2)}`);
    rows.push(`${store} ${op}: ${per} statements per job\n  ${top.join("\n  ")}`);
  }
  await platform.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const c = new pg.Client({
      connectionString: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  }
  return rows;
}

for (const store of ["sqlite", "postgres"] as const)
  console.log((await measure(store, 200)).join("\n"));
