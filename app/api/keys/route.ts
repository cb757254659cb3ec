import { listApiKeys } from "@/lib/cloud/api-keys";
import { whoami } from "@/lib/cloud/platform";
import { readRoute } from "../_lib/read-route";

/** The account's keys, and which of them this console session is signed in with (null if unknown). */
export const GET = readRoute(async (cloud) => {
  const [keys, me] = await Promise.all([listApiKeys(cloud), whoami(cloud).catch(() => null)]);
  return { keys, currentKeyId: me?.key.id ?? null };
});
