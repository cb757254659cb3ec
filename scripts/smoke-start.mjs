#!/usr/bin/env node
// Proves the README's first command: `npm start` brings up platform and console and prints a key
// that works. Uses its own ports and a fresh data folder; needs a console build (`next build`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-smoke-"));
const env = {
  ...process.env,
  PLATFORM_PORT: "8491",
  CONSOLE_PORT: "3491",
  PLATFORM_DATA_DIR: dataDir,
  PLATFORM_LOG_LEVEL: "warn",
};
delete env.PLATFORM_BOOTSTRAP_KEY;
delete env.NEXTAUTH_SECRET;

const child = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: ROOT,
  env,
  stdio: ["ignore", "pipe", "pipe"],
  // Its own process group, so a failed run can stop npm start together with its platform and
  // console children instead of orphaning them.
  detached: true,
});
let out = "";
child.stdout.on("data", (d) => (out += String(d)));
child.stderr.on("data", (d) => (out += String(d)));

function killGroup(signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

function fail(msg) {
  console.error(`smoke test failed: ${msg}\n--- npm start output ---\n${out}`);
  killGroup("SIGKILL");
  process.exit(1);
}
const timer = setTimeout(() => fail("no 'Hangar is running' banner within 240 s"), 240_000);

await new Promise((resolve) => {
  const check = () => (out.includes("Hangar is running") ? resolve() : setTimeout(check, 200));
  child.on("exit", (code) => fail(`npm start exited early with ${code}`));
  check();
});
clearTimeout(timer);

const key = /API key:\s+(rpa_[A-Z0-9]{40})/.exec(out)?.[1];
if (!key) fail("the banner shows no API key");
if (!out.includes("Console:   http://127.0.0.1:3491")) fail("the banner shows no console URL");
if (!out.includes("Platform:  http://127.0.0.1:8491")) fail("the banner shows no platform URL");
const who = await fetch("http://127.0.0.1:8491/_platform/whoami", {
  headers: { Authorization: `Bearer ${key}` },
});
if (who.status !== 200) fail(`the printed key does not authenticate (${who.status})`);
const signIn = await fetch("http://127.0.0.1:3491/sign-in");
if (signIn.status !== 200) fail(`the console's sign-in page answered ${signIn.status}`);
const html = await signIn.text();
if (html.includes(key)) fail("the key appears in the console's HTML");

// The banner scrolls away under request lines: SIGUSR2 (or Enter at a terminal) prints it again.
const banners = () => out.split("Hangar is running").length - 1;
const before = banners();
child.kill("SIGUSR2");
await new Promise((resolve) => {
  const until = Date.now() + 10_000;
  const check = () =>
    banners() > before
      ? resolve()
      : Date.now() > until
        ? fail("SIGUSR2 did not print the banner again")
        : setTimeout(check, 100);
  check();
});
if (!out.trimEnd().endsWith("Stop with Ctrl+C."))
  fail("the banner printed again is not the last output");

child.removeAllListeners("exit");
const exited = new Promise((r) => child.on("exit", r));
child.kill("SIGTERM");
await exited;
killGroup("SIGKILL"); // anything npm start failed to stop
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  "npm start smoke test: platform and console answered, printed key works, banner shown again on demand: 1 passed, 0 failed",
);
