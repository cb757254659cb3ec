"use client";

import type { ReactNode } from "react";
import { AllLoaded, ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { useDataCenters, useGpuTypes } from "@/lib/queries/catalog";
import { useClusters } from "@/lib/queries/clusters";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import type { Cluster } from "@/lib/schemas/clusters";
import { CLUSTER_TYPE_LABEL } from "./cluster-form-values";
import { ClusterPodsSummary, clusterCompute } from "./cluster-summary";
import { CreateClusterForm } from "./create-cluster-form-on-demand";
import { useClusterActions } from "./use-cluster-actions";

const COLUMNS: Column<Cluster>[] = [
  {
    header: "Name",
    cell: (c) => <NameCell name={c.name} id={c.id} href={`/clusters/${c.id}`} />,
  },
  { header: "Type", cell: (c) => CLUSTER_TYPE_LABEL[c.type].replace(/ \(.*/, "") },
  { header: "Compute", cell: clusterCompute, className: "text-xs" },
  { header: "Pods", cell: (c) => <ClusterPodsSummary cluster={c} /> },
  { header: "Data center", cell: (c) => c.dataCenterId ?? "—" },
  { header: "Created", cell: (c) => <TimeAgo iso={c.createdAt} /> },
];

/** The account's clusters, their actions, and the create form below. */
export function ClusterList({ empty }: { empty: ReactNode }) {
  const clusters = useClusters();
  const gpus = useGpuTypes();
  const dataCenters = useDataCenters();
  const volumes = useNetworkVolumes();
  const actions = useClusterActions();
  return (
    <div className="space-y-8">
      {actions.refusal}
      <ListStates query={clusters} what="clusters" empty={empty}>
        {(rows) => (
          <ResourceTable
            caption="Clusters"
            columns={COLUMNS}
            rows={rows}
            actions={actions.buttons}
          />
        )}
      </ListStates>
      <section aria-labelledby="create-cluster-heading">
        <h2 id="create-cluster-heading" className="mb-3 text-base font-semibold">
          Create a cluster
        </h2>
        <AllLoaded queries={{ gpus, dataCenters, volumes }} what="GPU types and data centers">
          {(data) => (
            <CreateClusterForm
              gpus={data.gpus}
              dataCenters={data.dataCenters}
              volumes={data.volumes}
            />
          )}
        </AllLoaded>
      </section>
      {actions.dialogs}
    </div>
  );
}
