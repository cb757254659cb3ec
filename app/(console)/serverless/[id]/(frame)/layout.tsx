import type { ReactNode } from "react";
import { EndpointDetail } from "@/components/endpoints/endpoint-detail";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

/** An endpoint's frame around each of its tabs; the endpoint shows at once (read on the server). */
export default async function EndpointLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const { id } = await params;
  return (
    <Prefetched reads={[reads.endpoint(id)]}>
      <EndpointDetail id={id}>{children}</EndpointDetail>
    </Prefetched>
  );
}
