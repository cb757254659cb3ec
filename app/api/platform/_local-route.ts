import type { Cloud } from "@/lib/cloud/client";
import { requireLocalPlatform } from "@/lib/cloud/devtools";
import { readRoute } from "../_lib/read-route";

/**
 * A developer-tools read: session first (readRoute), then 404 unless the console talks to the
 * local platform, then the read.
 */
export function localReadRoute<P extends Record<string, string> = Record<string, string>>(
  read: (cloud: Cloud, params: P, url: URL) => Promise<unknown>,
) {
  return readRoute<P>(async (cloud, params, url) => {
    await requireLocalPlatform();
    return read(cloud, params, url);
  });
}
