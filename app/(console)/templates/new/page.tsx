import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { NewTemplate } from "@/components/templates/new-template-on-demand";

export const metadata: Metadata = { title: "New template" };

export default function NewTemplatePage() {
  return (
    <>
      <PageHeader title="New template">
        A template is for pods or for serverless endpoints; choose which, then the image and
        defaults the pods or workers start with.
      </PageHeader>
      <NewTemplate />
    </>
  );
}
