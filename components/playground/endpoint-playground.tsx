"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { FormProblem } from "@/components/forms/form-problem";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { runPlayground } from "@/lib/actions/playground";
import type { PlaygroundRun } from "@/lib/console-store/run-view";
import { describeProblem } from "@/lib/queries/apply-problem";
import { useEndpoint } from "@/lib/queries/endpoints";
import { playgroundKeys, usePlaygroundRun } from "@/lib/queries/playground";
import { useAction } from "@/lib/queries/use-action";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { EndpointNotFound } from "@/components/endpoints/endpoint-not-found";
import { AdvancedOptions, EMPTY_ADVANCED, advancedFrom, parseAdvanced } from "./advanced-options";
import { CodeDrawer } from "./code-drawer";
import { JsonEditor } from "./json-editor";
import { ResultPane } from "./result-pane";
import { RunButton, runOnModEnter } from "./run-button";
import { RunHistory } from "./run-history";
import { playgroundHref } from "./run-links";

/** A first input that does something on the endpoint's image (the mock worker echoes mock_return). */
function exampleFor(endpoint: Endpoint): Record<string, unknown> {
  return /mock-worker/.test(endpoint.image ?? "")
    ? { mock_return: "Hello from the playground", mock_delay: 1 }
    : { prompt: "Hello" };
}

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
  const seed = useMemo(
    () =>
      opened && typeof opened.input === "object" && opened.input !== null
        ? (opened.input as Record<string, unknown>)
        : exampleFor(endpoint),
    [opened, endpoint],
  );
  const [input, setInput] = useState(seed);
  const [jsonError, setJsonError] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const [advancedText, setAdvancedText] = useState(() =>
    opened ? advancedFrom(opened.policy, opened.webhook) : EMPTY_ADVANCED,
  );
  const advanced = parseAdvanced(advancedText);
  const [runId, setRunId] = useState(initialRunId);
  const [problem, setProblem] = useState<string>();
  const client = useQueryClient();
  const run = useAction(runPlayground, [playgroundKeys.histories()]);
  const runData = usePlaygroundRun(runId).data;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (jsonError) return setProblem(`Fix the JSON first: ${jsonError}`);
    if (Object.keys(advanced.errors).length > 0)
      return setProblem("Fix the advanced settings first.");
    const result = await run.mutateAsync({
      target,
      input,
      policy: advanced.policy,
      webhook: advanced.webhook,
    });
    if (!result.ok) return setProblem(describeProblem(result.problem));
    client.setQueryData(playgroundKeys.run(result.data.id), result.data);
    setRunId(result.data.id);
    window.history.replaceState(null, "", playgroundHref(target, result.data.id));
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
        <form
          noValidate
          aria-labelledby="input-heading"
          onSubmit={submit}
          onKeyDown={runOnModEnter}
          className="min-w-0 space-y-4"
        >
          <div className="flex items-center gap-2">
            <h2 id="input-heading" className="mr-auto text-lg font-medium">
              Input
            </h2>
            <CodeDrawer
              target={target}
              input={input}
              policy={advanced.policy}
              webhook={advanced.webhook}
              jobId={runData?.jobId}
            />
          </div>
          <JsonEditor
            key={generation}
            label="Input (JSON)"
            hint={`Sent as the job's input: your handler receives it as job["input"].`}
            value={input}
            onChange={setInput}
            onValidity={setJsonError}
          />
          <AdvancedOptions
            value={advancedText}
            onChange={setAdvancedText}
            errors={advanced.errors}
          />
          <FormProblem message={problem} />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setInput(exampleFor(endpoint));
                setJsonError(undefined);
                setAdvancedText(EMPTY_ADVANCED);
                setGeneration((g) => g + 1);
              }}
            >
              Reset
            </Button>
            <RunButton pending={run.isPending} />
          </div>
        </form>
        <ResultPane
          runId={runId}
          idleHint="Run the endpoint to see the job's status and output here."
        />
      </div>
      <RunHistory target={target} title={`Your recent runs of ${endpoint.name}`} />
    </div>
  );
}
