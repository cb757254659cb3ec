import type { Metadata } from "next";
import { NewEndpoint } from "@/components/endpoints/new-endpoint";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "New endpoint" };

export default function NewEndpointPage() {
  return (
    <>
      <PageHeader title="New endpoint">
        Defaults are filled in: 0 to 3 workers, a 10 s idle timeout, a 5 minute execution timeout
        and FlashBoot off. You can change everything but the type later.
      </PageHeader>
      <NewEndpoint />
    </>
  );
}
