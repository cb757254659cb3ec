import type { Metadata } from "next";
import { BillingOverview } from "@/components/billing/billing-overview";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { windowFromSearch } from "@/lib/queries/billing-window";

export const metadata: Metadata = { title: "Billing" };

export default async function BillingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const window = windowFromSearch(await searchParams);
  return (
    <>
      <PageHeader title="Billing">
        What your account has spent and on what: serverless workers by the second, pods by the hour,
        volumes by the GB-month, hosted models per request.
      </PageHeader>
      <BillingOverview
        window={window}
        empty={
          <EmptyState title="No spending to show yet">
            <p>
              Once endpoints, pods or volumes have run, their charges will appear here by period and
              by resource, with the balance they were taken from. On the local platform the balance
              is play money: nothing is ever charged.
            </p>
          </EmptyState>
        }
      />
    </>
  );
}
