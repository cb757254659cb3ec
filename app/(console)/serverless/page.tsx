import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";

export const metadata: Metadata = { title: "Serverless" };

export default function ServerlessPage() {
  const { apiUrl } = getPlatformConfig();
  return (
    <>
      <PageHeader title="Serverless">
        Endpoints run your worker image only while there is work: requests wait in a queue, workers
        start (from zero if you allow it), take jobs, and stop after an idle timeout. You pay per
        second of worker time, billed by GPU tier.
      </PageHeader>
      <EmptyState title="No endpoints yet">
        <p>
          An endpoint needs a container image with a handler (or a template that names one), the GPU
          tiers it may run on, and its scaling: minimum and maximum workers and how long an idle
          worker stays warm. Each endpoint gets its own URLs for{" "}
          <code className="font-mono">/run</code>, <code className="font-mono">/runsync</code>,{" "}
          <code className="font-mono">/status</code> and <code className="font-mono">/stream</code>.
        </p>
        <p>
          Endpoints you create here or through the API will be listed on this page. To list them
          from a terminal:
        </p>
        <CodeBlock
          label="cURL"
          language="bash"
          code={`curl ${apiUrl}/v2/serverless \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY"`}
        />
      </EmptyState>
    </>
  );
}
