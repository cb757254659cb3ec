import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { newKey } from "./support/platform";

const ROOT = path.resolve(__dirname, "../..");
// `npm run platform`: the compiled platform run by node (scripts/platform.mjs).
const NODE = process.execPath;
const CLI = path.join(ROOT, "scripts/platform.mjs");

function freePortish() {
  return 20000 + Math.floor(Math.random() * 20000);
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`platform exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/_platform/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100)); // polling a real process start, not simulated time
  }
  throw new Error(`platform did not become healthy:\n${output()}`);
}

/**
 * Each platform starts in a process group of its own (`npm run platform` is one node process, but
 * a script around it may add more); stopping it kills the whole group and waits until no process of
 * it is left — also when the test failed half-way.
 */
function startCli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(NODE, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
  for (let i = 0; i < 100 && groupAlive(pid); i++) await new Promise((r) => setTimeout(r, 50)); // waiting for real processes to exit
  expect(groupAlive(pid), `processes of platform group ${pid} still running`).toBe(false);
}

describe("The platform as a process (npm run platform)", () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) await stopGroup(c);
  });

  it("starts from the environment, logs JSON lines with a request id, and shuts down cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-proc-"));
    const port = freePortish();
    const key = newKey();
    const child = startCli(["serve"], {
      ...process.env,
      PLATFORM_PORT: String(port),
      PLATFORM_DATA_DIR: dataDir,
      PLATFORM_BOOTSTRAP_KEY: key,
      PLATFORM_LOG_LEVEL: "info",
    });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (d) => (out += String(d)));
    child.stderr!.on("data", (d) => (out += String(d)));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, () => out);
    expect(out).toContain(`API key of the first account (shown once): ${key}`);

    const who = await fetch(`${url}/_platform/whoami`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(who.status).toBe(200);
    const requestId = who.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const lines = out.split("\n").filter((l) => l.startsWith("{"));
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLine = records.find((r) => r.path === "/_platform/whoami");
    expect(requestLine).toMatchObject({
      requestId,
      method: "GET",
      status: 200,
      keyName: "default",
    });
    for (const r of records.filter((r) => r.msg === "request"))
      expect(r.requestId).toEqual(expect.any(String));
    expect(records.some((r) => r.msg === "platform stopped")).toBe(true);
    // the key never appears in logs
    expect(out.replace(`API key of the first account (shown once): ${key}`, "")).not.toContain(key);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keys create prints a new key once and it authenticates against the running platform", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-cli-"));
    const env = { ...process.env, PLATFORM_DATA_DIR: dataDir, PLATFORM_BOOTSTRAP_KEY: newKey() };
    const created = spawnSync(
      NODE,
      [
        CLI,
        "keys",
        "create",
        "--name",
        "ci-bot",
        "--permission",
        "restricted",
        "--family",
        "serverless=read,pods=write",
      ],
      {
        env,
        encoding: "utf8",
      },
    );
    expect(created.status).toBe(0);
    const key = /\b(rpa_[A-Z0-9]{40})\b/.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    const bad = spawnSync(NODE, [CLI, "keys", "create", "--name", "x", "--family", "pods=admin"], {
      env,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--family takes NAME=none|read|write");

    const port = freePortish();
    const child = startCli([], { ...env, PLATFORM_PORT: String(port), PLATFORM_LOG_LEVEL: "warn" });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (d) => (out += String(d)));
    child.stderr!.on("data", (d) => (out += String(d)));
    await waitForHealth(`http://127.0.0.1:${port}`, child, () => out);
    const who = await fetch(`http://127.0.0.1:${port}/_platform/whoami`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(who.status).toBe(200);
    const body = (await who.json()) as {
      key: { name: string; permission: { type: string; families: Record<string, string> } };
    };
    expect(body.key.name).toBe("ci-bot");
    expect(body.key.permission).toEqual({
      type: "restricted",
      families: { serverless: "read", pods: "write" },
      endpoints: {},
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a bad configuration value stops start-up with a clear message", () => {
    const res = spawnSync(NODE, [CLI], {
      env: { ...process.env, PLATFORM_PORT: "eighty" },
      encoding: "utf8",
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('PLATFORM_PORT must be an integer ≥ 0, got "eighty"');
  });
});
