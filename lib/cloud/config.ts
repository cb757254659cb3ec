import { assertServer } from "./server-only";

assertServer("lib/cloud/config");

/**
 * Where the console finds the platform. Server-only: read from the process environment at call
 * time (never at import time, so tests and `next start` see the values they were started with) and
 * never exposed as NEXT_PUBLIC_*.
 *
 * - `PLATFORM_API_URL`  Origin of the management API. The client appends `/v2/...` (and
 *                       `/_platform/...` for the local platform's control API).
 *                       Default `http://127.0.0.1:8000` (the local platform's default port).
 *                       The real service: `https://api.runpod.io`.
 * - `PLATFORM_JOB_URL`  Origin of the job API; the client appends `/v2/<endpoint id | model slug>/...`.
 *                       Default: PLATFORM_API_URL. The real service: `https://api.runpod.ai`.
 * - `PLATFORM_REST_URL` Origin of the older volume API; the client appends `/v1/networkvolumes`.
 *                       Default: PLATFORM_API_URL. The real service: `https://rest.runpod.io`.
 * - `HANGAR_LOCAL_KEY`  Optional. An API key of the local platform. When set and the platform's
 *                       health says it is local, the sign-in page offers one-click sign-in; the key
 *                       is resolved on the server and never sent to the browser.
 * - `NEXTAUTH_SECRET`   Required by next-auth: encrypts the session cookie that holds the API key
 *                       (next-auth answers 500 NO_SECRET without it). Any long random string.
 * - `NEXTAUTH_URL`      The console's own public URL (e.g. `http://127.0.0.1:3000`); next-auth
 *                       builds its redirects from it and marks cookies `Secure` when it is https.
 */
export interface PlatformConfig {
  apiUrl: string;
  jobUrl: string;
  restUrl: string;
  localKey: string | undefined;
}

const DEFAULT_API_URL = "http://127.0.0.1:8000";

function origin(value: string | undefined, fallback: string): string {
  const raw = value?.trim();
  if (!raw) return fallback;
  // Trailing slashes would double up with the `/v2/...` paths the client appends.
  return raw.replace(/\/+$/, "");
}

export function getPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const apiUrl = origin(env.PLATFORM_API_URL, DEFAULT_API_URL);
  return {
    apiUrl,
    jobUrl: origin(env.PLATFORM_JOB_URL, apiUrl),
    restUrl: origin(env.PLATFORM_REST_URL, apiUrl),
    localKey: env.HANGAR_LOCAL_KEY?.trim() || undefined,
  };
}
