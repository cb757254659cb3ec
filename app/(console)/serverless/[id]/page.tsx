import type { Metadata } from "next";
import { EndpointDetail } from "@/components/endpoints/endpoint-detail";
import { endpointTab } from "@/components/endpoints/endpoint-tabs";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "Endpoint" };

export default async function EndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const [{ id }, { tab }] = await Promise.all([params, searchParams]);
  const current = endpointTab(tab);
  // The endpoint shows at once, and the tab's form is final HTML (its code loads on demand): the
  // settings form with the choices it offers.
  const choices =
    current === "settings"
      ? [reads.gpuTypes("serverless"), reads.dataCenters, reads.networkVolumes]
      : [];
  return (
    <Prefetched reads={[reads.endpoint(id), ...choices]}>
      <EndpointDetail id={id} tab={current} />
    </Prefetched>
  );
}
