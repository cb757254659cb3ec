"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { duration } from "@/components/forms/format";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { diffInputs, sameValue } from "@/lib/console-store/input-diff";
import type { PlaygroundRun, RunTimings } from "@/lib/console-store/run-view";
import { usePlaygroundRun, useRunTimings } from "@/lib/queries/playground";
import { JobStatusDot } from "./job-status";
import { Preview } from "./run-preview";
import { playgroundHref } from "./run-links";
import { formatRunCost, useRunTargets } from "./run-target";

function show(value: unknown): string {
  if (value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/**
 * Two runs of the history side by side (`/playground/compare?a=&b=`): the inputs field by field
 * with differing fields highlighted, then status, timings and cost, then both outputs. The runs
 * are kept live while unfinished (the same cache entries the result pane uses).
 */
export function RunCompare({ a, b }: { a: string; b: string }) {
  const runA = usePlaygroundRun(a, { live: true });
  const runB = usePlaygroundRun(b, { live: true });
  const timingsA = useRunTimings(runA.data).data;
  const timingsB = useRunTimings(runB.data).data;
  const targets = useRunTargets(
    runA.data?.target.kind === "endpoint" || runB.data?.target.kind === "endpoint",
  );

  for (const [query, label] of [
    [runA, "run A"],
    [runB, "run B"],
  ] as const)
    if (query.isError)
      return <LoadError what={label} error={query.error} onRetry={() => query.refetch()} />;
  if (!runA.data || !runB.data) return <Loading what="both runs" />;
  const [ra, rb] = [runA.data, runB.data];

  return (
    <div className="space-y-8">
      <CompareTable caption="Input, field by field" a={ra} b={rb}>
        {diffInputs(ra.input, rb.input).map((f) => (
          <CompareRow key={f.field} label={f.field} differs={f.differs} mono>
            {show(f.a)}
            {show(f.b)}
          </CompareRow>
        ))}
      </CompareTable>
      <CompareTable caption="Status, timings and cost" a={ra} b={rb}>
        <CompareRow label="Target" differs={!sameValue(ra.target, rb.target)}>
          {targets.name(ra.target)}
          {targets.name(rb.target)}
        </CompareRow>
        <CompareRow label="Status" differs={ra.status !== rb.status}>
          <JobStatusDot status={ra.status} />
          <JobStatusDot status={rb.status} />
        </CompareRow>
        <CompareRow label="Queue + cold start">
          {duration(ra.delayTime)}
          {duration(rb.delayTime)}
        </CompareRow>
        {(timingsA?.split || timingsB?.split) && (
          <>
            <CompareRow label="Queue wait">
              {splitPart(timingsA, "queueWait")}
              {splitPart(timingsB, "queueWait")}
            </CompareRow>
            <CompareRow label="Cold start">
              {splitPart(timingsA, "coldStart")}
              {splitPart(timingsB, "coldStart")}
            </CompareRow>
          </>
        )}
        <CompareRow label="Execution">
          {duration(ra.executionTime)}
          {duration(rb.executionTime)}
        </CompareRow>
        <CompareRow label="Cost">
          {formatRunCost(targets.cost(ra))}
          {formatRunCost(targets.cost(rb))}
        </CompareRow>
        <CompareRow label="Worker">
          {ra.workerId ?? "—"}
          {rb.workerId ?? "—"}
        </CompareRow>
      </CompareTable>
      <div className="grid gap-6 lg:grid-cols-2">
        {[ra, rb].map((run, i) => (
          <section
            key={run.id}
            aria-label={`Output of run ${i === 0 ? "A" : "B"}`}
            className="min-w-0 space-y-2"
          >
            <h2 className="text-base font-semibold">
              Output of run {i === 0 ? "A" : "B"}{" "}
              <span className="font-mono text-xs font-normal text-neutral-500">{run.jobId}</span>
            </h2>
            <Preview run={run} />
          </section>
        ))}
      </div>
    </div>
  );
}

function splitPart(timings: RunTimings | undefined, part: "queueWait" | "coldStart") {
  if (!timings?.split) return "—";
  const ms = timings.split[part];
  return part === "coldStart" && ms === 0 ? "warm worker" : duration(ms);
}

function CompareTable({
  caption,
  a,
  b,
  children,
}: {
  caption: string;
  a: PlaygroundRun;
  b: PlaygroundRun;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="px-4 py-2 text-left text-base font-semibold">{caption}</caption>
        <thead className="bg-neutral-50 text-neutral-600 dark:bg-neutral-900 dark:text-neutral-400">
          <tr>
            <th scope="col" className="w-48 px-4 py-2.5 text-xs font-medium">
              Field
            </th>
            {[a, b].map((run, i) => (
              <th key={run.id} scope="col" className="px-4 py-2.5 text-xs font-medium">
                Run {i === 0 ? "A" : "B"} ·{" "}
                <Link href={playgroundHref(run.target, run.id)} className="font-mono underline">
                  {run.jobId}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">{children}</tbody>
      </table>
    </div>
  );
}

/** One line of the comparison: a label, then run A's value, then run B's. */
function CompareRow({
  label,
  differs = false,
  mono = false,
  children,
}: {
  label: string;
  differs?: boolean;
  mono?: boolean;
  children: [ReactNode, ReactNode];
}) {
  return (
    <tr
      data-differs={differs || undefined}
      className={cx(differs && "bg-amber-50 dark:bg-amber-950/40")}
    >
      <th scope="row" className="px-4 py-2 align-top font-medium">
        <span className={cx(mono && "font-mono")}>{label}</span>
        {differs && (
          <Badge tone="warning" className="ml-2">
            Differs
          </Badge>
        )}
      </th>
      {children.map((value, i) => (
        <td
          key={i}
          className={cx(
            "px-4 py-2 align-top break-words",
            mono && "font-mono text-xs whitespace-pre-wrap",
          )}
        >
          {value}
        </td>
      ))}
    </tr>
  );
}
