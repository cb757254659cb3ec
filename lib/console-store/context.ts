import { requireSession } from "@/lib/auth/session";
import { createCloud, type Cloud } from "@/lib/cloud/client";
import { CloudError } from "@/lib/cloud/errors";
import { assertServer } from "@/lib/cloud/server-only";
import { openConsoleDb } from "./db";
import { ownerOf } from "./owner";
import { createRunStore, type RunStore } from "./runs";

assertServer("lib/console-store/context");

export interface PlaygroundContext {
  cloud: Cloud;
  owner: string;
  runs: RunStore;
}

/** Session → key → owner → the history store. Throws the 401 CloudError without a session. */
export async function playgroundContext(): Promise<PlaygroundContext> {
  const { apiKey } = await requireSession();
  const cloud = createCloud(apiKey);
  return { cloud, owner: await ownerOf(apiKey, cloud), runs: createRunStore(openConsoleDb()) };
}

export function runNotFound(id: string): CloudError {
  return new CloudError({
    status: 404,
    title: "Not Found",
    detail: `No playground run ${id} in your history.`,
  });
}
