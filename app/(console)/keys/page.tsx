import { Plus } from "lucide";
import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import { CreateKeyForm } from "@/components/keys/create-key-form-on-demand";
import { KeyList } from "@/components/keys/key-list";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
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
      <div className="space-y-8">
        <KeyList
          empty={
            <EmptyState
              title="No API keys listed"
              action={
                <a href="#key-name" className={buttonClasses("primary")}>
                  <Icon icon={Plus} className="size-4" />
                  Create a key
                </a>
              }
            >
              <p>
                Create a key below for each program that calls the platform, with the least access
                it needs: a read-only key for dashboards, a restricted key that can only run one
                endpoint for an app. The key you signed in with stays on the console&apos;s server.
              </p>
            </EmptyState>
          }
        />
        <section aria-labelledby="create-key-heading">
          <h2 id="create-key-heading" className="mb-3 text-base font-semibold">
            Create an API key
          </h2>
          <CreateKeyForm />
        </section>
      </div>
    </>
  );
}
