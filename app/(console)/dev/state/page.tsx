import type { Metadata } from "next";
import { StatePanel } from "@/components/devtools/state-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "State" };

export default function StatePage() {
  return (
    <>
      <PageHeader title="State">
        Save the whole local platform to a file and load it back, or start over from empty. To start
        from a prepared state every time, see PLATFORM_SEED in the README.
      </PageHeader>
      <StatePanel />
    </>
  );
}
