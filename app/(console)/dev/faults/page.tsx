import type { Metadata } from "next";
import { FaultsPanel } from "@/components/devtools/faults-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Faults" };

export default function FaultsPage() {
  return (
    <>
      <PageHeader title="Faults">
        Make the local platform misbehave on purpose — failing or timing-out jobs, crashing workers,
        slow cold starts, missing GPU capacity, pods in ERROR, rate limits, a webhook receiver that
        is down — to see how your code copes. Each fault lasts a number of times, a duration on the
        platform clock, or until you remove it.
      </PageHeader>
      <FaultsPanel />
    </>
  );
}
