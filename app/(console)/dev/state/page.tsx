import type { Metadata } from "next";
import { StatePanel } from "@/components/devtools/state-panel";
import { PageHeader } from "@/components/shell/page-header";
import { getApiKey } from "@/lib/auth/session";
import { createCloud } from "@/lib/cloud/client";
import { whoami } from "@/lib/cloud/platform";

export const metadata: Metadata = { title: "State" };

/** Whether the signed-in key is the operator credential (it also gets the whole-instance tools). */
async function isOperator(): Promise<boolean> {
  const apiKey = await getApiKey();
  if (!apiKey) return false;
  return whoami(createCloud(apiKey))
    .then((me) => me.key.operator)
    .catch(() => false);
}

export default async function StatePage() {
  return (
    <>
      <PageHeader title="State">
        Save your account&apos;s part of the local platform to a file and load it back, or start it
        over from empty. To start from a prepared state every time, see PLATFORM_SEED in the README.
      </PageHeader>
      <StatePanel operator={await isOperator()} />
    </>
  );
}
