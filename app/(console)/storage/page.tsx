import { Plus } from "lucide";
import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { Prefetched } from "@/components/shell/prefetched";
import { VolumeList } from "@/components/volumes/volume-list";
import { CodeBlock } from "@/components/ui/code-block";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "Storage" };

export default function StoragePage() {
  const { apiUrl } = getPlatformConfig();
  return (
    <>
      <PageHeader title="Storage">
        Network volumes keep files beyond the life of any pod or worker: model weights, datasets,
        outputs. A volume lives in one data center and is attached to the pods and endpoints there.
        It costs $0.07 per GB-month up to 1 TB and $0.05 per GB-month beyond.
      </PageHeader>
      {/* The list shows at once, and the create form is final HTML (its code loads on demand). */}
      <Prefetched reads={[reads.networkVolumes, reads.dataCenters]}>
        <VolumeList
          empty={
            <EmptyState
              title="No network volumes yet"
              action={
                <a href="#volume-name" className={buttonClasses("primary")}>
                  <Icon icon={Plus} className="size-4" />
                  Create a volume
                </a>
              }
            >
              <p>
                Create a volume below with a name, a size in GB and a data center. Serverless
                workers see it at <code className="font-mono">/platform-volume</code>; a pod mounts
                it in place of its volume disk (usually{" "}
                <code className="font-mono">/workspace</code>). Volumes can grow but never shrink.
              </p>
              <p>To list them from a terminal:</p>
              <CodeBlock
                label="cURL"
                language="bash"
                code={`curl ${apiUrl}/v2/network-volumes \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY"`}
              />
            </EmptyState>
          }
        />
      </Prefetched>
    </>
  );
}
