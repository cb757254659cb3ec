import type { Cloud } from "./client";
import { CloudError } from "./errors";

export interface KeyCheck {
  /** False when the key is valid but may not read account settings (403): a restricted key. */
  canReadAccount: boolean;
}

/**
 * Checks a key with the cheapest authenticated read both the real service and the local platform
 * have. 200 or 403 mean the key is valid (403: valid, lacking that permission); 401 and every other
 * failure throw CloudError carrying the platform's own `detail`.
 */
export async function verifyKey(cloud: Cloud): Promise<KeyCheck> {
  try {
    await cloud.request({ path: "/account/ssh-keys", timeoutMs: 8_000 });
    return { canReadAccount: true };
  } catch (error) {
    if (error instanceof CloudError && error.status === 403) return { canReadAccount: false };
    throw error;
  }
}
