"use client";

import type { ComponentType } from "react";
import { useEndpoint } from "@/lib/queries/endpoints";
import type { Endpoint } from "@/lib/schemas/endpoints";

/**
 * An endpoint tab as its route renders it, by the endpoint's id: the endpoint itself comes from
 * the query cache, which the endpoint's layout filled on the server (`Prefetched`) and which
 * `EndpointDetail` has read before it shows any tab.
 */
export function withEndpoint<P extends { endpoint: Endpoint }>(
  Tab: ComponentType<P>,
): ComponentType<Omit<P, "endpoint"> & { id: string }> {
  function EndpointTabRoute({ id, ...rest }: Omit<P, "endpoint"> & { id: string }) {
    const endpoint = useEndpoint(id).data;
    return endpoint ? <Tab {...(rest as unknown as P)} endpoint={endpoint} /> : null;
  }
  EndpointTabRoute.displayName = `withEndpoint(${Tab.displayName ?? Tab.name})`;
  return EndpointTabRoute;
}
