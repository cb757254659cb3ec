import type { ReactNode } from "react";
import { EndpointDetail } from "@/components/endpoints/endpoint-detail";
import { poolPrices, poolsFromCatalog } from "@/components/endpoints/gpu-pools";
import type { PoolPrices } from "@/components/endpoints/worker-price";
import { Prefetched } from "@/components/shell/prefetched";
import { getApiKey } from "@/lib/auth/session";
import { createCloud } from "@/lib/cloud/client";
import { reads } from "@/lib/cloud/reads";

/** The serverless pools' prices from the GPU catalogue; null when it cannot be read. */
async function readPoolPrices(): Promise<PoolPrices | null> {
  const apiKey = await getApiKey();
  if (!apiKey) return null;
  try {
    const { gpus } = await reads.gpuTypes().read(createCloud(apiKey));
    return poolPrices(poolsFromCatalog(gpus));
  } catch {
    return null; // the tabs say their cost estimates are unavailable
  }
}

/**
 * An endpoint's frame around each of its tabs; the endpoint shows at once (read on the server),
 * and the pools' prices come with it for every cost the tabs show.
 */
export default async function EndpointLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const { id } = await params;
  const prices = readPoolPrices(); // read beside the endpoint
  return (
    <Prefetched reads={[reads.endpoint(id)]}>
      <PricedFrame id={id} prices={prices}>
        {children}
      </PricedFrame>
    </Prefetched>
  );
}

async function PricedFrame({
  id,
  prices,
  children,
}: {
  id: string;
  prices: Promise<PoolPrices | null>;
  children: ReactNode;
}) {
  return (
    <EndpointDetail id={id} prices={await prices}>
      {children}
    </EndpointDetail>
  );
}
