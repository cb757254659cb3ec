"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { operations, type JobOperation, type SnippetLanguage } from "@/lib/codegen";
import type { RunTarget } from "@/lib/console-store/run-view";
import { useSnippet } from "@/lib/queries/playground";
import { LanguageTabs, languagePanelId, languageTabId, SnippetResult } from "./language-tabs";
import type { JobPolicy } from "@/lib/schemas/jobs";

export interface CodeDrawerProps {
  target: RunTarget;
  /** The current input, defaults included. */
  input: Record<string, unknown>;
  policy?: JobPolicy;
  webhook?: string;
  /** The job of the current run, for /status, /stream and /cancel. */
  jobId?: string;
}

/**
 * "Request code": the exact request the form would send, as cURL, Python, JavaScript, TypeScript
 * or an official SDK, for each job operation. The key stays an environment variable.
 */
export function CodeDrawer(props: CodeDrawerProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <span aria-hidden>{"</>"}</span> Request code
      </Button>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="my-0 mr-0 ml-auto h-full max-h-none w-full max-w-3xl border-l border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/40 dark:border-neutral-800 dark:bg-neutral-950 dark:text-neutral-100"
      >
        {open && <DrawerBody {...props} titleId={titleId} onClose={() => setOpen(false)} />}
      </dialog>
    </>
  );
}

function DrawerBody({
  titleId,
  onClose,
  target,
  input,
  policy,
  webhook,
  jobId,
}: CodeDrawerProps & { titleId: string; onClose: () => void }) {
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const [operation, setOperation] = useState<JobOperation>("run");
  const operationId = useId();
  const tabsId = useId();
  // Uploaded images travel inline (megabytes of base64): the code shows them shortened.
  const shown = useMemo(() => shortenDataUrls(input), [input]);
  const shortened = shown !== input;
  const snippet = useSnippet({
    language,
    operation,
    target,
    input: shown,
    policy,
    webhook,
    jobId,
  });
  const op = operations.find((o) => o.id === operation)!;

  return (
    <div className="flex h-full flex-col gap-4 p-6">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            Request code
          </h2>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            The request this page sends, with the current input (defaults included). Set{" "}
            <code className="font-mono">RUNPOD_API_KEY</code> in your environment
            {op.needsJobId && !jobId && (
              <>
                {" "}
                and <code className="font-mono">JOB_ID</code> (run once to fill it in)
              </>
            )}
            .
          </p>
          {shortened && (
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
              Uploaded images are shortened here (<code className="font-mono">…</code>): put the
              file&apos;s base64 data URL, or a public URL, in their place.
            </p>
          )}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </header>
      <LanguageTabs base={tabsId} value={language} onChange={setLanguage} />
      <div
        id={languagePanelId(tabsId)}
        role="tabpanel"
        aria-labelledby={languageTabId(tabsId, language)}
        className="flex min-h-0 flex-1 flex-col gap-4"
      >
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-48 space-y-1">
            <label htmlFor={operationId} className="block text-sm font-medium">
              Operation
            </label>
            <Select
              id={operationId}
              value={operation}
              onChange={(e) => setOperation(e.target.value as JobOperation)}
              options={operations.map((o) => ({ value: o.id, label: `${o.method} ${o.label}` }))}
            />
          </div>
          <p className="pb-2 text-sm text-neutral-600 dark:text-neutral-400">{op.description}</p>
        </div>
        <SnippetResult snippet={snippet} fill />
      </div>
    </div>
  );
}

/** The input with every `data:` URL cut to its header, or the same object when it has none. */
function shortenDataUrls<T>(value: T): T {
  if (typeof value === "string")
    return (
      value.startsWith("data:") && value.length > 80
        ? `${value.slice(0, value.indexOf(",") + 1)}…`
        : value
    ) as T;
  if (Array.isArray(value)) {
    const next = value.map(shortenDataUrls);
    return (next.some((v, i) => v !== value[i]) ? next : value) as T;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => [k, shortenDataUrls(v)] as const);
    const changed = entries.some(([k, v]) => v !== (value as Record<string, unknown>)[k]);
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}
