"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useState, type ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { AllLoaded, ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { Button } from "@/components/ui/button";
import { deleteNetworkVolume } from "@/lib/actions/network-volumes";
import { useDataCenters } from "@/lib/queries/catalog";
import { useEndpoints } from "@/lib/queries/endpoints";
import { volumeKeys } from "@/lib/queries/keys";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { usePods } from "@/lib/queries/pods";
import { useAction } from "@/lib/queries/use-action";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import { CreateVolumeForm } from "./create-volume-form-on-demand";
import { TIER_LABEL, volumeMonthlyCost } from "./volume-cost";

// The grow dialog (its form and schema) loads when a Grow button opens it.
const GrowVolumeDialog = lazyPart(() =>
  import("./grow-volume-dialog").then((m) => m.GrowVolumeDialog),
);

/** Volume id → names of the pods and endpoints it is attached to. */
function useAttachments(): Map<string, string[]> {
  const pods = usePods();
  const endpoints = useEndpoints();
  const out = new Map<string, string[]>();
  const add = (id: string, who: string) => out.set(id, [...(out.get(id) ?? []), who]);
  for (const pod of pods.data ?? [])
    for (const m of pod.mounts.network ?? []) add(m.volumeId, `pod ${pod.name}`);
  for (const e of endpoints.data ?? [])
    for (const id of e.networkVolumes) add(id, `endpoint ${e.name}`);
  return out;
}

const columns = (attached: Map<string, string[]>): Column<NetworkVolume>[] => [
  { header: "Name", cell: (v) => <NameCell name={v.name} id={v.id} /> },
  { header: "Size", cell: (v) => `${v.size} GB` },
  { header: "Tier", cell: (v) => TIER_LABEL[v.type] },
  { header: "Data center", cell: (v) => v.dataCenter },
  { header: "Monthly cost", cell: (v) => usd(volumeMonthlyCost(v.size, v.type)) },
  { header: "Attached to", cell: (v) => attached.get(v.id)?.join(", ") ?? "—" },
];

export function VolumeList({ empty }: { empty: ReactNode }) {
  const volumes = useNetworkVolumes();
  const dataCenters = useDataCenters();
  const attached = useAttachments();
  const remove = useAction(deleteNetworkVolume, [volumeKeys.all]);
  const deletion = useConfirmedDelete<NetworkVolume>({
    noun: "Volume",
    description:
      "Its files are gone for good. A volume attached to a pod or an endpoint cannot be deleted.",
    remove,
  });
  const [growing, setGrowing] = useState<NetworkVolume | null>(null);

  return (
    <div className="space-y-8">
      {deletion.refusal}
      <ListStates query={volumes} what="network volumes" empty={empty}>
        {(rows) => (
          <ResourceTable
            caption="Network volumes"
            columns={columns(attached)}
            rows={rows}
            actions={(v) => (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setGrowing(v)}
                  aria-label={`Grow ${v.name}`}
                >
                  Grow
                </Button>
                {deletion.button(v)}
              </>
            )}
          />
        )}
      </ListStates>
      <section aria-labelledby="create-volume-heading">
        <h2 id="create-volume-heading" className="mb-3 text-base font-semibold">
          Create a network volume
        </h2>
        <AllLoaded queries={{ dataCenters }} what="data centers">
          {(data) => <CreateVolumeForm dataCenters={data.dataCenters} />}
        </AllLoaded>
      </section>
      {growing && <GrowVolumeDialog volume={growing} onClose={() => setGrowing(null)} />}
      {deletion.dialog}
    </div>
  );
}
