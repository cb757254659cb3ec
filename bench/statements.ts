import Database from "better-sqlite3";
import pg from "pg";
import { startPlatform } from "@/lib/platform/server";
import { benchPlatformConfig, postgresAnswers, type BenchStore } from "./store";

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

async function measure(store: BenchStore, n: number): Promise<string[]> {
  const key = "rpa_STMTS000000000000000000000000000000001";
  const { config, dispose } = await benchPlatformConfig(store, key);
  const platform = await startPlatform(config);
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const post = (path: string, body: string) =>
    fetch(`${platform.url}${path}`, { method: "POST", headers, body });
  const res = await post(
    "/v2/serverless",
    JSON.stringify({
      name: "stmts",
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      workers: { min: 4, max: 4 },
    }),
  );
  const ep = ((await res.json()) as { id: string }).id;
  await new Promise((r) => setTimeout(r, 1500)); // the four workers boot (cold start 0)
  for (let i = 0; i < 20; i++) await post(`/v2/${ep}/runsync`, '{"input":{}}');
  await new Promise((r) => setTimeout(r, 500)); // warm-up writes land before counting
  const rows: string[] = [];
  for (const op of ["runsync", "run+status", "runsync, 32 clients"] as const) {
    counter.total = 0;
    counter.byKind.clear();
    if (op === "runsync, 32 clients") {
      // Concurrent requests: what group commit and shared statements save shows here.
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          for (let i = 0; i < Math.ceil(n / 32); i++)
            await post(`/v2/${ep}/runsync`, '{"input":{}}');
        }),
      );
    }
    const jobs = op === "runsync, 32 clients" ? 32 * Math.ceil(n / 32) : n;
    for (let i = 0; i < n && op !== "runsync, 32 clients"; i++) {
      if (op === "runsync") {
        await post(`/v2/${ep}/runsync`, '{"input":{}}');
        continue;
      }
      const { id } = (await (await post(`/v2/${ep}/run`, '{"input":{}}')).json()) as {
        id: string;
      };
      for (;;) {
        const s = (await (
          await fetch(`${platform.url}/v2/${ep}/status/${id}`, { headers })
        ).json()) as { status: string };
        if (s.status === "COMPLETED") break;
      }
    }
    await new Promise((r) => setTimeout(r, 300)); // batched timeline writes land
    const top = [...counter.byKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([statement, v]) => ({ statement, perJob: Math.round((v / jobs) * 100) / 100 }));
    rows.push(
      JSON.stringify({ store, op, perJob: Math.round((counter.total / jobs) * 10) / 10, top }),
    );
  }
  await platform.close();
  await dispose();
  return rows;
}

// One JSON line per store and operation (bench/run.ts renders them); PostgreSQL when it answers.
const stores: BenchStore[] = ["sqlite"];
if (await postgresAnswers()) stores.push("postgres");
for (const store of stores) console.log((await measure(store, 200)).join("\n"));
