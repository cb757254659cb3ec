import type { Metadata } from "next";
import { InboxPanel } from "@/components/devtools/inbox-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Webhook inbox" };

export default function InboxPage() {
  return (
    <>
      <PageHeader title="Webhook inbox">
        Every webhook delivery the platform attempts, with payload, status and timing, and a
        built-in receiver that captures what is posted to it. Updates live.
      </PageHeader>
      <InboxPanel />
    </>
  );
}
