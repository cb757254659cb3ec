import { PlatformHealth, WhoAmI } from "@/lib/schemas/control";
import type { Cloud } from "./client";
import { CloudError } from "./errors";

/**
 * Which platform the console talks to. The local platform answers `/_platform/health`; the real
 * service has no such route (404, or any other non-200 answer) and is treated as remote.
 */
export type PlatformKind = { kind: "local"; version: string } | { kind: "remote" };

const LocalHealth = PlatformHealth.pick({ platform: true, version: true });

/** Throws CloudError (503/504) only when nothing answers at all. */
export async function health(cloud: Cloud): Promise<PlatformKind> {
  try {
    const body = await cloud.request({
      family: "control",
      path: "/health",
      auth: false,
      timeoutMs: 3_000,
    });
    const parsed = LocalHealth.safeParse(body);
    return parsed.success ? { kind: "local", version: parsed.data.version } : { kind: "remote" };
  } catch (error) {
    if (
      error instanceof CloudError &&
      error.status !== 503 &&
      error.status !== 504 &&
      error.status !== 499
    ) {
      return { kind: "remote" };
    }
    throw error;
  }
}

/** The local platform's view of the key: its account and the key's name and permission. */
export function whoami(cloud: Cloud): Promise<WhoAmI> {
  return cloud.request({ family: "control", path: "/whoami", schema: WhoAmI, timeoutMs: 5_000 });
}
