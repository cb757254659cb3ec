"use client";

import { useState, type ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { LinkTabs } from "@/components/forms/tabs";
import { TimeAgo } from "@/components/forms/time-ago";
import { Notice } from "@/components/ui/notice";
import { usePods } from "@/lib/queries/pods";
import type { Pod } from "@/lib/schemas/pods";
import { PodActions } from "./pod-actions";
import { matchesFilter, POD_FILTERS, type PodFilter } from "./pod-filter";
import { podCompute } from "./pod-gpu";
import { PodStatus } from "./pod-status";

const COLUMNS: Column<Pod>[] = [
  { header: "Name", cell: (p) => <NameCell name={p.name} id={p.id} href={`/pods/${p.id}`} /> },
  {
    header: "Status",
    cell: (p) => (
      <>
        <PodStatus status={p.status} />
        {p.locked && <div className="text-xs text-neutral-600 dark:text-neutral-400">Locked</div>}
      </>
    ),
  },
  { header: "GPU", cell: (p) => podCompute(p), className: "text-xs" },
  { header: "Cost", cell: (p) => `${usd(p.cost)}/h` },
  {
    header: "Uptime",
    cell: (p) =>
      p.status === "RUNNING" && p.startedAt ? (
        <>
          started <TimeAgo iso={p.startedAt} />
        </>
      ) : (
        <span className="text-neutral-600 dark:text-neutral-400">not running</span>
      ),
  },
];

/** Pods of the account, filtered by `?status=`; `empty` is the teaching empty state. */
export function PodList({ empty, filter }: { empty: ReactNode; filter: PodFilter }) {
  const query = usePods();
  const [refused, setRefused] = useState<string | null>(null);
  const all = query.data?.filter((p) => matchesFilter(p, "all"));
  const rows = { ...query, data: all?.filter((p) => matchesFilter(p, filter)) };
  return (
    <ListStates query={{ ...query, data: all }} what="pods" empty={empty}>
      {() => (
        <div className="space-y-4">
          <LinkTabs
            label="Pod filter"
            tabs={POD_FILTERS}
            current={filter}
            hrefFor={(f) => (f === "all" ? "/pods" : `/pods?status=${f}`)}
          />
          {refused && <Notice>{refused}</Notice>}
          <ListStates query={rows} what="pods" empty={<p className="text-sm">No {filter} pods.</p>}>
            {(pods) => (
              <ResourceTable
                caption="Pods"
                columns={COLUMNS}
                rows={pods}
                actions={(p) => <PodActions pod={p} onRefused={setRefused} />}
              />
            )}
          </ListStates>
        </div>
      )}
    </ListStates>
  );
}
