import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "@/lib/platform/config";
import { startPlatform } from "@/lib/platform/server";

// The platform under test in its own process (the load generator must not share its event loop):
// embedded store in a fresh folder, warn-level logs, job API rate limits off.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-bench-"));
const key = "rpa_BENCH0000000000000000000000000000000001";
const config = loadConfig({
  ...process.env,
  PLATFORM_PORT: "0",
  PLATFORM_DATA_DIR: dataDir,
  PLATFORM_BOOTSTRAP_KEY: key,
  PLATFORM_LOG_LEVEL: "warn",
  PLATFORM_JOB_RATE_LIMITS: "off",
  PLATFORM_RATE_LIMITS: "100000000/1000000000/10000000000",
  PLATFORM_COLD_START_MS: "0/0/0",
});
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

const queueOnly = await endpoint("bench-queue", "runpod/mock-worker:latest", { min: 0, max: 0 });
const draining = await endpoint("bench-drain", "runpod/mock-worker:latest", { min: 4, max: 4 });
const mock = await endpoint("bench-mock", "runpod/mock-worker:latest", { min: 32, max: 32 });
const external = await endpoint("bench-external", "bench/external:1", { min: 0, max: 0 });
await new Promise((r) => setTimeout(r, 1000)); // workers boot (cold start 0)
const job = (await (
  await fetch(`${platform.url}/v2/${mock}/run`, { method: "POST", headers, body: '{"input":{}}' })
).json()) as { id: string };

process.stdout.write(
  `${JSON.stringify({ url: platform.url, key, queueOnly, draining, mock, external, jobId: job.id })}\n`,
);
process.on("SIGTERM", () => {
  void platform.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
