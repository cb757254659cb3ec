"use client";

import type { ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useBillingOverview } from "@/lib/queries/billing";
import { SpendChart } from "./spend-chart";
import { PRODUCTS, byProduct, spendPerResource } from "./spend-series";

/** Balance, spend per day by product, and spend per resource over the last 30 days. */
export function BillingOverview({ empty }: { empty: ReactNode }) {
  const query = useBillingOverview();
  if (query.isPending) return <Loading what="billing" />;
  if (query.isError)
    return <LoadError what="billing" error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data;
  const totals = byProduct({ ...data.spend.metadata.totals, startTime: "", endTime: "" });
  const total = data.spend.metadata.totals.totalAmount;
  const resources = spendPerResource(data);
  return (
    <div className="space-y-8">
      <dl className="grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-3">
        <div
          role="group"
          aria-label="Balance"
          className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <dt className="text-xs text-neutral-600 dark:text-neutral-400">Balance</dt>
          <dd className="mt-1 text-xl font-semibold">
            {data.balance === null ? "—" : usd(data.balance)}
          </dd>
          {data.balance === null && (
            <dd className="text-xs text-neutral-600 dark:text-neutral-400">
              Shown on the local platform only.
            </dd>
          )}
        </div>
        <div
          role="group"
          aria-label="Spent, last 30 days"
          className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <dt className="text-xs text-neutral-600 dark:text-neutral-400">Spent, last 30 days</dt>
          <dd className="mt-1 text-xl font-semibold">{usd(total)}</dd>
        </div>
      </dl>
      {total === 0 ? (
        empty
      ) : (
        <>
          <section aria-labelledby="spend-heading" className="space-y-3">
            <h2 id="spend-heading" className="text-base font-semibold">
              Spend per day
            </h2>
            <SpendChart records={data.spend.records} />
            <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              {PRODUCTS.filter((p) => totals[p.id] > 0).map((p) => (
                <li key={p.id}>
                  {p.label}: {usd(totals[p.id])}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="resources-heading" className="space-y-3">
            <h2 id="resources-heading" className="text-base font-semibold">
              Spend per resource
            </h2>
            <Table>
              <caption className="sr-only">Spend per resource, last 30 days</caption>
              <THead>
                <tr>
                  <Th>Resource</Th>
                  <Th>Kind</Th>
                  <Th className="text-right">Spent</Th>
                </tr>
              </THead>
              <TBody>
                {resources.map((r) => (
                  <Tr key={r.id}>
                    <Td>
                      <div className="font-medium">{r.name ?? "(deleted)"}</div>
                      <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                        {r.id}
                      </div>
                    </Td>
                    <Td>{r.product}</Td>
                    <Td className="text-right">{usd(r.total)}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </section>
        </>
      )}
    </div>
  );
}
