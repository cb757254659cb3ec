import type { Metadata } from "next";
import { PodDetail } from "@/components/pods/pod-detail";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "Pod" };

export default async function PodPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    // The pod shows at once, and its settings form is final HTML (its code loads on demand).
    <Prefetched
      reads={[reads.pod(id), reads.networkVolumes, reads.templateChoices, reads.registries]}
    >
      <PodDetail id={id} />
    </Prefetched>
  );
}
