import { Plus } from "lucide";
import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import Link from "next/link";
import { showsClusterPods } from "@/components/clusters/cluster-pods-param";
import { ClusterPodsToggle } from "@/components/clusters/cluster-pods-toggle";
import { podFilter } from "@/components/pods/pod-filter";
import { PodList } from "@/components/pods/pod-list";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";

export const metadata: Metadata = { title: "Pods" };

export default async function PodsPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string | string[]; clusters?: string | string[] }>;
}) {
  const { status, clusters } = await searchParams;
  const includeClusterPods = showsClusterPods(clusters);
  const { apiUrl } = getPlatformConfig();
  const deploy = (
    <Link href="/pods/new" className={buttonClasses("primary")}>
      <Icon icon={Plus} className="size-4" />
      Deploy a pod
    </Link>
  );
  return (
    <>
      <PageHeader title="Pods" actions={deploy}>
        A pod is a GPU or CPU machine that runs one container for as long as you keep it: for
        notebooks, training runs and anything that needs a shell. It is billed per hour while it
        runs; a stopped pod keeps its volume disk for a small storage fee.
      </PageHeader>
      <div className="mb-4">
        <ClusterPodsToggle checked={includeClusterPods} />
      </div>
      <PodList
        filter={podFilter(status)}
        includeClusterPods={includeClusterPods}
        empty={
          <EmptyState title="No pods yet" action={deploy}>
            <p>
              Deploying a pod means choosing a GPU type (the price per hour is shown next to each),
              an image or template, and a disk. Pods go through{" "}
              <code className="font-mono">PROVISIONING</code>,{" "}
              <code className="font-mono">STARTING</code> and{" "}
              <code className="font-mono">RUNNING</code>; you can stop, restart or terminate them.
            </p>
            <p>Your pods will be listed here. To list them from a terminal:</p>
            <CodeBlock
              label="cURL"
              language="bash"
              code={`curl ${apiUrl}/v2/pods \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY"`}
            />
          </EmptyState>
        }
      />
    </>
  );
}
