import type { Metadata } from "next";
import { RequestsPanel } from "@/components/devtools/requests-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Requests" };

export default function RequestsPage() {
  return (
    <>
      <PageHeader title="Requests">
        The last requests the local platform served — method, path, status, latency and the name of
        the key used (never the key itself). Filter them, and watch them arrive live.
      </PageHeader>
      <RequestsPanel />
    </>
  );
}
