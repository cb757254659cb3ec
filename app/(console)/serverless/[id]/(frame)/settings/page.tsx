import { EndpointSettingsTab } from "@/components/endpoints/endpoint-settings";
import { endpointTabMetadata } from "@/components/endpoints/endpoint-tab-page";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

export const metadata = endpointTabMetadata("Settings");

/** The settings form is final HTML (its code loads on demand), with the choices it offers. */
export default async function EndpointSettingsPage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  return (
    <Prefetched reads={[reads.gpuTypes("serverless"), reads.dataCenters, reads.networkVolumes]}>
      <EndpointSettingsTab id={id} />
    </Prefetched>
  );
}
