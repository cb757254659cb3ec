"use client";

import { useId, useState } from "react";
import {
  LanguageTabs,
  languagePanelId,
  languageTabId,
  SnippetResult,
} from "@/components/playground/language-tabs";
import type { SnippetLanguage } from "@/lib/codegen";
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
      <LanguageTabs base={base} value={language} onChange={setLanguage} />
      <div
        id={languagePanelId(base)}
        role="tabpanel"
        aria-labelledby={languageTabId(base, language)}
      >
        <SnippetResult snippet={snippet} />
      </div>
    </section>
  );
}
