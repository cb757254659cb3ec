"use client";

import { useId, useState } from "react";
import { controlClasses } from "@/components/ui/input";

/**
 * A JSON object as editable text. Every edit that parses to an object is handed to `onChange`;
 * text that does not parse stays on screen with the parser's message.
 */
export function JsonEditor({
  label,
  hint,
  value,
  onChange,
  onValidity,
  rows = 14,
}: {
  label: string;
  hint?: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** Told the parser's message while the text is unusable, and undefined once it is fine again. */
  onValidity?: (error: string | undefined) => void;
  rows?: number;
}) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string>();

  function fail(message: string) {
    setError(message);
    onValidity?.(message);
  }

  function edit(next: string) {
    setText(next);
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch (e) {
      return fail(`Not valid JSON: ${(e as Error).message}`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return fail('The input must be a JSON object, like {"prompt": "…"}.');
    setError(undefined);
    onValidity?.(undefined);
    onChange(parsed as Record<string, unknown>);
  }

  return (
    <div className="space-y-1.5">
      <label
        htmlFor={id}
        className="block text-sm font-medium text-neutral-800 dark:text-neutral-200"
      >
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        value={text}
        onChange={(e) => edit(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${controlClasses} py-2 font-mono text-[13px]`}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-neutral-600 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}
