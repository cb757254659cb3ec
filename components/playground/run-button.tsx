"use client";

import { useId, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";

/**
 * Ctrl+Enter (⌘+Enter on a Mac) anywhere in a playground form runs it, as the Run button would:
 * put this on the form's onKeyDown. Nothing happens while a run is being submitted.
 */
export function runOnModEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return;
  e.preventDefault();
  const form = e.currentTarget;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit?.disabled) return;
  form.requestSubmit(submit ?? undefined);
}

/** The form's Run button, with its keyboard shortcut said in words and to assistive technology. */
export function RunButton({ pending }: { pending: boolean }) {
  const hintId = useId();
  return (
    <span className="inline-flex items-center gap-2">
      <span id={hintId} className="text-xs text-neutral-600 dark:text-neutral-400">
        <kbd className="rounded border border-neutral-300 px-1 font-sans dark:border-neutral-700">
          Ctrl
        </kbd>{" "}
        or{" "}
        <kbd className="rounded border border-neutral-300 px-1 font-sans dark:border-neutral-700">
          ⌘
        </kbd>{" "}
        +{" "}
        <kbd className="rounded border border-neutral-300 px-1 font-sans dark:border-neutral-700">
          Enter
        </kbd>{" "}
        runs from anywhere in the form
      </span>
      <Button
        type="submit"
        pending={pending}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        aria-describedby={hintId}
      >
        Run
      </Button>
    </span>
  );
}
