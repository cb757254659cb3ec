"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";

/**
 * The console's `error.tsx`: an unexpected failure while rendering, in words, with a retry. One
 * boundary for every section, so following a nav link prefetches no per-section error chunk.
 * Reads' own failures (401, 403, 404…) are shown by the page itself; this is the last resort.
 */
export function RouteError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section
      role="alert"
      aria-label="This page failed"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">This page could not be shown.</p>
      <p className="mt-1">
        Something failed in the console while rendering it
        {error.digest ? ` (reference ${error.digest})` : ""}. Your resources are unaffected.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={reset}>
        Try again
      </Button>
    </section>
  );
}
