import type { ReactNode } from "react";
import type { ProblemError } from "@/lib/queries/problem-error";
import { describeProblem } from "@/lib/queries/apply-problem";
import { Button } from "@/components/ui/button";

/** Loading placeholder that says what it is waiting for (announced politely). */
export function Loading({ what }: { what: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      <span className="sr-only">Loading {what}…</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden
          className="h-10 rounded-md bg-neutral-100 motion-safe:animate-pulse dark:bg-neutral-800"
        />
      ))}
    </div>
  );
}

/** A failed read: the problem in words and a retry. */
export function LoadError({
  what,
  error,
  onRetry,
  children,
}: {
  what: string;
  error: ProblemError;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <section
      role="alert"
      aria-label={`Could not load ${what}`}
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">Could not load {what}.</p>
      <p className="mt-1">{describeProblem(error)}</p>
      {children}
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </section>
  );
}
