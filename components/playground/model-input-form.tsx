"use client";

import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { FormProblem } from "@/components/forms/form-problem";
import { usd } from "@/components/forms/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { runPlayground } from "@/lib/actions/playground";
import {
  exampleInput,
  findModel,
  inputErrorMap,
  type HostedModel,
  type ModelInput,
} from "@/lib/models";
import { describeProblem } from "@/lib/queries/describe-problem";
import { playgroundKeys, usePlaygroundRun } from "@/lib/queries/playground";
import { useAction } from "@/lib/queries/use-action";
import { AdvancedOptions, EMPTY_ADVANCED, parseAdvanced, advancedFrom } from "./advanced-options";
import { CodeDrawer } from "./code-drawer";
import { JsonEditor } from "./json-editor";
import { ModelField } from "./model-fields";
import { RunButton, runOnModEnter } from "./run-button";

type Mode = "form" | "json";

/** Every message of a nested error tree, with its path: shown above Run in JSON mode. */
function flattenErrors(errors: FieldErrors, prefix = ""): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === "root") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === "string") out.push(`${path}: ${value.message}`);
    else out.push(...flattenErrors(value as FieldErrors, path));
  }
  return out;
}

/**
 * A hosted model's input: a form rendered from its catalogue entry (or its JSON), the advanced
 * options, the price and the request code. Its code (react-hook-form, zod and the model catalogue)
 * loads when the user reaches for it (`ModelInputFormOnDemand`); `opened` is a run whose input
 * fills the form, `runId` the run the result pane shows, `onRun` hears each new run.
 */
export function ModelInputForm({
  slug,
  opened: initialRunId,
  runId,
  onRun,
}: {
  slug: string;
  opened?: string;
  runId?: string;
  onRun: (id: string) => void;
}) {
  const model = findModel(slug) as HostedModel;
  const defaults = useMemo(() => exampleInput(slug) ?? {}, [slug]);
  const target = useMemo(() => ({ kind: "model" as const, slug }), [slug]);
  const [mode, setMode] = useState<Mode>("form");
  const [generation, setGeneration] = useState(0);
  const [advancedText, setAdvancedText] = useState(EMPTY_ADVANCED);
  const [jsonError, setJsonError] = useState<string>();
  const advanced = parseAdvanced(advancedText);
  const client = useQueryClient();
  const run = useAction(runPlayground, [playgroundKeys.histories()]);

  const form = useForm<ModelInput>({
    resolver: zodResolver(model.input, { error: inputErrorMap }) as unknown as Resolver<ModelInput>,
    defaultValues: defaults,
    mode: "onChange",
  });
  showDefaultsInHtml(form);

  // "Open in playground" from the history: the run's input fills the form once.
  const opened = usePlaygroundRun(initialRunId);
  const seeded = useRef(false);
  useEffect(() => {
    const source = opened.data;
    if (seeded.current || !source || typeof source.input !== "object" || source.input === null)
      return;
    seeded.current = true;
    form.reset(source.input as ModelInput, { keepDefaultValues: true });
    setAdvancedText(advancedFrom(source.policy, source.webhook));
    setGeneration((g) => g + 1);
  }, [opened.data, form]);

  const values = useWatch({ control: form.control }) as ModelInput;
  const parsed = model.input.safeParse(values);
  const current: ModelInput = parsed.success ? (parsed.data as ModelInput) : values;
  const estimate = parsed.success && model.kind !== "text" ? model.cost(parsed.data) : undefined;

  const main = model.fields.filter((f) => f.group === "main");
  const additional = model.fields.filter((f) => f.group === "additional");

  async function submit(input: ModelInput) {
    if (mode === "json" && jsonError) {
      form.setError("root.server", { message: "Fix the JSON first: " + jsonError });
      return;
    }
    if (Object.keys(advanced.errors).length > 0) {
      form.setError("root.server", { message: "Fix the advanced settings first." });
      return;
    }
    const result = await run.mutateAsync({
      target,
      input,
      policy: advanced.policy,
      webhook: advanced.webhook,
    });
    if (!result.ok) {
      form.setError("root.server", { message: describeProblem(result.problem) });
      return;
    }
    client.setQueryData(playgroundKeys.run(result.data.id), result.data);
    onRun(result.data.id);
  }

  function reset() {
    form.reset(defaults);
    setJsonError(undefined);
    setAdvancedText(EMPTY_ADVANCED);
    setGeneration((g) => g + 1);
  }

  const jsonErrors = mode === "json" ? flattenErrors(form.formState.errors) : [];
  const runData = usePlaygroundRun(runId).data;

  return (
    <form
      noValidate
      aria-labelledby="input-heading"
      onSubmit={form.handleSubmit(submit)}
      onKeyDown={runOnModEnter}
      className="min-w-0 space-y-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="input-heading" className="mr-auto text-lg font-medium">
          Input
        </h2>
        <div
          role="group"
          aria-label="Input mode"
          className="inline-flex rounded-md border border-neutral-300 dark:border-neutral-700"
        >
          {(["form", "json"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => {
                setMode(m);
                setJsonError(undefined);
              }}
              className={
                mode === m
                  ? "bg-neutral-100 px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md dark:bg-neutral-800"
                  : "px-3 py-1.5 text-sm text-neutral-600 first:rounded-l-md last:rounded-r-md hover:bg-neutral-50 dark:text-neutral-400 dark:hover:bg-neutral-900"
              }
            >
              {m === "form" ? "Form" : "JSON"}
            </button>
          ))}
        </div>
        <CodeDrawer
          target={target}
          input={current}
          policy={advanced.policy}
          webhook={advanced.webhook}
          jobId={runData?.jobId}
        />
      </div>
      {mode === "form" ? (
        <div key={generation} className="space-y-4">
          {main.map((f) => (
            <ModelField key={f.key} field={f} form={form} />
          ))}
          {additional.length > 0 && (
            <details className="rounded-lg border border-neutral-200 dark:border-neutral-800">
              <summary className="cursor-pointer px-4 py-3 text-sm font-medium">
                Additional settings
              </summary>
              <div className="space-y-4 border-t border-neutral-200 p-4 dark:border-neutral-800">
                {additional.map((f) => (
                  <ModelField key={f.key} field={f} form={form} />
                ))}
              </div>
            </details>
          )}
        </div>
      ) : (
        <JsonEditor
          key={generation}
          label="Input (JSON)"
          hint="The job's input, defaults included; edits update the form."
          value={current}
          onValidity={setJsonError}
          onChange={(input) => {
            form.reset(input as ModelInput, { keepDefaultValues: true });
            void form.trigger();
          }}
        />
      )}
      <AdvancedOptions value={advancedText} onChange={setAdvancedText} errors={advanced.errors} />
      <PriceLine model={model} estimate={estimate} />
      {jsonErrors.length > 0 && (
        <ul role="alert" className="list-inside list-disc text-sm text-red-700 dark:text-red-400">
          {jsonErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <FormProblem message={form.formState.errors.root?.server?.message} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="secondary" onClick={reset}>
          Reset
        </Button>
        <RunButton pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}

function PriceLine({ model, estimate }: { model: HostedModel; estimate: number | undefined }) {
  return (
    <div className="rounded-lg border border-dashed border-neutral-300 p-3 text-sm dark:border-neutral-700">
      <p className="flex items-center gap-2">
        <span aria-hidden className="text-green-600 dark:text-green-400">
          $
        </span>
        <span>{model.price.line}.</span>
      </p>
      <p className="ml-5 text-neutral-600 dark:text-neutral-400">e.g. {model.price.example}.</p>
      <p className="mt-1 ml-5">
        {estimate !== undefined ? (
          <>
            This run: <Badge tone="success">{usd(estimate)}</Badge>
          </>
        ) : model.kind === "text" ? (
          <span className="text-neutral-600 dark:text-neutral-400">
            Charged on the tokens a run reads and writes; the result shows its cost.
          </span>
        ) : (
          <span className="text-neutral-600 dark:text-neutral-400">
            Fix the input to see this run&apos;s price.
          </span>
        )}
      </p>
    </div>
  );
}
