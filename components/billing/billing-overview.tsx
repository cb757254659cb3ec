"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { AllLoaded } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { useBillingOverview, type BillingOverview as Overview } from "@/lib/queries/billing";
import { describeWindow, type BillingWindow } from "@/lib/queries/billing-window";
import { BillingWindowPicker } from "./billing-window-picker";
import { SpendChart } from "./spend-chart";
import {
  HOSTED_MODELS,
  PRODUCTS,
  byProduct,
  spendPerResource,
  type ResourceSpend,
} from "./spend-series";

/** Where a resource of each kind lives in the console (a deleted one has no page). */
const PAGE: Record<string, (id: string) => string> = {
  Pod: (id) => `/pods/${encodeURIComponent(id)}`,
  "Serverless endpoint": (id) => `/serverless/${encodeURIComponent(id)}`,
  "Network volume": () => "/storage",
};

const RESOURCE_COLUMNS: Column<ResourceSpend>[] = [
  {
    header: "Resource",
    cell: (r) =>
      r.id === HOSTED_MODELS ? (
        <>
          <Link
            href="/playground"
            className="font-medium text-violet-700 hover:underline dark:text-violet-300"
          >
            All hosted models
          </Link>
          <div className="text-xs text-neutral-600 dark:text-neutral-400">
            The billing API totals hosted models together, not per model.
          </div>
        </>
      ) : (
        <NameCell
          name={r.name ?? "(deleted)"}
          id={r.id}
          href={r.name ? PAGE[r.product]?.(r.id) : undefined}
        />
      ),
  },
  { header: "Kind", cell: (r) => r.product },
  { header: "Spent", cell: (r) => usd(r.total), className: "text-right" },
];

/** Balance, spend per bucket by product, and spend per resource, over the window in the URL. */
export function BillingOverview({ empty, window }: { empty: ReactNode; window: BillingWindow }) {
  const billing = useBillingOverview(window);
  return (
    <div className="space-y-6">
      <BillingWindowPicker window={window} />
      <AllLoaded queries={{ billing }} what="billing">
        {({ billing: data }) => <Spend data={data} window={window} empty={empty} />}
      </AllLoaded>
    </div>
  );
}

function Spend({
  data,
  window,
  empty,
}: {
  data: Overview;
  window: BillingWindow;
  empty: ReactNode;
}) {
  const period = describeWindow(window);
  const totals = byProduct({ ...data.spend.metadata.totals, startTime: "", endTime: "" });
  const total = data.spend.metadata.totals.totalAmount;
  const resources = spendPerResource(data);
  return (
    <div className="space-y-8">
      {/* Each figure is a named group holding its own <dl> (a group inside a <dl> breaks it). */}
      <div className="grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-3">
        <div
          role="group"
          aria-label="Balance"
          className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <dl>
            <dt className="text-xs text-neutral-600 dark:text-neutral-400">Balance</dt>
            <dd className="mt-1 text-xl font-semibold">
              {data.balance === null ? "—" : usd(data.balance)}
            </dd>
            {data.balance === null && (
              <dd className="text-xs text-neutral-600 dark:text-neutral-400">
                Shown on the local platform only.
              </dd>
            )}
          </dl>
        </div>
        <div
          role="group"
          aria-label={`Spent, ${period}`}
          className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <dl>
            <dt className="text-xs text-neutral-600 dark:text-neutral-400">Spent, {period}</dt>
            <dd className="mt-1 text-xl font-semibold">{usd(total)}</dd>
          </dl>
        </div>
      </div>
      {total === 0 ? (
        empty
      ) : (
        <>
          <section aria-labelledby="spend-heading" className="space-y-3">
            <h2 id="spend-heading" className="text-base font-semibold">
              Spend per {window.bucketSize}
            </h2>
            <SpendChart records={data.spend.records} bucketSize={window.bucketSize} />
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
            <ResourceTable
              caption={`Spend per resource, ${period}`}
              columns={RESOURCE_COLUMNS}
              rows={resources}
            />
          </section>
        </>
      )}
    </div>
  );
}
