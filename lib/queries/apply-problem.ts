import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import type { Problem } from "@/lib/schemas/common";
import { sentence } from "@/lib/schemas/sentence";

/** `"workers.idleTimeout: must be at most 3600"` → path and message; no path → `$`. */
export function splitProblemError(entry: string): { path: string; message: string } {
  const at = entry.indexOf(": ");
  if (at <= 0) return { path: "$", message: entry };
  return { path: entry.slice(0, at), message: entry.slice(at + 2) };
}

/** `gpu.pools[1]` → `gpu.pools[1]`, `gpu.pools`, `gpu`: the most specific field first. */
export function pathCandidates(path: string): string[] {
  const out: string[] = [];
  let rest = path;
  while (rest) {
    out.push(rest);
    const cut = Math.max(rest.lastIndexOf("."), rest.lastIndexOf("["));
    rest = cut > 0 ? rest.slice(0, cut) : "";
  }
  return out;
}

export interface ApplyProblemOptions {
  /** Form field names that can show an error (their registered paths, e.g. `workers.max`). */
  fields: readonly string[];
  /** Platform path → form field, for form fields shaped differently from the body (`env` → `envRows`). */
  aliases?: Record<string, string>;
}

/**
 * Puts each `errors[]` entry of a problem on the form field it names (the most specific known
 * field on its path), focusing the first; whatever matches no field — and the detail when nothing
 * matched — goes to `root.server` so the form shows it above the submit button.
 * Returns the number of entries that landed on a field.
 */
export function applyProblemToForm<T extends FieldValues>(
  problem: Problem,
  setError: UseFormSetError<T>,
  { fields, aliases = {} }: ApplyProblemOptions,
): number {
  const known = new Set(fields);
  const leftover: string[] = [];
  let placed = 0;
  for (const entry of problem.errors ?? []) {
    const { path, message } = splitProblemError(entry);
    const field = pathCandidates(path)
      .map((p) => aliases[p] ?? p)
      .find((p) => known.has(p));
    if (field) {
      // The platform writes `name: enter a name`; under the field it reads "Enter a name".
      setError(
        field as FieldPath<T>,
        { type: "server", message: sentence(message) },
        { shouldFocus: placed === 0 },
      );
      placed += 1;
    } else {
      leftover.push(entry);
    }
  }
  if (placed === 0 || leftover.length > 0) {
    const message = [problem.detail, ...leftover.filter((e) => e !== problem.detail)].join(" · ");
    setError("root.server" as FieldPath<T>, { type: String(problem.status), message });
  }
  return placed;
}
