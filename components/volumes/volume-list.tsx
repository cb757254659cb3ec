"use client";

import { useState, type ReactNode } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialog } from "@/components/ui/dialog";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { deleteNetworkVolume } from "@/lib/actions/network-volumes";
import { describeProblem } from "@/lib/queries/apply-problem";
import { useDataCenters } from "@/lib/queries/catalog";
import { volumeKeys } from "@/lib/queries/keys";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { useAction } from "@/lib/queries/use-action";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import { CreateVolumeForm } from "./create-volume-form";
import { GrowVolumeDialog } from "./grow-volume-dialog";
import { TIER_LABEL, volumeMonthlyCost } from "./volume-cost";

export function VolumeList({ empty }: { empty: ReactNode }) {
  const toast = useToast();
  const volumes = useNetworkVolumes();
  const dataCenters = useDataCenters();
  const remove = useAction(deleteNetworkVolume, [volumeKeys.all]);
  const [growing, setGrowing] = useState<NetworkVolume | null>(null);
  const [deleting, setDeleting] = useState<NetworkVolume | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);

  async function confirmDelete(volume: NetworkVolume) {
    const result = await remove.mutateAsync({ id: volume.id });
    setDeleting(null);
    if (result.ok) {
      setBlocked(null);
      toast({ tone: "success", title: `Volume ${volume.name} deleted` });
    } else {
      setBlocked(`${volume.name} was not deleted: ${describeProblem(result.problem)}`);
    }
  }

  let list: ReactNode;
  if (volumes.isPending) list = <Loading what="network volumes" />;
  else if (volumes.isError)
    list = (
      <LoadError what="network volumes" error={volumes.error} onRetry={() => volumes.refetch()} />
    );
  else if (volumes.data.length === 0) list = empty;
  else
    list = (
      <Table>
        <caption className="sr-only">Network volumes</caption>
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Size</Th>
            <Th>Tier</Th>
            <Th>Data center</Th>
            <Th>Monthly cost</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {volumes.data.map((v) => (
            <Tr key={v.id}>
              <Td>
                <div className="font-medium">{v.name}</div>
                <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                  {v.id}
                </div>
              </Td>
              <Td>{v.size} GB</Td>
              <Td>{TIER_LABEL[v.type]}</Td>
              <Td>{v.dataCenter}</Td>
              <Td>{usd(volumeMonthlyCost(v.size, v.type))}</Td>
              <Td className="space-x-2 text-right whitespace-nowrap">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setGrowing(v)}
                  aria-label={`Grow ${v.name}`}
                >
                  Grow
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setDeleting(v)}
                  aria-label={`Delete ${v.name}`}
                >
                  Delete
                </Button>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    );

  return (
    <div className="space-y-8">
      {blocked && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {blocked}
        </p>
      )}
      {list}
      <section aria-labelledby="create-volume-heading">
        <h2 id="create-volume-heading" className="mb-3 text-base font-semibold">
          Create a network volume
        </h2>
        {dataCenters.isPending ? (
          <Loading what="data centers" />
        ) : dataCenters.isError ? (
          <LoadError
            what="data centers"
            error={dataCenters.error}
            onRetry={() => dataCenters.refetch()}
          />
        ) : (
          <CreateVolumeForm dataCenters={dataCenters.data} />
        )}
      </section>
      {growing && <GrowVolumeDialog volume={growing} onClose={() => setGrowing(null)} />}
      {deleting && (
        <ConfirmByNameDialog
          open
          onClose={() => setDeleting(null)}
          title={`Delete ${deleting.name}?`}
          description="Its files are gone for good. A volume attached to a pod or an endpoint cannot be deleted."
          name={deleting.name}
          confirmLabel="Delete volume"
          onConfirm={() => confirmDelete(deleting)}
          pending={remove.isPending}
        />
      )}
    </div>
  );
}
