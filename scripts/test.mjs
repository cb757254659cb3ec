#!/usr/bin/env node
// `npm test`: every suite, in order, provisioning what it can (Chromium from Debian) and saying
// exactly what is missing otherwise. Runs all stages and fails at the end if any failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function sh(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env, ...opts });
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const update = sh("apt-get", ["update"]);
    const install =
      update.status === 0
        ? sh("apt-get", ["install", "-y", "chromium"], {
            env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
          })
        : update;
    if (install.status === 0 && fs.existsSync(CHROMIUM)) return true;
  }
  console.error(
    `Missing: Chromium at ${CHROMIUM} for the browser tests.\n` +
      `Install Debian's package as root: apt-get update && apt-get install -y chromium\n` +
      `(or point CHROMIUM_PATH at a Chromium binary). Playwright's own browser download is not used.`,
  );
  return false;
}

if (!fs.existsSync(path.join(BIN, "vitest"))) {
  console.error("Missing: node_modules. Run `npm install --no-audit --no-fund` first.");
  process.exit(1);
}

const stages = [
  ["format", () => sh(path.join(BIN, "prettier"), ["--check", "--log-level", "warn", "."])],
  ["lint", () => sh(path.join(BIN, "eslint"), [".", "--max-warnings=0"])],
  ["typecheck", () => sh(path.join(BIN, "tsc"), ["--noEmit", "-p", "."])],
  ["unit + HTTP (vitest)", () => sh(path.join(BIN, "vitest"), ["run"])],
  ["console build", () => sh(path.join(BIN, "next"), ["build"])],
  ["npm start smoke test", () => sh(process.execPath, ["scripts/smoke-start.mjs"])],
  [
    "browser (playwright)",
    () => (ensureChromium() ? sh(path.join(BIN, "playwright"), ["test"]) : { status: 1 }),
  ],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, run] of stages) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const res = run();
  results.push({ name, ok: res.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "PASS" : "FAIL"}  ${r.name}  (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
