import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { CONSOLE_PORT, CONSOLE_URL, E2E_KEY, PLATFORM_PORT, PLATFORM_URL } from "./tests/e2e/env";

// The console runs as a production build (`next start`): the test script builds first.
const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(`${distDir}/BUILD_ID`)) {
  throw new Error(
    `No production build in ${distDir}: run \`npx next build\` before \`npx playwright test\`.`,
  );
}

// A fresh platform store per run, so tests never see a previous run's resources.
const dataDir = process.env.E2E_PLATFORM_DATA_DIR ?? `.data/e2e-${Date.now()}`;
process.env.E2E_PLATFORM_DATA_DIR = dataDir; // the same value in Playwright's worker processes

export default defineConfig({
  testDir: "tests/e2e",
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: "list",
  // CI machines are shared and slower than a laptop: a multi-page test (two sign-ins, a
  // key created, disabled, enabled, deleted) once ran past 30 s there while every step passed.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: CONSOLE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      command: "npx tsx lib/platform/cli.ts serve",
      url: `${PLATFORM_URL}/_platform/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PLATFORM_PORT: String(PLATFORM_PORT),
        PLATFORM_DATA_DIR: dataDir,
        PLATFORM_BOOTSTRAP_KEY: E2E_KEY,
        PLATFORM_RATE_LIMITS: "100000/1000000/10000000",
        PLATFORM_LOG_LEVEL: "warn",
      },
    },
    {
      command: `npx next start -p ${CONSOLE_PORT} -H 127.0.0.1`,
      url: `${CONSOLE_URL}/api/auth/providers`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PLATFORM_API_URL: PLATFORM_URL,
        HANGAR_LOCAL_KEY: E2E_KEY,
        // The console's own store (playground history) beside the run's platform data.
        HANGAR_CONSOLE_DATA_DIR: `${dataDir}/console`,
        NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789abcdef",
        NEXTAUTH_URL: CONSOLE_URL,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  ],
});
