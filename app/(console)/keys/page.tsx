import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <>
      <PageHeader title="API keys">
        API keys let code act on your account: every request carries one as a bearer token, and a
        key can do only what its permission allows — everything, read only, or chosen resources. A
        key is shown once, when it is created.
      </PageHeader>
      <EmptyState title="Key management is coming">
        <p>
          This page will list your keys with their names, permissions and last use, and create,
          disable and delete them.
        </p>
        <p>
          The key you signed in with stays on the console&apos;s server, inside an encrypted,
          httpOnly session cookie. No page, script or API answer of this console contains it;
          snippets show <code className="font-mono">$RUNPOD_API_KEY</code> in its place.
        </p>
      </EmptyState>
    </>
  );
}
