import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { request } from "undici";
import { startWorker } from "@/lib/worker";
import { bundlePlatform } from "@/scripts/platform-bundle.mjs";
import { rawRequest } from "@/tests/api/support/raw-http";
import {
  ACCELERATED_PLAN,
  ACCELERATION_GOAL,
  acceleratedLoadTest,
  type AcceleratedRun,
} from "./accelerated";

// `npm run bench`: the job API on the embedded store and on PostgreSQL (when a server answers at
// BENCH_DATABASE_URL), each empty and with a million retained jobs, against a bare node:http server,
// measured in the same run on the same machine; plus dispatch latency, peak RSS and statements per
// job, the endpoint metrics aggregation over a million jobs, and the console's load test of an hour
// of traffic on the accelerated clock. BENCH_DURATION / BENCH_WARMUP (s), BENCH_CONNECTIONS and
// BENCH_RETAINED_JOBS tune it; BENCH_ONLY=metrics runs the metrics part alone (and rewrites its
// section), BENCH_ONLY=accelerated the accelerated load test alone (printed only), BENCH_ONLY=status, run or
// runsync that empty-store row alone (printed only, with CPU per request; see rowOnly),
// BENCH_ONLY=dispatch the dispatch latencies alone on an idle empty store (printed only).

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DISPATCH_SAMPLES = Number(process.env.BENCH_DISPATCH_SAMPLES ?? 400);
/** Jobs kept in the store for the "at scale" rows (BENCH_RETAINED_JOBS). */
const RETAINED = Number(process.env.BENCH_RETAINED_JOBS ?? 1_000_000);

interface PlatformInfo {
  url: string;
  key: string;
  queueOnly: string;
  draining: string;
  mock: string;
  external: string;
  jobIds: string[];
}

async function child<T>(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ proc: ChildProcess; info: T }> {
  // The platform child runs compiled, as `npm run platform` runs the platform; the others under tsx.
  const entry =
    script === "platform-child.ts"
      ? [await bundlePlatform("bench/platform-child.ts")]
      : ["--import", "tsx", path.join(here, script)];
  const proc = spawn(process.execPath, [...nodeArgs, "--enable-source-maps", ...entry], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, PLATFORM_LOG_LEVEL: "warn", ...env },
  });
  return new Promise((resolve, reject) => {
    let buf = "";
    proc.stdout!.on("data", (d: Buffer) => {
      buf += d.toString();
      const nl = buf.indexOf("\n");
      if (nl >= 0) resolve({ proc, info: JSON.parse(buf.slice(0, nl)) as T });
    });
    proc.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  target?: string;
  ok?: boolean;
  /** Rows at scale: the median req/s of an empty store measured alongside (interleaved windows). */
  emptyRps?: number;
}

/** The /status load: each request polls one of the child's jobs, chosen at random. */
function statusLoad(p: PlatformInfo, headers: Record<string, string>) {
  const paths = p.jobIds.map((id) => `/v2/${p.mock}/status/${id}`);
  return {
    url: p.url,
    headers,
    requests: [
      {
        method: "GET" as const,
        setupRequest: (req: { path?: string }) => ({
          ...req,
          path: paths[Math.floor(Math.random() * paths.length)],
        }),
      },
    ],
  };
}

async function load(
  name: string,
  opts: Parameters<typeof autocannon>[0],
  target?: { rps?: number; p99?: number },
): Promise<Row> {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: WARMUP });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  const row: Row = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
  if (target) {
    row.target = [
      target.rps ? `≥ ${target.rps} req/s` : "",
      target.p99 ? `p99 ≤ ${target.p99} ms` : "",
    ]
      .filter(Boolean)
      .join(", ");
    row.ok =
      (!target.rps || row.rps >= target.rps) &&
      (!target.p99 || row.p99 <= target.p99) &&
      row.errors === 0;
  }
  process.stdout.write(
    `  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}\n`,
  );
  return row;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** The job API loads the rows run, against one platform child: names and autocannon options. */
function jobRequests(p: PlatformInfo) {
  const auth = { Authorization: `Bearer ${p.key}` };
  const json = { ...auth, "Content-Type": "application/json" };
  const post = (endpoint: string, op: string, body: string) => ({
    url: `${p.url}/v2/${endpoint}/${op}`,
    method: "POST" as const,
    headers: json,
    body,
  });
  return {
    status: { name: "GET /status/{id}", opts: statusLoad(p, auth) },
    run: {
      name: "POST /run (enqueue; no workers)",
      opts: post(p.queueOnly, "run", '{"input":{"prompt":"x"}}'),
    },
    drain: {
      name: "POST /run (4 mock workers draining the queue)",
      opts: post(p.draining, "run", '{"input":{"prompt":"x"}}'),
    },
    runsync: {
      name: "POST /runsync round trip (mock image, 32 warm workers)",
      opts: post(p.mock, "runsync", '{"input":{"mock_return":"x"}}'),
    },
  };
}

/** The stores BENCH_STORES names (both by default), PostgreSQL only when a server answers. */
async function selectedStores(): Promise<StoreRun["store"][]> {
  const only = process.env.BENCH_STORES?.split(",");
  const stores: StoreRun["store"][] = [];
  if (!only || only.includes("sqlite")) stores.push("sqlite");
  if ((!only || only.includes("postgres")) && (await postgresAnswers())) stores.push("postgres");
  return stores;
}

async function dispatchLatency(p: PlatformInfo) {
  const headers = { Authorization: `Bearer ${p.key}`, "Content-Type": "application/json" };
  // A lean client (undici's request; the loads use autocannon's own): the global fetch adds
  // 0.1–0.3 ms of its own to each request on this kind of machine, the client's time, not the
  // platform's.
  const call = async <T>(url: string, body?: string): Promise<T> => {
    const res = await request(url, { method: body ? "POST" : "GET", headers, body });
    return (await res.body.json()) as T;
  };
  // Built-in worker: platform-measured delayTime (queue → worker) and the client's round trip.
  const builtinDelay: number[] = [];
  const builtinRtt: number[] = [];
  for (let i = 0; i < DISPATCH_SAMPLES; i++) {
    const t0 = performance.now();
    const r = await call<{ delayTime: number }>(`${p.url}/v2/${p.mock}/runsync`, '{"input":{}}');
    builtinRtt.push(performance.now() - t0);
    builtinDelay.push(r.delayTime);
  }
  // External worker (lib/worker, long-polling job-take): submit → handler start, seen by the client.
  const { env } = await call<{ env: Record<string, string> }>(
    `${p.url}/_platform/endpoints/${p.external}/worker-env`,
  );
  const started = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  // Two workers, so one is always holding a job-take when the next job is submitted.
  const handler = async (job: { input: unknown }) => {
    started.set((job.input as { tag: string }).tag, performance.now());
    waiting.get((job.input as { tag: string }).tag)?.();
    return "ok";
  };
  const workers = [
    startWorker({ env, handler }),
    startWorker({ env: { ...env, RUNPOD_POD_ID: `${env.RUNPOD_POD_ID}-b` }, handler }),
  ];
  await new Promise((r) => setTimeout(r, 300));
  const externalDispatch: number[] = [];
  const externalDelay: number[] = [];
  for (let i = 0; i < DISPATCH_SAMPLES; i++) {
    const tag = `t${i}`;
    const ran = new Promise<void>((r) => waiting.set(tag, r));
    const t0 = performance.now();
    const { id } = await call<{ id: string }>(
      `${p.url}/v2/${p.external}/run`,
      JSON.stringify({ input: { tag } }),
    );
    await ran;
    externalDispatch.push(started.get(tag)! - t0);
    const s = await call<{ delayTime: number }>(
      `${p.url}/v2/${p.external}/status-sync/${id}?wait=5000`,
    );
    externalDelay.push(s.delayTime);
  }
  await Promise.all(workers.map((w) => w.stop()));
  return { builtinDelay, builtinRtt, externalDispatch, externalDelay };
}

interface Cleanup {
  deleted: number;
  seconds: number;
  perSecond: number;
  arrivals: number;
  arrivalsP99: number;
}

interface StoreRun {
  store: "sqlite" | "postgres";
  rows: Row[];
  dispatch: { name: string; p50: number; p99: number; target?: number }[];
  retained: Row[];
  cleanup: Cleanup;
  seedMs: number;
  rssMb: number;
  metrics: MetricsRead[];
}

/** One window of `GET /_platform/endpoints/{id}/metrics`, read sequentially (client round trip). */
interface MetricsRead {
  store: "sqlite" | "postgres";
  window: string;
  jobs: number;
  seedMs: number;
  p50: number;
  p99: number;
}

const METRICS_READS = Number(process.env.BENCH_METRICS_READS ?? 50);

/** Reads the seeded endpoint's metrics over several windows, sequentially, after a warm-up. */
async function metricsReads(
  store: MetricsRead["store"],
  p: PlatformInfo & { metricsSeedMs: number },
): Promise<MetricsRead[]> {
  const headers = { Authorization: `Bearer ${p.key}` };
  const out: MetricsRead[] = [];
  for (const window of ["24h", "7d", "1h"]) {
    const url = `${p.url}/_platform/endpoints/${p.mock}/metrics?window=${window}`;
    const times: number[] = [];
    let jobs = 0;
    for (let i = 0; i < METRICS_READS + 5; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as {
        buckets: { requests: Record<string, number> }[];
      };
      if (res.status !== 200)
        throw new Error(`metrics read: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 5) times.push(performance.now() - t0);
      jobs = body.buckets.reduce(
        (s, b) => s + Object.values(b.requests).reduce((a, n) => a + n, 0),
        0,
      );
    }
    const read = {
      store,
      window,
      jobs,
      seedMs: p.metricsSeedMs,
      p50: pct(times, 50),
      p99: pct(times, 99),
    };
    process.stdout.write(
      `  metrics ${window}: ${jobs.toLocaleString("en")} jobs in the window, p50 ${read.p50.toFixed(1)} ms, p99 ${read.p99.toFixed(1)} ms\n`,
    );
    out.push(read);
  }
  return out;
}

const METRICS_HEADING = "### Endpoint metrics aggregation";

function metricsSection(reads: MetricsRead[]): string {
  const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
  return [
    `${METRICS_HEADING} (\`GET /_platform/endpoints/{id}/metrics\`, ${RETAINED.toLocaleString("en")} retained jobs)`,
    "",
    `The store holds ${RETAINED.toLocaleString("en")} retained jobs and the endpoint's rollups hold as many ended jobs spread over the last 24 h (fed through the platform's recorder, then written); ${METRICS_READS} sequential reads per window after 5 warm-up reads, HTTP round trip measured by the client. The 24 h and 7 d windows count the same jobs.`,
    "",
    "| store | window | jobs in the window | rollups written in | read p50 ms | read p99 ms | goal | met |",
    "|---|---|---:|---:|---:|---:|---|---|",
    ...reads.map(
      (r) =>
        `| ${r.store} | ${r.window} | ${r.jobs.toLocaleString("en")} | ${r.seedMs} ms | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.window === "24h" ? "p99 ≤ 50 ms" : ""} | ${r.window === "24h" ? (r.p99 <= 50 ? "yes" : "**no**") : ""} |`,
    ),
  ].join("\n");
}

/**
 * BENCH_ONLY=metrics: only the metrics aggregation, on each store with a million retained jobs;
 * its section of bench/results.md is replaced (or added) and the rest of the file kept.
 */
async function metricsOnly(): Promise<void> {
  const reads: MetricsRead[] = [];
  const stores: MetricsRead["store"][] = ["sqlite"];
  if (await postgresAnswers()) stores.push("postgres");
  else process.stdout.write("PostgreSQL: no server answers at BENCH_DATABASE_URL; skipped\n");
  for (const store of stores) {
    process.stdout.write(`[${store}] ${RETAINED.toLocaleString("en")} retained jobs + metrics\n`);
    const seeded = await child<PlatformInfo & { seedMs: number; metricsSeedMs: number }>(
      "platform-child.ts",
      {
        BENCH_STORE: store,
        BENCH_SEED_JOBS: String(RETAINED),
        BENCH_SEED_METRICS: String(RETAINED),
      },
    );
    try {
      reads.push(...(await metricsReads(store, seeded.info)));
    } finally {
      await stop(seeded.proc);
    }
  }
  const section = metricsSection(reads);
  const file = path.join(here, "results.md");
  const md = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Bench results\n";
  const at = md.indexOf(METRICS_HEADING);
  let next: string;
  if (at >= 0) {
    const after = md.slice(at + METRICS_HEADING.length);
    const endRel = [after.indexOf("\n### "), after.indexOf("\nNotes:")].filter((i) => i >= 0);
    const end = endRel.length ? at + METRICS_HEADING.length + Math.min(...endRel) : md.length;
    next = `${md.slice(0, at)}${section}\n${md.slice(end)}`;
  } else {
    const notes = md.indexOf("\nNotes:");
    next =
      notes >= 0
        ? `${md.slice(0, notes)}\n${section}\n${md.slice(notes)}`
        : `${md.trimEnd()}\n\n${section}\n`;
  }
  fs.writeFileSync(file, next);
  process.stdout.write(`\n${section}\n\nbench/results.md: this section updated, the rest kept\n`);
}

/** Retention cleanup must keep up with jobs arriving at this rate (the issue's goal). */
const ARRIVALS_PER_SECOND = 1000;

/**
 * Retention cleanup at scale: every retained job falls due at once (the clock jumps past their
 * retention) while `/run` keeps arriving at 1,000/s; the cleanup rate is the retained jobs deleted
 * per second until none is left.
 */
async function retentionCleanup(p: PlatformInfo): Promise<Cleanup> {
  const json = { Authorization: `Bearer ${p.key}`, "Content-Type": "application/json" };
  const completed = async () =>
    (
      (await (await fetch(`${p.url}/v2/${p.mock}/health`, { headers: json })).json()) as {
        jobs: { completed: number };
      }
    ).jobs.completed;
  const deleted = await completed();
  const arrivals = autocannon({
    url: `${p.url}/v2/${p.queueOnly}/run`,
    method: "POST",
    headers: json,
    body: '{"input":{"prompt":"x"}}',
    connections: 8,
    overallRate: ARRIVALS_PER_SECOND,
    duration: 600,
  });
  const started = performance.now();
  // Seeded and benched jobs are kept at most 30 min: jump past that (manual clock, now + 31 min).
  // The clock answers once the jobs it made due are gone, which on a busy machine can outlast
  // fetch's 300 s wait for response headers: node:http waits as long as it takes.
  const clock = await rawRequest(p.url, "POST", "/_platform/clock", {
    key: p.key,
    body: JSON.stringify({ mode: "manual", at: Date.now() + 31 * 60_000 }),
    timeoutMs: 0,
  });
  if (clock.status !== 200) throw new Error(`clock: ${clock.status} ${clock.text}`);
  while ((await completed()) > 0) await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - started) / 1000;
  arrivals.stop();
  const r = await arrivals;
  const cleanup = {
    deleted,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(deleted / seconds),
    arrivals: Math.round(r.requests.average),
    arrivalsP99: r.latency.p99,
  };
  process.stdout.write(
    `  retention cleanup: ${deleted} jobs in ${cleanup.seconds} s (${cleanup.perSecond}/s) while /run arrived at ${cleanup.arrivals}/s (p99 ${cleanup.arrivalsP99} ms)\n`,
  );
  return cleanup;
}

/** Goals of the job engine per store (the issue's table), as `load` targets. */
const GOALS = {
  sqlite: { status: 20_000, run: 10_000, runsync: 5_000, p99: 30 },
  postgres: { status: 10_000, run: 5_000, runsync: 2_000, p99: 50 },
} as const;

/** Peak resident memory of a process while `during` runs, read from /proc (MB). */
async function peakRss<T>(
  pid: number,
  during: () => Promise<T>,
): Promise<{ value: T; mb: number }> {
  let peak = 0;
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      // not Linux, or the process is gone
    }
  };
  const timer = setInterval(read, 250);
  try {
    const value = await during();
    read();
    return { value, mb: Math.round(peak) };
  } finally {
    clearInterval(timer);
  }
}

/** Waits until an endpoint has no job queued or running (its backlog is done). */
async function drained(p: PlatformInfo, endpoint: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const h = (await (
      await fetch(`${p.url}/v2/${endpoint}/health`, {
        headers: { Authorization: `Bearer ${p.key}` },
      })
    ).json()) as { jobs: { inQueue: number; inProgress: number } };
    if (h.jobs.inQueue + h.jobs.inProgress === 0) break;
    if (performance.now() - started > 180_000) {
      process.stdout.write(`  (backlog not drained after 180 s: ${JSON.stringify(h.jobs)})\n`);
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  process.stdout.write(
    `  (waited ${((performance.now() - started) / 1000).toFixed(1)} s for the drained queue's backlog)\n`,
  );
}

async function jobLoads(p: PlatformInfo, goals: (typeof GOALS)[keyof typeof GOALS]) {
  const r = jobRequests(p);
  const rows: Row[] = [];
  rows.push(await load(r.status.name, r.status.opts, { rps: goals.status, p99: goals.p99 }));
  rows.push(await load(r.run.name, r.run.opts, { rps: goals.run, p99: goals.p99 }));
  rows.push(await load(r.drain.name, r.drain.opts));
  // That load leaves tens of thousands of jobs queued for the four workers; the next row must not
  // share the cores with their draining (it made the empty store's /runsync read lower than the
  // 1M-job one, which has no draining row).
  await drained(p, p.draining);
  rows.push(await load(r.runsync.name, r.runsync.opts, { rps: goals.runsync, p99: goals.p99 }));
  return rows;
}

/** Windows per store in the at-scale comparison (BENCH_PAIRS), each DURATION / 2 s after a warm-up. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

/**
 * The at-scale rows against an empty store measured in turns with them: the empty store, then
 * the store at scale, PAIRS times for each row, the median window of each. Measured minutes apart
 * (the empty store's rows come first), the comparison moved with whatever else the machine did in
 * between (±10 % between two runs of the same row); in turns, both sides see the same machine.
 */
async function pairedLoads(scaled: PlatformInfo, empty: PlatformInfo): Promise<Row[]> {
  const pick = (p: PlatformInfo) => {
    const r = jobRequests(p);
    return [r.status, r.run, r.runsync];
  };
  const mine = pick(scaled);
  const theirs = pick(empty);
  const median = <T>(xs: T[], by: (x: T) => number) =>
    [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;
  const rows: Row[] = [];
  for (let i = 0; i < mine.length; i++) {
    const { name, opts } = mine[i]!;
    const other = theirs[i]!.opts;
    for (const o of [opts, other])
      await autocannon({ ...o, connections: CONNECTIONS, duration: WARMUP });
    const at: Awaited<ReturnType<typeof autocannon>>[] = [];
    const bare: typeof at = [];
    for (let k = 0; k < PAIRS; k++) {
      const window = { connections: CONNECTIONS, duration: DURATION / 2 };
      bare.push(await autocannon({ ...other, ...window }));
      at.push(await autocannon({ ...opts, ...window }));
    }
    const r = median(at, (x) => x.requests.average);
    const e = median(bare, (x) => x.requests.average);
    const row: Row = {
      name,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: at.reduce((n, x) => n + x.errors + x.timeouts + x.non2xx, 0),
      emptyRps: Math.round(e.requests.average),
    };
    process.stdout.write(
      `  ${name}: ${row.rps} req/s (empty store alongside: ${row.emptyRps}), p99 ${row.p99} ms, errors ${row.errors}\n`,
    );
    rows.push(row);
  }
  return rows;
}

async function benchStore(store: StoreRun["store"]): Promise<StoreRun> {
  const goals = GOALS[store];
  process.stdout.write(`\n[${store}] empty store\n`);
  const platform = await child<PlatformInfo & { seedMs: number }>("platform-child.ts", {
    BENCH_STORE: store,
  });
  let rows: Row[];
  let rssMb: number;
  let dispatch: StoreRun["dispatch"];
  try {
    const measured = await peakRss(platform.proc.pid!, () => jobLoads(platform.info, goals));
    rows = measured.value;
    rssMb = measured.mb;
    process.stdout.write(`  peak RSS under load: ${rssMb} MB\n  dispatch latency…\n`);
    const d = await dispatchLatency(platform.info);
    dispatch = [
      {
        name: "built-in worker: delayTime (platform, ms)",
        p50: pct(d.builtinDelay, 50),
        p99: pct(d.builtinDelay, 99),
        target: 2,
      },
      {
        name: "built-in worker: /runsync round trip (client)",
        p50: pct(d.builtinRtt, 50),
        p99: pct(d.builtinRtt, 99),
      },
      {
        name: "external worker (lib/worker): /run sent → handler starts (client)",
        p50: pct(d.externalDispatch, 50),
        p99: pct(d.externalDispatch, 99),
        target: 2,
      },
      {
        name: "external worker: delayTime (platform, ms)",
        p50: pct(d.externalDelay, 50),
        p99: pct(d.externalDelay, 99),
      },
    ];
  } finally {
    await stop(platform.proc);
  }
  process.stdout.write(`[${store}] ${RETAINED.toLocaleString("en")} retained jobs\n`);
  const seeded = await child<PlatformInfo & { seedMs: number; metricsSeedMs: number }>(
    "platform-child.ts",
    {
      BENCH_STORE: store,
      BENCH_SEED_JOBS: String(RETAINED),
      BENCH_SEED_METRICS: String(RETAINED),
    },
  );
  let retained: Row[];
  let metrics: MetricsRead[];
  let cleanup: Cleanup;
  try {
    process.stdout.write(`  seeded in ${seeded.info.seedMs} ms\n`);
    // The empty store it is compared with runs beside it, measured in turns with it.
    const empty = await child<PlatformInfo>("platform-child.ts", { BENCH_STORE: store });
    try {
      retained = await pairedLoads(seeded.info, empty.info);
    } finally {
      await stop(empty.proc);
    }
    metrics = await metricsReads(store, seeded.info);
    cleanup = await retentionCleanup(seeded.info);
  } finally {
    await stop(seeded.proc);
  }
  return { store, rows, dispatch, retained, cleanup, seedMs: seeded.info.seedMs, rssMb, metrics };
}

function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    connectionTimeoutMillis: 2000,
  });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** bench/statements.ts in its own process: statements per job on each store, as JSON lines. */
function statementCounts(): Promise<
  { store: string; op: string; perJob: number; top: { statement: string; perJob: number }[] }[]
> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", path.join(here, "statements.ts")], {
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, PLATFORM_LOG_LEVEL: "silent" },
    });
    let out = "";
    proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    proc.on("exit", (code) =>
      code === 0
        ? resolve(
            out
              .split("\n")
              .filter((l) => l.startsWith('{"store"'))
              .map((l) => JSON.parse(l)),
          )
        : reject(new Error(`statements.ts exited with ${code}`)),
    );
  });
}

/** The console's load test of an hour of traffic on the accelerated clock (embedded store). */
async function accelerated(): Promise<AcceleratedRun> {
  process.stdout.write("\nload test on the accelerated clock (1 h of traffic)…\n");
  const p = await child<PlatformInfo>("platform-child.ts", { BENCH_STORE: "sqlite" });
  try {
    const r = await acceleratedLoadTest(p.info.url, p.info.key);
    process.stdout.write(
      `  ${r.loadMs / 1000} s of load in ${(r.wallMs / 1000).toFixed(1)} s wall: ${r.factor}× (steps of ${r.stepMs / 1000} s), ${r.completed}/${r.sent} completed, peak workers ${r.peakWorkers}\n`,
    );
    return r;
  } finally {
    await stop(p.proc);
  }
}

function acceleratedSection(r: AcceleratedRun): string {
  const plan = ACCELERATED_PLAN;
  return [
    "### Load test on the accelerated clock (console runner, embedded store)",
    "",
    `${plan.requests.toLocaleString("en")} requests at ${plan.rate}/s (${plan.mockDelayS} s of work each, max ${plan.maxWorkers} workers from 0), run by \`lib/loadtest/runner.ts\` as the console runs it: **${(r.loadMs / 60_000).toFixed(1)} min of load in ${(r.wallMs / 1000).toFixed(1)} s = ${r.factor}×** (steps of ${r.stepMs / 1000} s of load time; goal: an hour in a minute, ≥ ${ACCELERATION_GOAL}×: ${r.factor >= ACCELERATION_GOAL ? "yes" : "**no**"}); ${r.completed}/${r.sent} completed, peak ${r.peakWorkers} workers.`,
  ].join("\n");
}

/** The same counts before the engine's rework, for comparison (commits named; counted the same way). */
const STATEMENTS_BEFORE = [
  "Before: a `/runsync` cost 12.7 round trips on PostgreSQL when first counted (d96db3a, 2026-11-25),",
  "4.5 in the first full bench (0f60fc2: a claim statement per job, `run+status` 7.5 with 2.8 reads",
  "of the whole row per job), and 14.2 statements on SQLite (3 queue probes per job).",
].join("\n");

/** User + system CPU time of a process so far (Linux /proc), in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

/** The rows BENCH_ONLY can run alone: the empty store's `/status`, `/run` (no workers) or `/runsync`. */
type OnlyRow = "status" | "run" | "runsync";

/**
 * BENCH_ONLY=status|run|runsync: that empty-store row alone on each store (BENCH_STORES narrows it),
 * with the platform's CPU time per request; `runsync` then prints statements per job. Printed only,
 * for quick A/B runs. BENCH_CPU_PROF=dir writes a CPU profile of the platform process there.
 */
async function rowOnly(row: OnlyRow): Promise<void> {
  const stores = await selectedStores();
  const prof = process.env.BENCH_CPU_PROF;
  for (const store of stores) {
    process.stdout.write(`\n[${store}] ${row} (load average ${os.loadavg()[0]!.toFixed(2)})\n`);
    const platform = await child<PlatformInfo & { pid: number }>(
      "platform-child.ts",
      { BENCH_STORE: store },
      prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [],
    );
    try {
      const p = platform.info;
      const opts = jobRequests(p)[row].opts;
      const rss = await peakRss(p.pid, async () => {
        await autocannon({ ...opts, connections: CONNECTIONS, duration: WARMUP });
        // The platform's CPU time per request: what an optimisation saves, whatever else runs here.
        const cpu0 = cpuMs(p.pid);
        const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
        return { r, perReq: ((cpuMs(p.pid) - cpu0) * 1000) / r.requests.total };
      });
      const { r, perReq } = rss.value;
      process.stdout.write(
        `  ${row === "status" ? "GET /status" : `POST /${row}`}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.timeouts + r.non2xx}; platform CPU ${Math.round(perReq)} µs per request; peak RSS ${rss.mb} MB\n`,
      );
    } finally {
      await stop(platform.proc);
    }
  }
  if (row !== "runsync") return;
  process.stdout.write("\nstatements per job…\n");
  for (const s of await statementCounts())
    process.stdout.write(
      `  ${s.store} ${s.op}: ${s.perJob}  ${s.top.map((t) => `${t.statement.slice(0, 50)}… ${t.perJob}`).join(" | ")}\n`,
    );
}

/** BENCH_ONLY=dispatch: the dispatch latencies on each store's idle empty store (BENCH_STORES narrows). */
async function dispatchOnly(): Promise<void> {
  const stores = await selectedStores();
  for (const store of stores) {
    const platform = await child<PlatformInfo>("platform-child.ts", { BENCH_STORE: store });
    try {
      const d = await dispatchLatency(platform.info);
      const line = (name: string, v: number[]) => `${name} p50 ${pct(v, 50)} p99 ${pct(v, 99)}`;
      process.stdout.write(
        `[${store}] ${line("built-in /runsync", d.builtinRtt)}; ${line("external /run → handler", d.externalDispatch)}; ${line("external delayTime", d.externalDelay)}\n`,
      );
    } finally {
      await stop(platform.proc);
    }
  }
}

async function main() {
  if (process.env.BENCH_ONLY === "metrics") return metricsOnly();
  const onlyRow = process.env.BENCH_ONLY;
  if (onlyRow === "status" || onlyRow === "run" || onlyRow === "runsync") return rowOnly(onlyRow);
  if (onlyRow === "dispatch") return dispatchOnly();
  if (process.env.BENCH_ONLY === "accelerated") {
    await accelerated();
    return;
  }
  process.stdout.write(
    `Hangar bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target\n`,
  );
  const loadBefore = os.loadavg();
  const baseline = await child<{ url: string }>("baseline-server.ts");
  let reference: Row;
  try {
    reference = await load("bare node:http, constant JSON (reference)", { url: baseline.info.url });
  } finally {
    await stop(baseline.proc);
  }
  const pgUp = await postgresAnswers();
  // BENCH_STORES=sqlite (or postgres) measures one store only (a quick look; results.md is kept).
  const only = process.env.BENCH_STORES?.split(",");
  const runs: StoreRun[] = [];
  if (!only || only.includes("sqlite")) runs.push(await benchStore("sqlite"));
  if (pgUp && (!only || only.includes("postgres"))) runs.push(await benchStore("postgres"));
  if (!pgUp)
    process.stdout.write(
      "\nPostgreSQL: no server answers at BENCH_DATABASE_URL; its rows are skipped\n",
    );
  const acceleratedRun = await accelerated();
  process.stdout.write("\nstatements per job…\n");
  const statements = await statementCounts();

  const baseRps = reference.rps;
  const fmt = (n: number) => (Number.isFinite(n) ? (Math.round(n * 10) / 10).toString() : "–");
  const met = (ok: boolean | undefined) => (ok === undefined ? "" : ok ? "yes" : "**no**");
  const sections: string[] = [];
  sections.push(
    [
      "| reference | req/s | p50 ms | p99 ms |",
      "|---|---:|---:|---:|",
      `| ${reference.name} | ${reference.rps} | ${reference.p50} | ${reference.p99} |`,
    ].join("\n"),
  );
  for (const r of runs) {
    const label =
      r.store === "sqlite" ? "Embedded store (SQLite, WAL)" : "PostgreSQL (`DATABASE_URL`)";
    sections.push(
      [
        `### ${label}`,
        "",
        "| target | req/s | vs bare node:http | p50 ms | p99 ms | errors | goal | met |",
        "|---|---:|---:|---:|---:|---:|---|---|",
        ...r.rows.map(
          (x) =>
            `| ${x.name} | ${x.rps} | ${Math.round((x.rps / baseRps) * 100)}% | ${x.p50} | ${x.p99} | ${x.errors} | ${x.target ?? ""} | ${met(x.ok)} |`,
        ),
        "",
        `| with ${RETAINED.toLocaleString("en")} retained jobs (seeded in ${r.seedMs} ms) | req/s | empty store alongside | vs empty store | p99 ms | within 15% |`,
        "|---|---:|---:|---:|---:|---|",
        ...r.retained.map((x) => {
          const ratio = x.emptyRps ? x.rps / x.emptyRps : NaN;
          return `| ${x.name} | ${x.rps} | ${x.emptyRps ?? ""} | ${Math.round(ratio * 100)}% | ${x.p99} | ${met(ratio >= 0.85)} |`;
        }),
        "",
        `Each row at scale is the median of ${PAIRS} windows of ${DURATION / 2} s taken in turns with an empty store running beside it (empty, then at scale, ${PAIRS} times, after a warm-up of each), so both sides share the machine's moment.`,
        "",
        `Retention cleanup with ${RETAINED.toLocaleString("en")} retained jobs falling due at once, while \`/run\` arrives at ${ARRIVALS_PER_SECOND}/s: **${r.cleanup.deleted.toLocaleString("en")} jobs deleted in ${r.cleanup.seconds} s = ${r.cleanup.perSecond.toLocaleString("en")} jobs/s** (goal: keeps up with ${ARRIVALS_PER_SECOND} jobs/s: ${met(r.cleanup.perSecond >= ARRIVALS_PER_SECOND && r.cleanup.arrivals >= ARRIVALS_PER_SECOND * 0.95)}; /run meanwhile ${r.cleanup.arrivals} req/s, p99 ${r.cleanup.arrivalsP99} ms).`,
        "",
        `Peak resident memory of the platform under these loads: **${r.rssMb} MB** (goal ≤ 300 MB: ${met(r.rssMb <= 300)}).`,
        "",
        `| dispatch (${DISPATCH_SAMPLES} sequential jobs) | p50 ms | p99 ms | goal | met |`,
        "|---|---:|---:|---|---|",
        ...r.dispatch.map(
          (x) =>
            `| ${x.name} | ${fmt(x.p50)} | ${fmt(x.p99)} | ${x.target ? `p50 ≤ ${x.target} ms` : ""} | ${x.target ? met(x.p50 <= x.target) : ""} |`,
        ),
      ].join("\n"),
    );
  }
  sections.push(
    [
      "### Statements per job (4 warm built-in workers; counted on the driver)",
      "",
      "200 sequential jobs per operation, then 224 `/runsync` from 32 clients at once. On PostgreSQL every",
      "statement is a round trip; writes of one turn of the event loop share a statement (inserts,",
      "results, idle marks) and one claim serves every waiting worker. On SQLite statements run",
      "in-process and group commit batches the writes of concurrent requests into one transaction.",
      "",
      "| store | operation | statements per job | largest contributors (per job) |",
      "|---|---|---:|---|",
      ...statements.map(
        (s) =>
          `| ${s.store} | ${s.op} | ${s.perJob} | ${s.top
            .slice(0, 5)
            .map((t) => `\`${t.statement.replaceAll("|", "\\|").slice(0, 48)}…\` ${t.perJob}`)
            .join("<br>")} |`,
      ),
      "",
      STATEMENTS_BEFORE,
    ].join("\n"),
  );
  sections.push(metricsSection(runs.flatMap((r) => r.metrics)));
  sections.push(acceleratedSection(acceleratedRun));
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the run ${loadBefore.map((l) => l.toFixed(2)).join(" / ")}`;
  const md = `# Bench results

Run: ${new Date().toISOString()} — ${machine}.
Platform: \`PLATFORM_LOG_LEVEL=warn\`, job API rate limits off, cold starts 0; each store in a fresh
folder or schema${pgUp ? "" : " (PostgreSQL: no server answered, skipped)"}.
Load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured, generator and server on the same machine. /status polls 1,000 jobs of the endpoint, each request one at random (as many clients polling their own jobs).

${sections.join("\n\n")}

Notes: delayTime has millisecond resolution (platform clock). The reference server shows what
this machine can do for a constant answer; every figure above shares the same cores with the load
generator, and other processes on the machine move them a lot (compare the load average above and
the reference's req/s between runs). The previous run is kept in \`bench/results.previous.md\`.
Regenerate with \`npm run bench\`.
`;
  if (only) {
    process.stdout.write(`\n${md}\n(BENCH_STORES set: bench/results.md left as it was)\n`);
    return;
  }
  const file = path.join(here, "results.md");
  if (fs.existsSync(file)) fs.copyFileSync(file, path.join(here, "results.previous.md"));
  fs.writeFileSync(file, md);
  process.stdout.write(
    `\n${md}\nwritten to bench/results.md (previous: bench/results.previous.md)\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
