"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { usd } from "@/components/forms/format";
import { ListStates, Loading, LoadError } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { PodStatus } from "@/components/pods/pod-status";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { useCluster, useClusterPods } from "@/lib/queries/clusters";
import type { Pod } from "@/lib/schemas/pods";
import { CLUSTER_TYPE_LABEL, CLUSTER_VOLUME_PATH } from "./cluster-form-values";
import { ClusterPodsSummary, clusterCompute } from "./cluster-summary";
import { useClusterActions } from "./use-cluster-actions";

const MEMBER_COLUMNS: Column<Pod>[] = [
  { header: "Pod", cell: (p) => <NameCell name={p.name} id={p.id} href={`/pods/${p.id}`} /> },
  {
    header: "Rank",
    cell: (p) => (
      <>
        {p.cluster?.rank ?? "—"}
        {p.cluster?.role && (
          <div className="text-xs text-neutral-600 dark:text-neutral-400">{p.cluster.role}</div>
        )}
      </>
    ),
  },
  { header: "Status", cell: (p) => <PodStatus status={p.status} /> },
  { header: "Private IP", cell: (p) => p.cluster?.ip ?? "—", className: "font-mono text-xs" },
  {
    header: "GPU",
    cell: (p) => (p.gpu ? `${p.gpu.count} × ${p.gpu.id}` : "—"),
    className: "text-xs",
  },
  { header: "Cost", cell: (p) => `${usd(p.cost)}/h` },
];

export function ClusterDetail({ id }: { id: string }) {
  const router = useRouter();
  const query = useCluster(id);
  const members = useClusterPods(id);
  const actions = useClusterActions({ onDeleted: () => router.push("/clusters") });
  if (query.isPending) return <Loading what="the cluster" />;
  if (query.isError)
    return <LoadError what={`cluster ${id}`} error={query.error} onRetry={() => query.refetch()} />;
  const cluster = query.data;
  const volumeIds = [
    ...new Set((members.data ?? []).flatMap((p) => p.mounts.network?.map((m) => m.volumeId) ?? [])),
  ];
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link href="/clusters" className="text-violet-700 hover:underline dark:text-violet-300">
              Clusters
            </Link>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{cluster.name}</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
            <span className="font-mono">{cluster.id}</span>
            <CopyButton value={cluster.id} label="Copy id" />
          </p>
        </div>
        <div className="space-x-2">{actions.buttons(cluster)}</div>
      </header>
      {actions.refusal}

      <dl className="grid max-w-3xl gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item term="Type">{CLUSTER_TYPE_LABEL[cluster.type]}</Item>
        <Item term="Compute">{clusterCompute(cluster)}</Item>
        <Item term="Data center">{cluster.dataCenterId ?? "—"}</Item>
        <Item term="Pods">
          <ClusterPodsSummary cluster={cluster} />
        </Item>
        {cluster.network && (
          <Item term="Private network">
            <span className="font-mono">{cluster.network.cidr}</span>
          </Item>
        )}
        {cluster.primary && (
          <Item term="Primary node SSH">
            {cluster.primary.sshEndpoint ? (
              <span className="font-mono">{cluster.primary.sshEndpoint}</span>
            ) : (
              "appears once the primary node is running with SSH"
            )}
          </Item>
        )}
        <Item term="Network volume">
          {volumeIds.length > 0 ? (
            <>
              <span className="font-mono">{volumeIds.join(", ")}</span> at{" "}
              <code className="font-mono">{CLUSTER_VOLUME_PATH}</code> on every node
            </>
          ) : (
            "none"
          )}
        </Item>
        <Item term="Created">
          <TimeAgo iso={cluster.createdAt} />
        </Item>
      </dl>

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-base font-semibold">
          Member pods
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Members are ordinary pods billed per hour; they are managed through the cluster (renaming
          or deleting it), not one by one. They also appear on the{" "}
          <Link
            href="/pods?clusters=show"
            className="text-violet-700 underline underline-offset-2 dark:text-violet-300"
          >
            Pods page with cluster pods shown
          </Link>
          .
        </p>
        <ListStates
          query={members}
          what="member pods"
          empty={
            <EmptyState title="No member pods">
              <p>This cluster has no pods left. Delete it and create a new one to run again.</p>
            </EmptyState>
          }
        >
          {(rows) => (
            <ResourceTable
              caption={`Member pods of ${cluster.name}`}
              columns={MEMBER_COLUMNS}
              rows={[...rows].sort((a, b) => (a.cluster?.rank ?? 0) - (b.cluster?.rank ?? 0))}
            />
          )}
        </ListStates>
      </section>
      {actions.dialogs}
    </div>
  );
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-neutral-600 dark:text-neutral-400">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
