"use client";

import { useState, type ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { LinkTabs } from "@/components/forms/tabs";
import { TimeAgo } from "@/components/forms/time-ago";
import { ClusterBadge } from "@/components/clusters/cluster-badge";
import { CLUSTER_PODS_PARAM } from "@/components/clusters/cluster-pods-param";
import { Notice } from "@/components/ui/notice";
import { usePods } from "@/lib/queries/pods";
import type { Pod } from "@/lib/schemas/pods";
import { PodActions } from "./pod-actions";
import { matchesFilter, POD_FILTERS, type PodFilter } from "./pod-filter";
import { podCompute } from "./pod-gpu";
import { PodStatus } from "./pod-status";

const COLUMNS: Column<Pod>[] = [
  {
    header: "Name",
    cell: (p) => (
      <>
        <NameCell name={p.name} id={p.id} href={`/pods/${p.id}`} />
        {p.cluster && <ClusterBadge clusterId={p.cluster.id} />}
      </>
    ),
  },
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

/**
 * Pods of the account, filtered by `?status=`; `empty` is the teaching empty state. Cluster member
 * pods only with `includeClusterPods` (`?clusters=show`), each marked with its cluster.
 */
export function PodList({
  empty,
  filter,
  includeClusterPods = false,
}: {
  empty: ReactNode;
  filter: PodFilter;
  includeClusterPods?: boolean;
}) {
  const query = usePods({ includeClusterPods });
  const withClusters = includeClusterPods ? `${CLUSTER_PODS_PARAM}=show` : "";
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
            hrefFor={(f) => {
              const query = [f === "all" ? "" : `status=${f}`, withClusters].filter(Boolean);
              return query.length > 0 ? `/pods?${query.join("&")}` : "/pods";
            }}
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
