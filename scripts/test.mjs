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

// The summary at the end names each failed test, so a log cut to its last lines still says what
// broke (a CI page shows the tail of the output).
const VITEST_JSON = path.join(ROOT, "test-results", "vitest.json");
const PLAYWRIGHT_JSON = path.join(ROOT, "test-results", "playwright.json");

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function vitestFailures(file) {
  const report = readJson(file);
  if (!report) return [];
  return report.testResults.flatMap((suite) => {
    const where = path.relative(ROOT, suite.name);
    const failed = suite.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed to load (or whose hook threw) has no failed test of its own.
    if (!failed.length && suite.status === "failed")
      failed.push(`${where}: ${firstLine(suite.message)}`);
    return failed;
  });
}

function playwrightFailures(file) {
  const report = readJson(file);
  if (!report) return [];
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.at(-1);
        if (t.status === "unexpected" || t.status === "flaky")
          out.push(
            `${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}: ` +
              `${t.status === "flaky" ? "flaky, " : ""}${firstLine(last?.error?.message)}`,
          );
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return plain.split("\n").find((l) => l.trim()) ?? "(no message)";
}

const stages = [
  ["format", () => sh(path.join(BIN, "prettier"), ["--check", "--log-level", "warn", "."])],
  ["lint", () => sh(path.join(BIN, "eslint"), [".", "--max-warnings=0"])],
  ["typecheck", () => sh(path.join(BIN, "tsc"), ["--noEmit", "-p", "."])],
  [
    "unit + HTTP (vitest)",
    () =>
      sh(path.join(BIN, "vitest"), [
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${VITEST_JSON}`,
      ]),
    () => vitestFailures(VITEST_JSON),
  ],
  ["console build", () => sh(path.join(BIN, "next"), ["build"])],
  ["npm start smoke test", () => sh(process.execPath, ["scripts/smoke-start.mjs"])],
  [
    "browser (playwright)",
    () =>
      ensureChromium()
        ? sh(path.join(BIN, "playwright"), ["test", "--reporter=list,json"], {
            env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON },
          })
        : { status: 1 },
    () => playwrightFailures(PLAYWRIGHT_JSON),
  ],
];

for (const file of [VITEST_JSON, PLAYWRIGHT_JSON]) fs.rmSync(file, { force: true });
const only = process.argv.slice(2);
const results = [];
for (const [name, run, failures] of stages) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const res = run();
  const ok = res.status === 0;
  results.push({
    name,
    ok,
    seconds: Math.round((Date.now() - started) / 1000),
    failed: !ok && failures ? failures() : [],
  });
}

console.log("\n=== summary ===");
for (const r of results) {
  console.log(`${r.ok ? "PASS" : "FAIL"}  ${r.name}  (${r.seconds} s)`);
  for (const f of r.failed.slice(0, 20)) console.log(`      ✗ ${f.slice(0, 300)}`);
  if (r.failed.length > 20) console.log(`      … and ${r.failed.length - 20} more`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
