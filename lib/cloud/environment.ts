import { cache } from "react";
import { createCloud } from "./client";
import { getPlatformConfig } from "./config";
import { CloudError } from "./errors";
import { health } from "./platform";

/** What the environment band and the sign-in page show. Contains no secret: safe to pass to client components. */
export type PlatformEnvironment =
  | { kind: "local"; url: string; version: string }
  | { kind: "remote"; url: string }
  | { kind: "unreachable"; url: string; detail: string };

/** One health probe per server render (React `cache` dedupes it across layout and page). */
export const getPlatformEnvironment = cache(async (): Promise<PlatformEnvironment> => {
  const cloud = createCloud(null);
  try {
    const found = await health(cloud);
    return found.kind === "local"
      ? { kind: "local", url: cloud.apiUrl, version: found.version }
      : { kind: "remote", url: cloud.apiUrl };
  } catch (error) {
    const detail =
      error instanceof CloudError ? error.detail : `platform unreachable at ${cloud.apiUrl}`;
    return { kind: "unreachable", url: cloud.apiUrl, detail };
  }
});

/** One-click sign-in needs a configured local key AND a platform that says it is local. */
export async function isLocalSignInAvailable(): Promise<boolean> {
  if (!getPlatformConfig().localKey) return false;
  return (await getPlatformEnvironment()).kind === "local";
}
