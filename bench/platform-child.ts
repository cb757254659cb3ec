import { sql } from "kysely";
import { applyHeapPolicy } from "@/lib/platform/heap";
import { startPlatform } from "@/lib/platform/server";
import { benchPlatformConfig } from "./store";

// The platform under test in its own process (the load generator must not share its event loop),
// compiled and run by plain node as `npm run platform` runs it (scripts/platform-bundle.mjs):
// a fresh store (BENCH_STORE=sqlite in a new folder, or postgres in a new schema of
// BENCH_DATABASE_URL), warn-level logs, job API rate limits off. BENCH_SEED_JOBS=N first fills the
// store with N retained (completed) jobs, written straight into the store, not through HTTP.
const store = process.env.BENCH_STORE === "postgres" ? "postgres" : "sqlite";
const seedJobs = Number(process.env.BENCH_SEED_JOBS ?? 0);
/** BENCH_SEED_METRICS=N: N ended jobs over the last 24 h in one endpoint's metrics rollups. */
const seedMetricsJobs = Number(process.env.BENCH_SEED_METRICS ?? 0);
const STATUS_JOBS = 1_000;
const key = "rpa_BENCH0000000000000000000000000000000001";
const { config, dispose } = await benchPlatformConfig(store, key);
applyHeapPolicy(config); // as `npm run platform -- serve` does
const platform = await startPlatform(config);
const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };

async function endpoint(
  name: string,
  image: string,
  workers: { min: number; max: number },
): Promise<string> {
  const res = await fetch(`${platform.url}/v2/serverless`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name,
      type: "QUEUE",
      image,
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      workers,
    }),
  });
  if (res.status !== 201)
    throw new Error(`endpoint create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** N completed jobs kept for their retention, on the endpoint under load, in one statement. */
async function seed(n: number, endpointId: string): Promise<number> {
  const who = (await (await fetch(`${platform.url}/_platform/whoami`, { headers })).json()) as {
    account: { id: string };
  };
  const now = Date.now();
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "");
  const columns = `id, account_id, endpoint_id, status, sync, input, ttl, low_priority, seq, created_at,
    queued_at, started_at, completed_at, worker_id, expires_at, delete_at, output`;
  const values = (i: string) => `'seed-' || ${i}, '${safe(who.account.id)}', '${safe(endpointId)}',
    'COMPLETED', 0, '{"seed":true}', 86400000, 0, ${now * 1000} + ${i}, ${now}, ${now}, ${now},
    ${now}, 'seed-worker', ${now + 86_400_000}, ${now + 1_800_000}, '"done"'`;
  const started = performance.now();
  const db = platform.services.store.db;
  await sql
    .raw(
      store === "postgres"
        ? `INSERT INTO jobs (${columns}) SELECT ${values("i")} FROM generate_series(1, ${n}) AS i`
        : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})
           INSERT INTO jobs (${columns}) SELECT ${values("i")} FROM s`,
    )
    .execute(db);
  if (store === "postgres") await sql.raw("ANALYZE jobs").execute(db);
  return Math.round(performance.now() - started);
}

/**
 * N jobs that ended over the last 24 h on one endpoint, fed to the metrics rollups the way ended
 * jobs are (outcomes 94 % completed, 3 % failed, 2 % cancelled, 1 % timed out; delay ~ exponential
 * around 400 ms, execution log-normal around 2 s), then written; answers the ms it took.
 */
async function seedMetrics(n: number, endpointId: string): Promise<number> {
  const started = performance.now();
  const metrics = platform.services.devtools.metrics;
  const now = Date.now();
  let x = 12345;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) + 0.5) / 2 ** 31;
  for (let i = 0; i < n; i++) {
    const r = rand();
    const outcome =
      r < 0.94 ? "COMPLETED" : r < 0.97 ? "FAILED" : r < 0.99 ? "CANCELLED" : "TIMED_OUT";
    const ran = outcome !== "CANCELLED";
    metrics.recordJob({
      endpointId,
      at: now - Math.floor((i / n) * 86_400_000),
      outcome,
      delayMs: ran ? Math.round(-400 * Math.log(rand())) : null,
      executionMs: ran ? Math.round(2000 * Math.exp((rand() - 0.5) * 2)) : null,
    });
  }
  await metrics.flush();
  return Math.round(performance.now() - started);
}

const queueOnly = await endpoint("bench-queue", "runpod/mock-worker:latest", { min: 0, max: 0 });
const draining = await endpoint("bench-drain", "runpod/mock-worker:latest", { min: 4, max: 4 });
const mock = await endpoint("bench-mock", "runpod/mock-worker:latest", { min: 32, max: 32 });
const external = await endpoint("bench-external", "bench/external:1", { min: 0, max: 0 });
const seedMs = seedJobs > 0 ? await seed(seedJobs, mock) : 0;
const metricsSeedMs = seedMetricsJobs > 0 ? await seedMetrics(seedMetricsJobs, mock) : 0;
await new Promise((r) => setTimeout(r, 1000)); // workers boot (cold start 0)
// The jobs the /status row polls: many clients, each polling its own job (one job polled by every
// connection would let reads of the same row share work no real load shares).
const jobIds: string[] = [];
for (let i = 0; i < STATUS_JOBS; i++) {
  const job = (await (
    await fetch(`${platform.url}/v2/${mock}/run`, { method: "POST", headers, body: '{"input":{}}' })
  ).json()) as { id: string };
  jobIds.push(job.id);
}

process.stdout.write(
  `${JSON.stringify({ url: platform.url, key, queueOnly, draining, mock, external, jobIds, pid: process.pid, store, seedJobs, seedMs, metricsSeedMs })}\n`,
);
process.on("SIGTERM", () => {
  void platform
    .close()
    .then(dispose)
    .then(() => process.exit(0));
});
