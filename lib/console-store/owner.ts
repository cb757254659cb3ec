import { createHash } from "node:crypto";
import type { Cloud } from "@/lib/cloud/client";
import { CloudError } from "@/lib/cloud/errors";
import { whoami } from "@/lib/cloud/platform";
import { assertServer } from "@/lib/cloud/server-only";

assertServer("lib/console-store/owner");

const known = new Map<string, string>();

/**
 * Whose history a request reads: the account on the local platform (so every key of one account
 * shares it), else a digest of the key (the real service has no cheap "who am I"). The key itself
 * is never stored.
 */
export async function ownerOf(apiKey: string, cloud: Cloud): Promise<string> {
  const digest = createHash("sha256").update(apiKey).digest("hex").slice(0, 32);
  const cached = known.get(digest);
  if (cached) return cached;
  try {
    const me = await whoami(cloud);
    // Scoped by platform too: two local platforms may both have an account with the same id.
    const owner = `${cloud.apiUrl}|account:${me.account.id}`;
    known.set(digest, owner);
    return owner;
  } catch (error) {
    const owner = `${cloud.apiUrl}|key:${digest}`;
    // Only a definite "no such route" (the real service) is remembered; a hiccup is retried.
    if (error instanceof CloudError && error.status >= 400 && error.status < 500) {
      known.set(digest, owner);
    }
    return owner;
  }
}
