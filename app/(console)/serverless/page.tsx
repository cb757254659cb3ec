import { Plus } from "lucide";
import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import Link from "next/link";
import { EndpointList } from "@/components/endpoints/endpoint-list";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";

export const metadata: Metadata = { title: "Serverless" };

export default function ServerlessPage() {
  const { apiUrl } = getPlatformConfig();
  const create = (
    <Link href="/serverless/new" className={buttonClasses("primary")}>
      <Icon icon={Plus} className="size-4" />
      New endpoint
    </Link>
  );
  return (
    <>
      <PageHeader title="Serverless" actions={create}>
        Endpoints run your worker image only while there is work: requests wait in a queue, workers
        start (from zero if you allow it), take jobs, and stop after an idle timeout. You pay per
        second of worker time, billed by GPU tier.
      </PageHeader>
      <EndpointList
        empty={
          <EmptyState title="No endpoints yet" action={create}>
            <p>
              An endpoint needs a container image with a handler (or a template that names one), the
              GPU tiers it may run on, and its scaling: minimum and maximum workers and how long an
              idle worker stays warm. Each endpoint gets its own URLs for{" "}
              <code className="font-mono">/run</code>, <code className="font-mono">/runsync</code>,{" "}
              <code className="font-mono">/status</code> and{" "}
              <code className="font-mono">/stream</code>. To try one without writing a handler, use
              the image <code className="font-mono">runpod/mock-worker:latest</code>.
            </p>
            <p>Or create one from a terminal:</p>
            <CodeBlock
              label="cURL"
              language="bash"
              code={`curl -X POST ${apiUrl}/v2/serverless \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"name":"my-endpoint","type":"QUEUE","image":"runpod/mock-worker:latest","gpu":{"pools":["AMPERE_48"]},"scaling":{"type":"QUEUE_DELAY","queueDelay":4}}'`}
            />
          </EmptyState>
        }
      />
    </>
  );
}
