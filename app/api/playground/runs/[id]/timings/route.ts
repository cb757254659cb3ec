import { getJobDetail } from "@/lib/cloud/devtools";
import { getPlatformEnvironment } from "@/lib/cloud/environment";
import { CloudError } from "@/lib/cloud/errors";
import type { RunTimings } from "@/lib/console-store/run-view";
import { splitDelay } from "@/lib/console-store/timing-split";
import { ownRun, playgroundRoute } from "../../../_lib/playground-route";

/**
 * A run's `delayTime`, split into queue wait and cold start from the local platform's job timeline.
 * While the job waits, why (`waiting`: cold start or queue, with the platform's reason).
 * Against another platform, or once the platform forgot the job, only `delayTime` (split null).
 */
export const GET = playgroundRoute<{ id: string }>(async (ctx, { id }): Promise<RunTimings> => {
  const run = ownRun(ctx, id);
  if (run.expired || (await getPlatformEnvironment()).kind !== "local")
    return { delayTime: run.delayTime, split: null };
  try {
    const detail = await getJobDetail(ctx.cloud, run.jobId);
    const delayTime = detail.job.delayTime ?? run.delayTime;
    const why = detail.why;
    const coldStart = why.reasons.some((r) => r.code === "COLD_START");
    const reason = why.reasons.find((r) => r.code !== "COLD_START") ?? why.reasons[0];
    const waiting = why.waiting
      ? {
          phase: coldStart ? ("cold-start" as const) : ("queue" as const),
          ...(reason ? { reason: reason.message } : {}),
        }
      : null;
    return { delayTime, split: splitDelay(detail.events, delayTime), waiting };
  } catch (error) {
    // The job expired on the platform: the history still has delayTime.
    if (error instanceof CloudError && error.status === 404)
      return { delayTime: run.delayTime, split: null };
    throw error;
  }
});
