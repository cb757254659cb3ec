"use client";

import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { EmptyState } from "@/components/ui/empty-state";
import { useEndpointReleases } from "@/lib/queries/endpoints";
import { describeReleaseChange, type ReleaseChange } from "@/lib/release-diff";

export function EndpointReleases({ id }: { id: string }) {
  const query = useEndpointReleases(id);
  if (query.isPending) return <Loading what="releases" />;
  if (query.isError)
    return <LoadError what="releases" error={query.error} onRetry={() => query.refetch()} />;
  const { rollout, releases } = query.data;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {rollout.inProgress
          ? `Rolling out: ${rollout.workersOnLatest} of ${rollout.workersTotal} workers (${rollout.percentOnLatest}%) on the latest release.`
          : "No rollout in progress. Every settings change that affects workers creates a release."}
      </p>
      {releases.length === 0 && (
        <EmptyState title="No releases yet">
          <p>
            A release records each settings change that affects workers (image, env, GPU, disk…),
            with what changed. Change something under Settings to see one here, and watch workers
            roll over to it.
          </p>
        </EmptyState>
      )}
      <ol className="space-y-3">
        {releases.map((r) => (
          <li
            key={r.id}
            className="rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-800"
          >
            <p className="font-medium">
              Version {r.version ?? "—"} · {r.source === "MANUAL" ? "settings change" : "git build"}{" "}
              · <TimeAgo iso={r.createdAt} /> · {r.workerCount}{" "}
              {r.workerCount === 1 ? "worker" : "workers"}
            </p>
            <ul className="mt-2 space-y-1">
              {r.diff.map((d) => (
                <Change key={d.field} change={describeReleaseChange(d, r.version === 1)} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

const VALUE = "rounded px-1 font-mono text-xs break-all";

/** One setting's change: its name, then the old value struck through and the new one. */
function Change({ change: c }: { change: ReleaseChange }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="sr-only">{c.sentence}</span>
      <span aria-hidden="true" className="font-medium">
        {c.label}
      </span>
      <span aria-hidden="true" className="flex flex-wrap items-baseline gap-x-1.5">
        {c.kind === "set" && (
          <span className={`${VALUE} bg-neutral-100 dark:bg-neutral-800`}>{c.after}</span>
        )}
        {c.kind === "added" && (
          <>
            <span className="text-xs text-neutral-600 dark:text-neutral-400">added</span>
            <ins
              className={`${VALUE} bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-200`}
            >
              {c.after}
            </ins>
          </>
        )}
        {c.kind === "removed" && (
          <>
            <span className="text-xs text-neutral-600 dark:text-neutral-400">removed</span>
            <del className={`${VALUE} bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200`}>
              {c.before}
            </del>
          </>
        )}
        {c.kind === "changed" && (
          <>
            <del className={`${VALUE} bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200`}>
              {c.before}
            </del>
            <span className="text-neutral-500">→</span>
            <ins
              className={`${VALUE} bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-200`}
            >
              {c.after}
            </ins>
          </>
        )}
      </span>
    </li>
  );
}
