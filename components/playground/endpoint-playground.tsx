"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { Loading, LoadError } from "@/components/forms/query-states";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import type { PlaygroundRun } from "@/lib/console-store/run-view";
import { useEndpoint } from "@/lib/queries/endpoints";
import { usePlaygroundRun } from "@/lib/queries/playground";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { EndpointInputFormOnDemand } from "./endpoint-input-form-on-demand";
import { ResultPane } from "./result-pane";
import { RunHistory } from "./run-history";
import { playgroundHref } from "./run-links";

// Only for an id the platform does not know: its page's code loads when it shows.
const EndpointNotFound = lazyPart(() =>
  import("@/components/endpoints/endpoint-not-found").then((m) => m.EndpointNotFound),
);
const EndpointInputFormNow = lazyPart(() =>
  import("./endpoint-input-form").then((m) => m.EndpointInputForm),
);

/** The playground for one of the user's own queue endpoints: JSON input, same result pane. */
export function EndpointPlayground({ id, runId }: { id: string; runId?: string }) {
  const endpoint = useEndpoint(id);
  const opened = usePlaygroundRun(runId);
  if (endpoint.isPending || (runId && opened.isPending)) return <Loading what="the endpoint" />;
  if (endpoint.isError && endpoint.error.status === 404) return <EndpointNotFound id={id} />;
  if (endpoint.isError)
    return (
      <LoadError
        what={`endpoint ${id}`}
        error={endpoint.error}
        onRetry={() => endpoint.refetch()}
      />
    );
  if (endpoint.data.type === "LOAD_BALANCER")
    return (
      <EmptyState title="Load balancers have no job queue">
        <p>
          The playground sends jobs (<code className="font-mono">/run</code>); a load-balancing
          endpoint answers plain HTTP requests instead. See its{" "}
          <Link className="underline" href={`/serverless/${encodeURIComponent(id)}`}>
            overview
          </Link>
          .
        </p>
      </EmptyState>
    );
  return <Loaded endpoint={endpoint.data} runId={runId} opened={opened.data} />;
}

function Loaded({
  endpoint,
  runId: initialRunId,
  opened,
}: {
  endpoint: Endpoint;
  runId?: string;
  opened?: PlaygroundRun;
}) {
  const target = useMemo(() => ({ kind: "endpoint" as const, id: endpoint.id }), [endpoint.id]);
  const [runId, setRunId] = useState(initialRunId);
  // Opened from a past run, the form fills in from it at once: its code loads with the page.
  const Form = opened ? EndpointInputFormNow : EndpointInputFormOnDemand;

  function onRun(id: string) {
    setRunId(id);
    window.history.replaceState(null, "", playgroundHref(target, id));
  }

  return (
    <div className="space-y-8">
      <header className="space-y-1 border-b border-neutral-200 pb-5 dark:border-neutral-800">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Your endpoint</p>
        <h1 className="text-2xl font-semibold tracking-tight">{endpoint.name}</h1>
        <p className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <span className="font-mono">{endpoint.id}</span>
          <CopyButton value={endpoint.id} label="Copy id" />
          <Link className="underline" href={`/serverless/${encodeURIComponent(endpoint.id)}`}>
            Endpoint page
          </Link>
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-2">
        <Form endpoint={endpoint} opened={opened} runId={runId} onRun={onRun} />
        <ResultPane
          runId={runId}
          idleHint="Run the endpoint to see the job's status and output here."
        />
      </div>
      <RunHistory target={target} title={`Your recent runs of ${endpoint.name}`} />
    </div>
  );
}
