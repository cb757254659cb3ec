"use client";

import { useState } from "react";
import { LoadError } from "@/components/forms/query-states";
import { Badge } from "@/components/ui/badge";
import { lazyPart } from "@/components/ui/lazy-part";
import { usePlaygroundRun } from "@/lib/queries/playground";
import { JobStatusDot } from "./job-status";
import type { View } from "./run-result";

function Placeholder({ loading, hint }: { loading: boolean; hint: string }) {
  return (
    <div
      role={loading ? "status" : undefined}
      className="flex min-h-64 items-center justify-center rounded-lg border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
    >
      {loading ? "Loading the run…" : hint}
    </div>
  );
}

const RunResult = lazyPart(() => import("./run-result").then((m) => m.RunResult), {
  fallback: <Placeholder loading hint="" />,
});

/** The right-hand pane: live status, timings, streamed text, the result, raw JSON, cancel, download. */
export function ResultPane({ runId, idleHint }: { runId: string | undefined; idleHint: string }) {
  const query = usePlaygroundRun(runId, { live: true });
  const run = query.data;
  const [view, setView] = useState<View>("preview");

  return (
    <section aria-labelledby="result-heading" className="min-w-0 space-y-3">
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="result-heading" className="text-lg font-medium">
          Result
        </h2>
        <span aria-label="Job status">
          <JobStatusDot status={run?.status} />
        </span>
        {run?.local && (
          <Badge tone="accent" className="ml-auto">
            Synthetic output of the local platform
          </Badge>
        )}
      </header>
      {runId && query.isError ? (
        <LoadError what="the run" error={query.error} onRetry={() => query.refetch()} />
      ) : !run ? (
        <Placeholder loading={runId !== undefined} hint={idleHint} />
      ) : (
        <RunResult run={run} view={view} onView={setView} />
      )}
    </section>
  );
}
