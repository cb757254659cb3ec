import { Plus } from "lucide";
import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { TemplateList } from "@/components/templates/template-list";
import { templateTab } from "@/components/templates/template-tabs";
import { buttonClasses } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { getPlatformConfig } from "@/lib/cloud/config";

export const metadata: Metadata = { title: "Templates" };

export default async function TemplatesPage({
  searchParams,
}: {
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const { tab } = await searchParams;
  const { apiUrl } = getPlatformConfig();
  const create = (
    <Link href="/templates/new" className={buttonClasses("primary")}>
      <Icon icon={Plus} className="size-4" />
      New template
    </Link>
  );
  return (
    <>
      <PageHeader title="Templates" actions={create}>
        A template saves a container configuration — image, start command, disk size, ports and
        environment variables — so endpoints and pods can start from it instead of repeating it. A
        template is made either for serverless endpoints or for pods.
      </PageHeader>
      <TemplateList
        tab={templateTab(tab)}
        empty={
          <EmptyState title="No templates yet" action={create}>
            <p>
              Create a template when several endpoints or pods share an image and settings. Changing
              a template does not change what already runs; new workers and pods pick it up. The
              Public tab lists the official templates you can start from.
            </p>
            <p>To list yours from a terminal:</p>
            <CodeBlock
              label="cURL"
              language="bash"
              code={`curl ${apiUrl}/v2/templates \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY"`}
            />
          </EmptyState>
        }
      />
    </>
  );
}
