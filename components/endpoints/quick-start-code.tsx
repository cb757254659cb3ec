"use client";

import { SnippetFigure } from "@/components/playground/snippet-figure";
import { useId, useState, type KeyboardEvent } from "react";
import { cx } from "@/components/ui/cx";
import { languages, type SnippetLanguage } from "@/lib/codegen";
import { describeProblem } from "@/lib/queries/apply-problem";
import { useSnippet } from "@/lib/queries/playground";

/**
 * The endpoint's first request (`/runsync`) in every language of the playground's code drawer,
 * generated and highlighted by the console's server like the drawer's; the key stays in
 * `RUNPOD_API_KEY`. Tabs follow the ARIA tabs pattern (arrow keys, Home, End).
 */
export function QuickStartCode({
  endpointId,
  input,
}: {
  endpointId: string;
  input: Record<string, unknown>;
}) {
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const base = useId();
  const snippet = useSnippet({
    language,
    operation: "runsync",
    target: { kind: "endpoint", id: endpointId },
    input,
  });
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = languages.findIndex((l) => l.id === language);
    const to =
      e.key === "ArrowRight"
        ? (i + 1) % languages.length
        : e.key === "ArrowLeft"
          ? (i - 1 + languages.length) % languages.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? languages.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const next = languages[to]!.id;
    setLanguage(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <section aria-labelledby={`${base}-heading`} className="space-y-2">
      <h2 id={`${base}-heading`} className="text-base font-semibold">
        Quick start
      </h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Send a first request and wait for its result. Set{" "}
        <code className="font-mono">RUNPOD_API_KEY</code> in your environment; the playground&apos;s
        code drawer has every other operation.
      </p>
      <div
        role="tablist"
        aria-label="Language"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-neutral-200 dark:border-neutral-800"
      >
        {languages.map((l) => (
          <button
            key={l.id}
            id={tabId(l.id)}
            type="button"
            role="tab"
            aria-selected={language === l.id}
            aria-controls={panelId}
            tabIndex={language === l.id ? 0 : -1}
            onClick={() => setLanguage(l.id)}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              language === l.id
                ? "border-violet-600 text-violet-700 dark:border-violet-400 dark:text-violet-300"
                : "border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100",
            )}
          >
            {l.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(language)}>
        {snippet.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {describeProblem(snippet.error)}
          </p>
        ) : !snippet.data ? (
          <QuickStartSkeleton />
        ) : (
          <SnippetFigure snippet={snippet.data} stale={snippet.isPlaceholderData} />
        )}
      </div>
    </section>
  );
}

function QuickStartSkeleton() {
  return (
    <div
      role="status"
      className="h-48 rounded-lg bg-neutral-100 motion-safe:animate-pulse dark:bg-neutral-800"
    >
      <span className="sr-only">Generating code…</span>
    </div>
  );
}
