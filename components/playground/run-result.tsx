"use client";

import { useQueryClient } from "@tanstack/react-query";
import { duration } from "@/components/forms/format";
import { poolsFromCatalog } from "@/components/endpoints/gpu-pools";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { cx } from "@/components/ui/cx";
import { useToast } from "@/components/ui/toast";
import { cancelPlaygroundRun } from "@/lib/actions/playground";
import { mediaOf } from "@/lib/console-store/output";
import type { PlaygroundRun } from "@/lib/console-store/run-view";
import { describeProblem } from "@/lib/queries/describe-problem";
import { useGpuTypes } from "@/lib/queries/catalog";
import { useEndpoint } from "@/lib/queries/endpoints";
import { playgroundKeys, useRunTimings } from "@/lib/queries/playground";
import { useAction } from "@/lib/queries/use-action";
import { isTerminalJobStatus } from "@/lib/schemas/job-statuses";
import { Preview } from "./run-preview";
import { formatRunCost, runCost } from "./run-target";
import { useElapsed } from "./use-elapsed";

export type View = "preview" | "json";

/** The platform's cost of a model run, or the Requests tab's estimate for an own endpoint's run. */
function useRunCost(run: PlaygroundRun) {
  const endpointId = run.target.kind === "endpoint" ? run.target.id : undefined;
  const endpoint = useEndpoint(endpointId ?? "", {
    enabled: endpointId !== undefined && run.cost === undefined,
  });
  const gpus = useGpuTypes();
  return runCost(run, endpoint.data, gpus.data ? poolsFromCatalog(gpus.data) : null);
}

/**
 * A run's timings, job id, preview or raw JSON, cancel and download: the result pane once there is a
 * run. Its code (the previews, the cost's catalogue, the cancel action) loads with the first run
 * (`ResultPane`), not with the playground page.
 */
export function RunResult({
  run,
  view,
  onView,
}: {
  run: PlaygroundRun;
  view: View;
  onView: (v: View) => void;
}) {
  const toast = useToast();
  const client = useQueryClient();
  const cancel = useAction(cancelPlaygroundRun, [playgroundKeys.histories()]);
  const running = !isTerminalJobStatus(run.status) && !run.expired;
  const elapsed = useElapsed(
    run.createdAt,
    running ? undefined : (run.finishedAt ?? run.updatedAt),
  );
  // Only against the local platform: the real service has no job timeline.
  const split = useRunTimings(run).data?.split;
  const cost = useRunCost(run);
  const media = mediaOf(run.output);
  const downloadHref =
    media && run.target.kind === "model"
      ? `/api/playground/runs/${encodeURIComponent(run.id)}/download`
      : media?.url;

  async function onCancel() {
    const result = await cancel.mutateAsync({ id: run.id });
    if (result.ok) client.setQueryData(playgroundKeys.run(run.id), result.data);
    else
      toast({
        tone: "error",
        title: "Not cancelled",
        description: describeProblem(result.problem),
      });
  }

  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-label="Timings"
        className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4"
      >
        <Timing label="Elapsed" value={elapsed === undefined ? "—" : duration(elapsed)} />
        <Timing
          label="Queue + cold start"
          value={duration(run.delayTime)}
          title="delayTime: from submission until a worker started the job"
        />
        {split && (
          <>
            <Timing
              label="Queue wait"
              value={duration(split.queueWait)}
              title="From submission until a worker was free (local platform job timeline)"
            />
            <Timing
              label="Cold start"
              value={split.coldStart === 0 ? "warm worker" : duration(split.coldStart)}
              title="While the worker that took the job was starting (local platform job timeline)"
            />
          </>
        )}
        <Timing label="Execution" value={duration(run.executionTime)} title="executionTime" />
        <Timing label="Cost" value={formatRunCost(cost)} title={cost?.basis} />
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-neutral-600 dark:text-neutral-400">
        <span>
          Job <span className="font-mono">{run.jobId}</span>
        </span>
        <CopyButton value={run.jobId} label="Copy job id" />
        {run.workerId && (
          <span>
            on worker <span className="font-mono">{run.workerId}</span>
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="tablist"
          aria-label="Result view"
          className="inline-flex rounded-md border border-neutral-300 dark:border-neutral-700"
        >
          {(["preview", "json"] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              onClick={() => onView(v)}
              className={cx(
                "px-3 py-1.5 text-sm first:rounded-l-md last:rounded-r-md",
                view === v
                  ? "bg-neutral-100 font-medium dark:bg-neutral-800"
                  : "text-neutral-600 hover:bg-neutral-50 dark:text-neutral-400 dark:hover:bg-neutral-900",
              )}
            >
              {v === "preview" ? "Preview" : "JSON"}
            </button>
          ))}
        </div>
        <div className="ml-auto flex gap-2">
          {running && (
            <Button variant="danger" size="sm" onClick={onCancel} pending={cancel.isPending}>
              Cancel
            </Button>
          )}
          {media && downloadHref && (
            <a
              href={downloadHref}
              download
              target={run.target.kind === "model" ? undefined : "_blank"}
              rel="noreferrer"
              className={buttonClasses("secondary", "sm")}
            >
              Download {media.kind}
            </a>
          )}
        </div>
      </div>
      <div role="tabpanel" aria-label={view === "preview" ? "Preview" : "JSON"}>
        {view === "preview" ? <Preview run={run} /> : <RawJson run={run} />}
      </div>
    </div>
  );
}

export function Timing({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div role="group" aria-label={label} title={title}>
      <dl>
        <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
        <dd className="font-medium tabular-nums">{value}</dd>
      </dl>
    </div>
  );
}

function RawJson({ run }: { run: PlaygroundRun }) {
  const job = {
    id: run.jobId,
    status: run.status,
    delayTime: run.delayTime,
    executionTime: run.executionTime,
    workerId: run.workerId,
    output: run.output,
    error: run.error,
    ...(run.stream.length > 0 ? { stream: run.stream.map((output) => ({ output })) } : {}),
  };
  const text = JSON.stringify(job, null, 2);
  return (
    <div className="relative">
      <CopyButton value={text} label="Copy JSON" className="absolute top-2 right-2" />
      <pre
        tabIndex={0}
        className="max-h-[36rem] overflow-auto rounded-lg border border-neutral-200 bg-white p-3 font-mono text-xs dark:border-neutral-800 dark:bg-neutral-950"
      >
        {text}
      </pre>
    </div>
  );
}
