"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { FormProblem } from "@/components/forms/form-problem";
import { Button } from "@/components/ui/button";
import { runPlayground } from "@/lib/actions/playground";
import type { PlaygroundRun } from "@/lib/console-store/run-view";
import { describeProblem } from "@/lib/queries/describe-problem";
import { playgroundKeys, usePlaygroundRun } from "@/lib/queries/playground";
import { useAction } from "@/lib/queries/use-action";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { AdvancedOptions, EMPTY_ADVANCED, advancedFrom, parseAdvanced } from "./advanced-options";
import { CodeDrawer } from "./code-drawer";
import { JsonEditor } from "./json-editor";
import { RunButton, runOnModEnter } from "./run-button";

/** A first input that does something on the endpoint's image (the mock worker echoes mock_return). */
function exampleFor(endpoint: Endpoint): Record<string, unknown> {
  return /mock-worker/.test(endpoint.image ?? "")
    ? { mock_return: "Hello from the playground", mock_delay: 1 }
    : { prompt: "Hello" };
}

/**
 * The input of a run on one of the user's queue endpoints: JSON, the advanced options and the
 * request code. Its code (zod, through the job schemas) loads when the user reaches for it
 * (`EndpointInputFormOnDemand`); `opened` is a past run whose input fills it, `runId` the run the
 * result pane shows, `onRun` hears each new run.
 */
export function EndpointInputForm({
  endpoint,
  opened,
  runId,
  onRun,
}: {
  endpoint: Endpoint;
  opened?: PlaygroundRun;
  runId?: string;
  onRun: (id: string) => void;
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
    onRun(result.data.id);
  }

  return (
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
      <AdvancedOptions value={advancedText} onChange={setAdvancedText} errors={advanced.errors} />
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
  );
}
