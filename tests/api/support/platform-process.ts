import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Backend } from "./backends";
import { dropSchema, freshSchema, newKey, withSearchPath } from "./platform";

const ROOT = path.resolve(__dirname, "../../..");
// `npm run platform`: the compiled platform run by node (scripts/platform.mjs).
const NODE = process.execPath;
const CLI = path.join(ROOT, "scripts/platform.mjs");

/** Where a platform process keeps its data: a data folder, plus a PostgreSQL schema on that store. */
export interface ProcessStore {
  backend: Backend;
  dataDir: string;
  schema?: string;
  databaseUrl?: string;
  /** The first account's key (bootstrap key of the first start; stored, so valid after restarts). */
  key: string;
  /** Removes the data folder and drops the schema. */
  drop(): Promise<void>;
}

export async function newProcessStore(backend: Backend): Promise<ProcessStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-durable-"));
  const pgStore = backend === "postgres" ? await freshSchema() : undefined;
  return {
    backend,
    dataDir,
    schema: pgStore?.schema,
    databaseUrl: pgStore ? withSearchPath(pgStore.schema) : undefined,
    key: newKey(),
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgStore) await dropSchema(pgStore.schema);
    },
  };
}

/** A port nothing listens on right now (the kernel's pick, released for the platform to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

export interface PlatformProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (for failure messages). */
  output(): string;
  /** fetch relative to the platform with the store's key as Bearer. */
  request(p: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** SIGKILL to the whole process group, then waits until none of it is left. */
  kill(): Promise<void>;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the platform as `npm run platform` runs it (scripts/platform.mjs: compiled, plain node) in
 * a process group of its own and waits until it answers its health check.
 */
export async function startPlatformProcess(
  store: ProcessStore,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<PlatformProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(NODE, [CLI, "serve"], {
    env: {
      ...process.env,
      PLATFORM_PORT: String(port),
      PLATFORM_DATA_DIR: store.dataDir,
      PLATFORM_BOOTSTRAP_KEY: store.key,
      PLATFORM_LOG_LEVEL: "warn",
      PLATFORM_RATE_LIMITS: "100000/1000000/10000000",
      PLATFORM_JOB_RATE_LIMITS: "off",
      PLATFORM_COLD_START_MS: "0/0/0",
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const proc: PlatformProcess = {
    url,
    port,
    child,
    output: () => out,
    request(p, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      h.set("Authorization", `Bearer ${store.key}`);
      if (json !== undefined) h.set("Content-Type", "application/json");
      return fetch(`${url}${p}`, {
        ...rest,
        headers: h,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    async kill() {
      const pid = child.pid;
      if (pid === undefined) return;
      if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
      // Waiting for real processes to exit, with a deadline.
      for (let i = 0; i < 200 && groupAlive(pid); i++) await new Promise((r) => setTimeout(r, 25));
      if (groupAlive(pid)) throw new Error(`processes of platform group ${pid} still running`);
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`platform exited early:\n${out}`);
    }
    try {
      if ((await fetch(`${url}/_platform/health`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`platform did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50)); // polling a real process start, not simulated time
  }
}
