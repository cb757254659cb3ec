"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useState } from "react";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { Button } from "@/components/ui/button";
import { deleteCluster } from "@/lib/actions/clusters";
import { clusterKeys } from "@/lib/queries/clusters";
import { billingKeys, podKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { Cluster } from "@/lib/schemas/clusters";

// The rename dialog (its form and schema) loads when a Rename button opens it.
const RenameClusterDialog = lazyPart(() =>
  import("./rename-cluster-dialog").then((m) => m.RenameClusterDialog),
);

/** Rename and delete (confirmed by typing the name) for the list and the detail page. */
export function useClusterActions(options: { onDeleted?: (cluster: Cluster) => void } = {}) {
  const remove = useAction(deleteCluster, [clusterKeys.all, podKeys.all, billingKeys.all]);
  const deletion = useConfirmedDelete<Cluster>({
    noun: "Cluster",
    description: (c) =>
      `All ${c.pods.total} of its pods are terminated and their disks wiped. A network volume keeps its files.`,
    remove,
    onDeleted: options.onDeleted,
  });
  const [renaming, setRenaming] = useState<Cluster | null>(null);
  return {
    buttons: (c: Cluster) => (
      <>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setRenaming(c)}
          aria-label={`Rename ${c.name}`}
        >
          Rename
        </Button>
        {deletion.button(c)}
      </>
    ),
    refusal: deletion.refusal,
    dialogs: (
      <>
        {renaming && <RenameClusterDialog cluster={renaming} onClose={() => setRenaming(null)} />}
        {deletion.dialog}
      </>
    ),
  };
}
