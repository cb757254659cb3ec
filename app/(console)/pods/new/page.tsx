import type { Metadata } from "next";
import { NewPod } from "@/components/pods/new-pod";
import { PageHeader } from "@/components/shell/page-header";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "Deploy a pod" };

export default function NewPodPage() {
  return (
    <>
      <PageHeader title="Deploy a pod">
        Choose a GPU type (prices per GPU-hour are shown for Secure and Community Cloud), an image
        or template and, on Secure Cloud, a network volume. Everything but the GPU and the kind of
        mount can be changed later.
      </PageHeader>
      {/* The form is final HTML with its choices, so its code loads on demand. */}
      <Prefetched
        reads={[
          reads.gpuTypes("pod"),
          reads.dataCenters,
          reads.templateChoices,
          reads.networkVolumes,
          reads.registries,
        ]}
      >
        <NewPod />
      </Prefetched>
    </>
  );
}
