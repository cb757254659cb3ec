"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { duration } from "@/components/forms/format";
import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { rerunPlayground } from "@/lib/actions/playground";
import type { PlaygroundRun, RunTarget } from "@/lib/console-store/run-view";
import { describeProblem } from "@/lib/queries/describe-problem";
import { playgroundKeys, usePlaygroundHistory } from "@/lib/queries/playground";
import { useAction } from "@/lib/queries/use-action";
import { JobStatusDot } from "./job-status";
import { compareHref, playgroundHref } from "./run-links";
import { formatRunCost, useRunTargets } from "./run-target";

/** The input in a few words: the prompt, the last message, or the JSON. */
function summary(input: unknown): string {
  if (input && typeof input === "object") {
    const record = input as Record<string, unknown>;
    if (typeof record.prompt === "string") return record.prompt;
    if (typeof record.text === "string") return record.text;
    if (Array.isArray(record.messages)) {
      const last = record.messages.at(-1) as { content?: unknown } | undefined;
      if (typeof last?.content === "string") return last.content;
    }
  }
  return JSON.stringify(input);
}

/**
 * Runs the console kept (server side, per account), so they outlive the platform's result
 * retention: input, status, timings, cost, a thumbnail; re-run or open one in the playground.
 */
export function RunHistory({ target, title }: { target?: RunTarget; title: string }) {
  const history = usePlaygroundHistory(target);
  // Endpoint runs are named after their endpoint and priced like its Requests tab.
  const targets = useRunTargets(
    target?.kind === "endpoint" ||
      (!target && (history.data?.some((r) => r.target.kind === "endpoint") ?? false)),
  );
  const router = useRouter();
  const toast = useToast();
  const rerun = useAction(rerunPlayground, [playgroundKeys.histories()]);
  // Up to two runs picked for the compare view; a third pick drops the earliest pick.
  const [picked, setPicked] = useState<string[]>([]);
  const shown = new Set(history.data?.map((r) => r.id));
  const selected = picked.filter((id) => shown.has(id));

  function onPick(id: string, on: boolean) {
    setPicked((current) => {
      const rest = current.filter((x) => x !== id && shown.has(x));
      return on ? [...rest, id].slice(-2) : rest;
    });
  }

  function compareUrl(): string | undefined {
    if (selected.length !== 2 || !history.data) return undefined;
    // Older run as A, newer as B (the history is newest first).
    const [newer, older] = history.data.filter((r) => selected.includes(r.id));
    return newer && older ? compareHref(older.id, newer.id) : undefined;
  }
  const compare = compareUrl();

  async function onRerun(run: PlaygroundRun) {
    const result = await rerun.mutateAsync({ id: run.id });
    if (!result.ok) {
      toast({ tone: "error", title: "Not run", description: describeProblem(result.problem) });
      return;
    }
    router.push(playgroundHref(result.data.target, result.data.id));
  }

  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-heading" className="text-base font-semibold">
          {title}
        </h2>
        {history.data && history.data.length > 1 && (
          <div className="flex items-center gap-3 text-sm text-neutral-600 dark:text-neutral-400">
            <span aria-live="polite">
              {selected.length === 2
                ? "2 runs selected"
                : `Select ${2 - selected.length} more run${selected.length === 1 ? "" : "s"} to compare`}
            </span>
            {compare ? (
              <Link href={compare} className={buttonClasses("primary", "sm")}>
                Compare
              </Link>
            ) : (
              <Button variant="secondary" size="sm" disabled>
                Compare
              </Button>
            )}
          </div>
        )}
      </div>
      {history.isPending ? (
        <Loading what="your runs" />
      ) : history.isError ? (
        <LoadError what="your runs" error={history.error} onRetry={() => history.refetch()} />
      ) : history.data.length === 0 ? (
        <EmptyState title="No runs yet">
          <p>
            Each run you start here is kept by the console with its input, timings, cost and a
            thumbnail, even after the platform forgets the result.
          </p>
        </EmptyState>
      ) : (
        <Table>
          <caption className="sr-only">{title}</caption>
          <THead>
            <tr>
              <Th>
                <span className="sr-only">Compare</span>
              </Th>
              <Th>Result</Th>
              {!target && <Th>Target</Th>}
              <Th>Input</Th>
              <Th>Status</Th>
              <Th>Delay</Th>
              <Th>Execution</Th>
              <Th>Cost</Th>
              <Th>Started</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {history.data.map((run) => (
              <Tr key={run.id}>
                <Td className="w-8 pr-0">
                  <input
                    type="checkbox"
                    checked={selected.includes(run.id)}
                    onChange={(e) => onPick(run.id, e.target.checked)}
                    aria-label={`Select ${run.jobId} to compare`}
                    className="size-4 accent-violet-600"
                  />
                </Td>
                <Td>
                  {run.hasThumbnail ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a small WebP the console serves itself
                    <img
                      src={`/api/playground/runs/${encodeURIComponent(run.id)}/thumbnail`}
                      alt={`Result of run ${run.jobId}`}
                      width={48}
                      height={48}
                      className="size-12 rounded object-cover"
                    />
                  ) : (
                    <span className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                      {run.jobId.slice(0, 8)}
                    </span>
                  )}
                </Td>
                {!target && <Td>{targets.name(run.target)}</Td>}
                <Td className="max-w-xs truncate" title={summary(run.input)}>
                  {summary(run.input)}
                </Td>
                <Td>
                  <JobStatusDot status={run.status} />
                  {run.expired && (
                    <span className="ml-1 text-xs text-neutral-600 dark:text-neutral-400">
                      (expired)
                    </span>
                  )}
                </Td>
                <Td>{duration(run.delayTime)}</Td>
                <Td>{duration(run.executionTime)}</Td>
                <Td title={targets.cost(run)?.basis}>{formatRunCost(targets.cost(run))}</Td>
                <Td>
                  <TimeAgo iso={run.createdAt} />
                </Td>
                <Td className="whitespace-nowrap">
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => onRerun(run)}
                      disabled={rerun.isPending}
                      aria-label={`Re-run ${run.jobId}`}
                    >
                      Re-run
                    </Button>
                    <Link
                      href={playgroundHref(run.target, run.id)}
                      className={buttonClasses("ghost", "sm")}
                      aria-label={`Open ${run.jobId} in playground`}
                    >
                      Open
                    </Link>
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}
