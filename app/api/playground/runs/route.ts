import { z } from "zod";
import { refreshRun } from "@/lib/console-store/run-watcher";
import { isTerminalJobStatus } from "@/lib/schemas/jobs";
import type { RunTarget } from "@/lib/console-store/run-view";
import { playgroundRoute } from "../_lib/playground-route";

const Query = z.object({
  /** `model:<slug>` or `endpoint:<id>`; all runs without it. */
  target: z
    .string()
    .regex(/^(model|endpoint):.+$/, "must be model:<slug> or endpoint:<id>")
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(30),
});

function parseTarget(text: string | undefined): RunTarget | undefined {
  if (!text) return undefined;
  const [kind, ...rest] = text.split(":");
  const value = rest.join(":");
  return kind === "model" ? { kind, slug: value } : { kind: "endpoint", id: value };
}

/** The signed-in account's playground history, newest first; unfinished runs are re-read once. */
export const GET = playgroundRoute(async (ctx, _params, request) => {
  const url = new URL(request.url);
  const query = Query.parse(Object.fromEntries(url.searchParams));
  const runs = ctx.runs.list(ctx.owner, { target: parseTarget(query.target), limit: query.limit });
  const fresh = await Promise.all(
    runs.map((run, i) =>
      i < 5 && !isTerminalJobStatus(run.status) && !run.expired ? refreshRun(ctx, run) : run,
    ),
  );
  return { runs: fresh };
});
