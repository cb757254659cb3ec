"use client";

import { useSelectedLayoutSegment } from "next/navigation";
import type { ReactNode } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { LinkTabs } from "@/components/forms/tabs";
import { lazyPart } from "@/components/ui/lazy-part";
import { useEndpoint } from "@/lib/queries/endpoints";
import { EndpointHeader } from "./endpoint-header";
import { EndpointPricesProvider } from "./endpoint-prices";
import { ENDPOINT_TABS, endpointTab, endpointTabHref } from "./endpoint-tabs";
import type { PoolPrices } from "./worker-price";

// A deleted or mistyped endpoint's page loads its not-found state when it needs it.
const EndpointNotFound = lazyPart(() =>
  import("./endpoint-not-found").then((m) => m.EndpointNotFound),
);

/**
 * The endpoint's frame (its layout): the header with the live numbers and the tab strip, around
 * the open tab. Each tab is a route of its own (`/serverless/<id>/metrics`, …), so a page load
 * fetches the frame's code and that tab's, and following a tab link fetches the next tab's.
 */
export function EndpointDetail({
  id,
  prices,
  children,
}: {
  id: string;
  /** The pools' prices (read on the server with the endpoint); null when unavailable. */
  prices: PoolPrices | null;
  children: ReactNode;
}) {
  const query = useEndpoint(id);
  const tab = endpointTab(useSelectedLayoutSegment());
  if (query.isPending) return <Loading what="the endpoint" />;
  if (query.isError && query.error.status === 404) return <EndpointNotFound id={id} />;
  if (query.isError)
    return (
      <LoadError what={`endpoint ${id}`} error={query.error} onRetry={() => query.refetch()} />
    );
  return (
    <EndpointPricesProvider value={prices}>
      <EndpointHeader endpoint={query.data} />
      <LinkTabs
        label="Endpoint sections"
        tabs={ENDPOINT_TABS}
        current={tab}
        hrefFor={(t) => endpointTabHref(id, endpointTab(t))}
      />
      {children}
    </EndpointPricesProvider>
  );
}
