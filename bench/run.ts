import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startWorker } from "@/lib/worker";

// `npm run bench`: the job API on the embedded store against a bare node:http server, measured in
// the same run on the same machine. BENCH_DURATION / BENCH_WARMUP (s) and BENCH_CONNECTIONS tune it.

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DISPATCH_SAMPLES = Number(process.env.BENCH_DISPATCH_SAMPLES ?? 400);

interface PlatformInfo {
  url: string;
  key: string;
  queueOnly: string;
  draining: string;
  mock: string;
  external: string;
  jobId: string;
}

function child<T>(script: string): Promise<{ proc: ChildProcess; info: T }> {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(here, script)], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, PLATFORM_LOG_LEVEL: "warn" },
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

async function dispatchLatency(p: PlatformInfo) {
  const headers = { Authorization: `Bearer ${p.key}`, "Content-Type": "application/json" };
  // Built-in worker: platform-measured delayTime (queue → worker) and the client's round trip.
  const builtinDelay: number[] = [];
  const builtinRtt: number[] = [];
  for (let i = 0; i < DISPATCH_SAMPLES; i++) {
    const t0 = performance.now();
    const r = (await (
      await fetch(`${p.url}/v2/${p.mock}/runsync`, {
        method: "POST",
        headers,
        body: '{"input":{}}',
      })
    ).json()) as { delayTime: number };
    builtinRtt.push(performance.now() - t0);
    builtinDelay.push(r.delayTime);
  }
  // External worker (lib/worker, long-polling job-take): submit → handler start, seen by the client.
  const envRes = await fetch(`${p.url}/_platform/endpoints/${p.external}/worker-env`, { headers });
  const { env } = (await envRes.json()) as { env: Record<string, string> };
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
    const { id } = (await (
      await fetch(`${p.url}/v2/${p.external}/run`, {
        method: "POST",
        headers,
        body: JSON.stringify({ input: { tag } }),
      })
    ).json()) as { id: string };
    await ran;
    externalDispatch.push(started.get(tag)! - t0);
    const s = (await (
      await fetch(`${p.url}/v2/${p.external}/status-sync/${id}?wait=5000`, { headers })
    ).json()) as { delayTime: number };
    externalDelay.push(s.delayTime);
  }
  await Promise.all(workers.map((w) => w.stop()));
  return { builtinDelay, builtinRtt, externalDispatch, externalDelay };
}

async function main() {
  process.stdout.write(
    `Hangar bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target\n`,
  );
  const loadBefore = os.loadavg();
  const baseline = await child<{ url: string }>("baseline-server.ts");
  const platform = await child<PlatformInfo>("platform-child.ts");
  const p = platform.info;
  const auth = { Authorization: `Bearer ${p.key}` };
  const json = { ...auth, "Content-Type": "application/json" };
  const rows: Row[] = [];
  try {
    rows.push(await load("bare node:http, constant JSON (reference)", { url: baseline.info.url }));
    rows.push(
      await load(
        "GET /status/{id}",
        { url: `${p.url}/v2/${p.mock}/status/${p.jobId}`, headers: auth },
        { rps: 5000, p99: 50 },
      ),
    );
    rows.push(
      await load(
        "POST /run (enqueue; no workers)",
        {
          url: `${p.url}/v2/${p.queueOnly}/run`,
          method: "POST",
          headers: json,
          body: '{"input":{"prompt":"x"}}',
        },
        { rps: 2000, p99: 50 },
      ),
    );
    rows.push(
      await load("POST /run (4 mock workers draining the queue)", {
        url: `${p.url}/v2/${p.draining}/run`,
        method: "POST",
        headers: json,
        body: '{"input":{"prompt":"x"}}',
      }),
    );
    rows.push(
      await load(
        "POST /runsync round trip (mock image, 32 warm workers)",
        {
          url: `${p.url}/v2/${p.mock}/runsync`,
          method: "POST",
          headers: json,
          body: '{"input":{"mock_return":"x"}}',
        },
        { rps: 1500, p99: 50 },
      ),
    );
    process.stdout.write("  dispatch latency…\n");
    const d = await dispatchLatency(p);
    const dispatch = [
      {
        name: "built-in worker: delayTime (platform, ms)",
        p50: pct(d.builtinDelay, 50),
        p99: pct(d.builtinDelay, 99),
        target: "p50 ≤ 5 ms",
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
        target: "p50 ≤ 5 ms",
      },
      {
        name: "external worker: delayTime (platform, ms)",
        p50: pct(d.externalDelay, 50),
        p99: pct(d.externalDelay, 99),
      },
    ];
    const baseRps = rows[0]!.rps;
    const fmt = (n: number) => (Number.isFinite(n) ? (Math.round(n * 10) / 10).toString() : "–");
    const table = [
      "| target | req/s | vs bare node:http | p50 ms | p99 ms | errors | goal | met |",
      "|---|---:|---:|---:|---:|---:|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.rps} | ${Math.round((r.rps / baseRps) * 100)}% | ${r.p50} | ${r.p99} | ${r.errors} | ${r.target ?? ""} | ${r.ok === undefined ? "" : r.ok ? "yes" : "no"} |`,
      ),
    ].join("\n");
    const dtable = [
      `| dispatch (${DISPATCH_SAMPLES} sequential jobs) | p50 ms | p99 ms | goal | met |`,
      "|---|---:|---:|---|---|",
      ...dispatch.map(
        (r) =>
          `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.target ?? ""} | ${r.target ? (r.p50 <= 5 ? "yes" : "no") : ""} |`,
      ),
    ].join("\n");
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the run ${loadBefore.map((l) => l.toFixed(2)).join(" / ")}`;
    const md = `# Bench results

Run: ${new Date().toISOString()} — ${machine}.
Platform: embedded store (SQLite, WAL), \`PLATFORM_LOG_LEVEL=warn\`, job API rate limits off, cold starts 0.
Load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured, generator and server on the same machine.

${table}

${dtable}

Notes: delayTime has millisecond resolution (platform clock). The reference server shows what
this machine can do for a constant answer; every figure above shares the same cores with the load
generator, and other processes on the machine move them a lot (compare the load average above and
the reference's req/s between runs). Regenerate with \`npm run bench\`.
`;
    fs.writeFileSync(path.join(here, "results.md"), md);
    process.stdout.write(`\n${table}\n\n${dtable}\n\nwritten to bench/results.md\n`);
  } finally {
    platform.proc.kill("SIGTERM");
    baseline.proc.kill("SIGTERM");
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
