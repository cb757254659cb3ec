import type { Metadata } from "next";
import { NewEndpoint } from "@/components/endpoints/new-endpoint";
import { PageHeader } from "@/components/shell/page-header";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "New endpoint" };

export default function NewEndpointPage() {
  return (
    <>
      <PageHeader title="New endpoint">
        Defaults are filled in: 0 to 3 workers, a 10 s idle timeout, a 5 minute execution timeout
        and FlashBoot off. You can change everything but the type later.
      </PageHeader>
      {/* The form is final HTML with its choices, so its code loads on demand. */}
      <Prefetched
        reads={[
          reads.gpuTypes("serverless"),
          reads.dataCenters,
          reads.templateChoices,
          reads.networkVolumes,
        ]}
      >
        <NewEndpoint />
      </Prefetched>
    </>
  );
}
