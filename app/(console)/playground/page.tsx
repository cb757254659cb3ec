import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";

export const metadata: Metadata = { title: "Playground" };

export default function PlaygroundPage() {
  const { jobUrl } = getPlatformConfig();
  return (
    <>
      <PageHeader title="Playground">
        Run hosted models and your own endpoints from the browser: fill in the input, watch the job
        go from queued to running to completed, read streamed output, and copy the exact request as
        cURL, Python or JavaScript.
      </PageHeader>
      <EmptyState title="Nothing run yet">
        <p>
          Every run is a job on an endpoint: <code className="font-mono">/run</code> queues it and
          returns an id, <code className="font-mono">/status</code> reports on it,{" "}
          <code className="font-mono">/runsync</code> waits for the result. Requests you send from
          here will be kept in a history you can replay and compare.
        </p>
        <p>The same request from a terminal, for an endpoint id of yours:</p>
        <CodeBlock
          label="cURL"
          language="bash"
          code={`curl -X POST ${jobUrl}/v2/YOUR_ENDPOINT_ID/runsync \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"input":{"prompt":"Hello"}}'`}
        />
      </EmptyState>
    </>
  );
}
