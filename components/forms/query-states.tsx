import type { ReactNode } from "react";
import type { ProblemError } from "@/lib/queries/problem-error";
import { describeProblem } from "@/lib/queries/describe-problem";
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

/** The part of a react-query result a gate reads. */
interface QueryLike<T> {
  data: T | undefined;
  error: ProblemError | null;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * Several reads a view needs together (a form's choices): loading until all have answered, the
 * first failure with a retry, then `children` with every result.
 */
export function AllLoaded<const Q extends Record<string, QueryLike<unknown>>>({
  queries,
  what,
  children,
}: {
  queries: Q;
  what: string;
  children: (data: { [K in keyof Q]: NonNullable<Q[K]["data"]> }) => ReactNode;
}) {
  const all = Object.values(queries);
  const failed = all.find((q) => q.isError && q.error);
  if (failed?.error)
    return <LoadError what={what} error={failed.error} onRetry={() => failed.refetch()} />;
  if (all.some((q) => q.data === undefined)) return <Loading what={what} />;
  return (
    <>
      {children(
        Object.fromEntries(Object.entries(queries).map(([k, q]) => [k, q.data])) as {
          [K in keyof Q]: NonNullable<Q[K]["data"]>;
        },
      )}
    </>
  );
}

/** One list read: loading, error with retry, the teaching empty state, or `children` with the rows. */
export function ListStates<T>({
  query,
  what,
  empty,
  children,
}: {
  query: QueryLike<readonly T[]>;
  what: string;
  empty: ReactNode;
  children: (rows: readonly T[]) => ReactNode;
}) {
  if (query.isError && query.error)
    return <LoadError what={what} error={query.error} onRetry={() => query.refetch()} />;
  if (query.data === undefined) return <Loading what={what} />;
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/**
 * A read a view can do without (e.g. registry credentials a restricted key may not list): pending
 * until it has answered, then its data, or `fallback` when it failed. Never an error for a gate.
 */
export function optionalQuery<T>(
  query: QueryLike<T> & { isPending: boolean },
  fallback: T,
): QueryLike<T> {
  return {
    data: query.isPending ? undefined : (query.data ?? fallback),
    error: null,
    isError: false,
    refetch: query.refetch,
  };
}
