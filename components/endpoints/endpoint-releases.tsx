"use client";

import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { EmptyState } from "@/components/ui/empty-state";
import { useEndpointReleases } from "@/lib/queries/endpoints";

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

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
              · <TimeAgo iso={r.createdAt} /> · {r.workerCount} workers
            </p>
            <ul className="mt-2 space-y-0.5 font-mono text-xs">
              {r.diff.map((d) => (
                <li key={d.field}>
                  {d.field}: {show(d.old)} → {show(d.new)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
