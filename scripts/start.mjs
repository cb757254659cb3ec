#!/usr/bin/env node
// `npm start`: the local platform and the console together, with a ready-to-use API key.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newestMtime } from "./platform-bundle.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const dev = process.argv.includes("--dev");

const platformPort = Number(process.env.PLATFORM_PORT || 8000);
const consolePort = Number(process.env.CONSOLE_PORT || 3000);
const host = "127.0.0.1";
const dataDir = path.resolve(ROOT, process.env.PLATFORM_DATA_DIR || ".data");
const platformUrl = process.env.PLATFORM_PUBLIC_URL || `http://${host}:${platformPort}`;
const consoleUrl = `http://${host}:${consolePort}`;

fs.mkdirSync(dataDir, { recursive: true });

/** A local secret kept beside the data (mode 0600) so restarts keep the same key and sessions. */
function localSecret(file, make) {
  const p = path.join(dataDir, file);
  if (fs.existsSync(p)) return fs.readFileSync(p, "utf8").trim();
  const value = make();
  fs.writeFileSync(p, `${value}\n`, { mode: 0o600 });
  return value;
}
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const key =
  process.env.PLATFORM_BOOTSTRAP_KEY ||
  localSecret(
    "local-key",
    () => `rpa_${[...randomBytes(40)].map((b) => ALPHABET[b % 36]).join("")}`,
  );
const nextAuthSecret =
  process.env.NEXTAUTH_SECRET ||
  localSecret("nextauth-secret", () => randomBytes(32).toString("base64url"));

function buildIfStale() {
  const buildId = path.join(ROOT, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = Math.max(
    ...["app", "components", "lib"].map((d) => newestMtime(path.join(ROOT, d))),
  );
  if (built > sources) return;
  console.log(
    built
      ? "Console sources changed: rebuilding…"
      : "Building the console (first start only, about a minute)…",
  );
  const res = spawnSync(path.join(BIN, "next"), ["build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) {
    console.error("The console build failed; see the output above.");
    process.exit(res.status ?? 1);
  }
}

// A person at a terminal gets readable, coloured platform logs (pino-pretty); anything else (a
// pipe, a file, CI) gets JSON lines. PLATFORM_LOG_FORMAT=json|pretty decides explicitly.
const interactive = process.stdout.isTTY === true;
const logFormat = process.env.PLATFORM_LOG_FORMAT || (interactive ? "pretty" : "json");

/** When the last line of a child arrived, so the banner can wait for start-up output to settle. */
let lastOutputAt = 0;

const children = [];
function run(name, cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tag = interactive ? `\x1b[2m[${name}]\x1b[22m` : `[${name}]`;
  const prefix = (line) => `${tag} ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let buf = "";
    stream.on("data", (d) => {
      buf += String(d);
      const lines = buf.split("\n");
      buf = lines.pop() ?? "";
      for (const l of lines) if (l.trim()) process.stdout.write(`${prefix(l)}\n`);
      lastOutputAt = Date.now();
    });
  }
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping Hangar.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, what, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill("SIGTERM");
  const force = setTimeout(() => children.forEach((c) => c.kill("SIGKILL")), 10_000);
  Promise.all(
    children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on("exit", r)))),
  ).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function main() {
  if (!dev) buildIfStale();
  run("platform", process.execPath, ["scripts/platform.mjs", "serve"], {
    PLATFORM_PORT: String(platformPort),
    PLATFORM_HOST: process.env.PLATFORM_HOST || host,
    PLATFORM_DATA_DIR: dataDir,
    PLATFORM_PUBLIC_URL: platformUrl,
    PLATFORM_BOOTSTRAP_KEY: key,
    PLATFORM_LOG_FORMAT: logFormat,
    // The platform writes into a pipe; colours are for the terminal this script writes to.
    ...(logFormat === "pretty" && interactive && !("NO_COLOR" in process.env)
      ? { FORCE_COLOR: "1" }
      : {}),
  });
  await waitFor(`${platformUrl}/_platform/health`, "The platform");
  const who = await fetch(`${platformUrl}/_platform/whoami`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const keyWorks = who.status === 200;

  run(
    "console",
    path.join(BIN, "next"),
    [dev ? "dev" : "start", "-p", String(consolePort), "-H", host],
    {
      NEXT_TELEMETRY_DISABLED: "1",
      PLATFORM_API_URL: process.env.PLATFORM_API_URL || platformUrl,
      PLATFORM_JOB_URL: process.env.PLATFORM_JOB_URL || platformUrl,
      PLATFORM_REST_URL: process.env.PLATFORM_REST_URL || platformUrl,
      HANGAR_LOCAL_KEY: keyWorks ? key : "",
      NEXTAUTH_SECRET: nextAuthSecret,
      NEXTAUTH_URL: consoleUrl,
    },
  );
  // next-auth's provider list answers without calling the platform, so no request line of this
  // probe lands after the banner.
  await waitFor(`${consoleUrl}/api/auth/providers`, "The console");
  await quiet();

  banner = `
  Hangar is running
    Console:   ${consoleUrl}
    Platform:  ${platformUrl}   (management /v2, jobs /v2/<endpoint>, volumes /v1, control /_platform)
    API key:   ${keyWorks ? key : "(the saved key is not valid for this data folder: run `npm run platform -- keys create --name me`)"}

  Try: curl -H "Authorization: Bearer ${keyWorks ? key : "<key>"}" ${platformUrl}/_platform/whoami
  ${process.stdin.isTTY ? "Press Enter to show this again. " : ""}Stop with Ctrl+C.
`;
  printBanner();
  // The banner scrolls away under request lines: Enter (or SIGUSR2) prints it again. Cooked mode,
  // so Ctrl+C still reaches the whole process group as SIGINT.
  if (process.stdin.isTTY) process.stdin.on("data", printBanner);
  process.on("SIGUSR2", printBanner);
}

let banner = "";
function printBanner() {
  if (banner) process.stdout.write(`${banner}\n`);
}

/** Waits until the children have written nothing for 300 ms (at most 3 s): start-up output first. */
async function quiet() {
  const until = Date.now() + 3_000;
  while (Date.now() < until && Date.now() - lastOutputAt < 300) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

main().catch((err) => {
  console.error(String(err?.message ?? err));
  stop(1);
});
