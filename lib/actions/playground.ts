"use server";

import { z } from "zod";
import { CloudError } from "@/lib/cloud/errors";
import { getPlatformEnvironment } from "@/lib/cloud/environment";
import { cancelJob, runJob } from "@/lib/cloud/jobs";
import {
  playgroundContext,
  runNotFound,
  type PlaygroundContext,
} from "@/lib/console-store/context";
import { RunTarget, targetSegment, type PlaygroundRun } from "@/lib/console-store/run-view";
import { parseModelInput } from "@/lib/models";
import { JobPolicy, JobRequest } from "@/lib/schemas/jobs";
import { defineAction } from "./define-action";

const RunPlaygroundInput = z.object({
  target: RunTarget,
  input: z.record(z.string(), z.unknown()),
  policy: JobPolicy.optional(),
  webhook: JobRequest.shape.webhook,
});
type RunPlaygroundInput = z.infer<typeof RunPlaygroundInput>;

async function submit(ctx: PlaygroundContext, request: RunPlaygroundInput): Promise<PlaygroundRun> {
  let input: Record<string, unknown> = request.input;
  if (request.target.kind === "model") {
    // The catalogue's schema, as the platform applies it: a bad input never becomes a job, and
    // the job carries every default (what the code drawer shows).
    const parsed = parseModelInput(request.target.slug, request.input);
    if (!parsed.ok)
      throw new CloudError({ status: 422, title: "Unprocessable Entity", detail: parsed.error });
    input = parsed.input;
  }
  const job = await runJob(ctx.cloud, targetSegment(request.target), {
    input,
    ...(request.policy && Object.keys(request.policy).length > 0 ? { policy: request.policy } : {}),
    ...(request.webhook ? { webhook: request.webhook } : {}),
  });
  const environment = await getPlatformEnvironment();
  return ctx.runs.insert({
    owner: ctx.owner,
    target: request.target,
    jobId: job.id,
    status: job.status,
    input,
    policy: request.policy,
    webhook: request.webhook,
    local: environment.kind === "local",
  });
}

/** Queues a run (`/run`) and records it in the history; the page follows it through an SSE route. */
export const runPlayground = defineAction(RunPlaygroundInput, async (_cloud, request) =>
  submit(await playgroundContext(), request),
);

/** The same target, input, policy and webhook as a run in the history, as a new run. */
export const rerunPlayground = defineAction(
  z.object({ id: z.string().min(1) }),
  async (_c, { id }) => {
    const ctx = await playgroundContext();
    const run = ctx.runs.get(ctx.owner, id);
    if (!run) throw runNotFound(id);
    return submit(ctx, {
      target: run.target,
      input: (run.input ?? {}) as Record<string, unknown>,
      policy: run.policy,
      webhook: run.webhook,
    });
  },
);

/** `/cancel` for a run of the history. */
export const cancelPlaygroundRun = defineAction(
  z.object({ id: z.string().min(1) }),
  async (_cloud, { id }) => {
    const ctx = await playgroundContext();
    const run = ctx.runs.get(ctx.owner, id);
    if (!run) throw runNotFound(id);
    const job = await cancelJob(ctx.cloud, targetSegment(run.target), run.jobId);
    return ctx.runs.update(ctx.owner, id, job) ?? run;
  },
);
