import { Plus } from "lucide";
import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import { ClusterList } from "@/components/clusters/cluster-list";
import { PageHeader } from "@/components/shell/page-header";
import { Prefetched } from "@/components/shell/prefetched";
import { CodeBlock } from "@/components/ui/code-block";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "Clusters" };

export default function ClustersPage() {
  const { apiUrl } = getPlatformConfig();
  return (
    <>
      <PageHeader title="Clusters">
        An instant cluster is a set of identical GPU pods (2 to 250 nodes) in one data center on a
        private network, for multi-node training, Slurm or Ray. Its pods are billed per hour like
        any pod and are managed together: rename or delete the cluster, not its pods.
      </PageHeader>
      {/* The create form is final HTML with these choices, so its code loads on demand. */}
      <Prefetched reads={[reads.gpuTypes(), reads.dataCenters, reads.networkVolumes]}>
        <ClusterList
          empty={
            <EmptyState
              title="No clusters yet"
              action={
                <a href="#cluster-name" className={buttonClasses("primary")}>
                  <Icon icon={Plus} className="size-4" />
                  Create a cluster
                </a>
              }
            >
              <p>
                Create one below: a name, the GPU type and how many GPUs each node has, the number
                of nodes, and optionally a data center and a network volume (mounted at{" "}
                <code className="font-mono">/workspace</code> on every node). Its pods appear on the
                cluster&apos;s page as soon as it is created.
              </p>
              <p>To list clusters from a terminal:</p>
              <CodeBlock
                label="cURL"
                language="bash"
                code={`curl ${apiUrl}/v2/clusters \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY"`}
              />
            </EmptyState>
          }
        />
      </Prefetched>
    </>
  );
}
