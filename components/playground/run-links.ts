import type { RunTarget } from "@/lib/console-store/run-view";

/** The playground page of a target, optionally showing one of its runs (`?run=`). */
export function playgroundHref(target: RunTarget, runId?: string): string {
  const base =
    target.kind === "model"
      ? `/playground/${encodeURIComponent(target.slug)}`
      : `/playground/endpoint/${encodeURIComponent(target.id)}`;
  return runId ? `${base}?run=${encodeURIComponent(runId)}` : base;
}

/** The compare view of two runs of the history. */
export function compareHref(a: string, b: string): string {
  return `/playground/compare?${new URLSearchParams({ a, b })}`;
}
