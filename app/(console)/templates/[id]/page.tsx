import type { Metadata } from "next";
import { Prefetched } from "@/components/shell/prefetched";
import { TemplateDetail } from "@/components/templates/template-detail";
import { reads } from "@/lib/cloud/reads";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    // The template shows at once, and its form is final HTML (its code loads on demand).
    <Prefetched reads={[reads.template(id)]}>
      <TemplateDetail id={id} />
    </Prefetched>
  );
}
