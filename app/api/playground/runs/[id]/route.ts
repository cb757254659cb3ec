import { refreshRun } from "@/lib/console-store/run-watcher";
import { ownRun, playgroundRoute } from "../../_lib/playground-route";

/** One run of the history, re-read from the platform when it has not finished. */
export const GET = playgroundRoute<{ id: string }>(async (ctx, { id }) =>
  refreshRun(ctx, ownRun(ctx, id)),
);
