import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { getApiKey } from "@/lib/auth/session";
import { createCloud } from "@/lib/cloud/client";
import type { Read } from "@/lib/cloud/reads";
import { SeedQueries, type SeedEntry } from "./seed-queries";

/**
 * Makes a page's reads on the server, before it renders, and hands their answers to the browser's
 * query cache: client components below render with the data in the server's HTML and hydrate with
 * the same, instead of "Loading …" and a round trip. A form whose options come from these reads
 * then has final server HTML, so its code can wait for the user (`hydrateOnInteraction`).
 *
 * A read that fails is left out: the browser makes it as before and shows its error (a revoked key
 * signs out from there), so a server render never fails on it.
 */
export async function Prefetched({ reads, children }: { reads: Read[]; children: ReactNode }) {
  const client = new QueryClient();
  const apiKey = await getApiKey();
  if (apiKey) {
    const cloud = createCloud(apiKey);
    await Promise.all(
      reads.map(({ queryKey, read }) =>
        client.prefetchQuery({ queryKey, queryFn: () => read(cloud) }),
      ),
    );
  }
  const entries: SeedEntry[] = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "success")
    .map((query) => ({
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
  return <SeedQueries entries={entries}>{children}</SeedQueries>;
}
