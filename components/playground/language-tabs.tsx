"use client";

import type { KeyboardEvent } from "react";
import { cx } from "@/components/ui/cx";
import { languages, type SnippetLanguage } from "@/lib/codegen";
import { describeProblem } from "@/lib/queries/describe-problem";
import type { useSnippet } from "@/lib/queries/playground";
import { SnippetFigure } from "./snippet-figure";

/** Ids of a language tab and of the panel the tabs control, from the owner's `useId()`. */
export const languageTabId = (base: string, id: SnippetLanguage) => `${base}-tab-${id}`;
export const languagePanelId = (base: string) => `${base}-panel`;

/**
 * The request code's languages as tabs, following the ARIA tabs pattern (arrow keys, Home, End
 * move and choose; one tab in the Tab order). The owner renders the panel with
 * `languagePanelId(base)`, labelled by `languageTabId(base, value)`.
 */
export function LanguageTabs({
  base,
  value,
  onChange,
}: {
  base: string;
  value: SnippetLanguage;
  onChange: (language: SnippetLanguage) => void;
}) {
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = languages.findIndex((l) => l.id === value);
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
    onChange(next);
    document.getElementById(languageTabId(base, next))?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Language"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 border-b border-neutral-200 dark:border-neutral-800"
    >
      {languages.map((l) => (
        <button
          key={l.id}
          id={languageTabId(base, l.id)}
          type="button"
          role="tab"
          aria-selected={value === l.id}
          aria-controls={languagePanelId(base)}
          tabIndex={value === l.id ? 0 : -1}
          onClick={() => onChange(l.id)}
          className={cx(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            value === l.id
              ? "border-violet-600 text-violet-700 dark:border-violet-400 dark:text-violet-300"
              : "border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100",
          )}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}

/** A generated snippet as it loads: the problem in words, a placeholder, then the code. */
export function SnippetResult({
  snippet,
  fill = false,
}: {
  snippet: Pick<ReturnType<typeof useSnippet>, "data" | "isError" | "error" | "isPlaceholderData">;
  fill?: boolean;
}) {
  if (snippet.isError && snippet.error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {describeProblem(snippet.error)}
      </p>
    );
  if (!snippet.data)
    return (
      <div
        role="status"
        className={cx(
          "rounded-lg bg-neutral-100 motion-safe:animate-pulse dark:bg-neutral-800",
          fill ? "h-64" : "h-48",
        )}
      >
        <span className="sr-only">Generating code…</span>
      </div>
    );
  return <SnippetFigure snippet={snippet.data} stale={snippet.isPlaceholderData} fill={fill} />;
}
