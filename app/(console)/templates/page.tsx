import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";

export const metadata: Metadata = { title: "Templates" };

export default function TemplatesPage() {
  const { apiUrl } = getPlatformConfig();
  return (
    <>
      <PageHeader title="Templates">
        A template saves a container configuration — image, start command, disk size, ports and
        environment variables — so endpoints and pods can start from it instead of repeating it. A
        template is made either for serverless endpoints or for pods.
      </PageHeader>
      <EmptyState title="No templates yet">
        <p>
          Create a template when several endpoints or pods share an image and settings. Changing a
          template does not change what already runs; new workers and pods pick it up.
        </p>
        <p>Your templates will be listed here. To list them from a terminal:</p>
        <CodeBlock
          label="cURL"
          language="bash"
          code={`curl ${apiUrl}/v2/templates \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY"`}
        />
      </EmptyState>
    </>
  );
}
