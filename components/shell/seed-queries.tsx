"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";

/** One answer a server page read ahead, under the query key the browser reads it by. */
export interface SeedEntry {
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server read it (epoch ms): the cache keeps whichever answer is newer. */
  updatedAt: number;
}

const older = (updatedAt: number | undefined, seed: SeedEntry) =>
  updatedAt === undefined || updatedAt < seed.updatedAt;

/**
 * Puts a server page's answers (`<Prefetched>`) into the browser's query cache before the
 * components below render, so they render with the data in the server's HTML. A query the cache
 * does not hold yet is filled at once (nothing observes it); one it holds with an older answer —
 * a page opened again, `router.refresh()` — after the render, as an update its observers hear. A
 * newer answer in the cache is kept.
 *
 * What TanStack Query's `HydrationBoundary` does for the one case the console has (successful
 * reads of plain JSON), with `setQueryData`: that boundary and its `hydrate` (mutations,
 * promises, errors) were 0.9 kB of every prefetching page's first load.
 */
export function SeedQueries({ entries, children }: { entries: SeedEntry[]; children: ReactNode }) {
  const client = useQueryClient();
  const later = useMemo(() => {
    const held: SeedEntry[] = [];
    for (const seed of entries) {
      const state = client.getQueryState(seed.queryKey);
      if (!state) client.setQueryData(seed.queryKey, seed.data, { updatedAt: seed.updatedAt });
      else if (older(state.dataUpdatedAt, seed)) held.push(seed);
    }
    return held;
  }, [client, entries]);
  useEffect(() => {
    for (const seed of later)
      if (older(client.getQueryState(seed.queryKey)?.dataUpdatedAt, seed))
        client.setQueryData(seed.queryKey, seed.data, { updatedAt: seed.updatedAt });
  }, [client, later]);
  return children;
}
