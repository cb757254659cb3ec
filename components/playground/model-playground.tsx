"use client";

import { useMemo, useState } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { ModelInputFormOnDemand } from "./model-input-form-on-demand";
import { ResultPane } from "./result-pane";
import { RunHistory } from "./run-history";

/** Opened from a past run, the form fills in from it at once: its code loads with the page. */
const ModelInputFormNow = lazyPart(() =>
  import("./model-input-form").then((m) => m.ModelInputForm),
);

/**
 * A hosted model's playground below its (server-rendered) header: the input form, the result pane
 * and the run history. The form's code waits for the user unless a past run is being opened.
 */
export function ModelPlayground({
  slug,
  kind,
  name,
  runId: openedRunId,
}: {
  slug: string;
  kind: string;
  name: string;
  runId?: string;
}) {
  const target = useMemo(() => ({ kind: "model" as const, slug }), [slug]);
  const [runId, setRunId] = useState(openedRunId);
  const Form = openedRunId ? ModelInputFormNow : ModelInputFormOnDemand;

  function onRun(id: string) {
    setRunId(id);
    window.history.replaceState(null, "", `/playground/${encodeURIComponent(slug)}?run=${id}`);
  }

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2">
        <Form slug={slug} opened={openedRunId} runId={runId} onRun={onRun} />
        <ResultPane
          runId={runId}
          idleHint={`Run the model to see its ${kind === "text" ? "answer stream in" : kind} here.`}
        />
      </div>
      <RunHistory target={target} title={`Your recent runs of ${name}`} />
    </>
  );
}
