"use client";

import { useState } from "react";
import { ListStates } from "@/components/forms/query-states";
import { ResourceTable, type Column } from "@/components/forms/resource-table";
import { Button } from "@/components/ui/button";
import { DialogOnDemand as Dialog } from "@/components/ui/dialog-on-demand";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { removeSshKey } from "@/lib/actions/account";
import { describeProblem } from "@/lib/queries/describe-problem";
import { sshKeyKeys, useSshKeys } from "@/lib/queries/account";
import { useAction } from "@/lib/queries/use-action";
import { sshKeyLabel, sshKeyParts } from "./ssh-key-parts";
import { AddSshKeyForm } from "./account-forms-on-demand";

interface KeyRow {
  id: string;
  key: string;
}

const COLUMNS: Column<KeyRow>[] = [
  { header: "Type", cell: (r) => sshKeyParts(r.key).type, className: "font-mono text-xs" },
  { header: "Key", cell: (r) => sshKeyParts(r.key).short, className: "font-mono text-xs" },
  { header: "Comment", cell: (r) => sshKeyParts(r.key).comment || "—" },
];

export function SshKeySection() {
  const keys = useSshKeys();
  const toast = useToast();
  const remove = useAction(removeSshKey, [sshKeyKeys.all]);
  const [removing, setRemoving] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const rows = { ...keys, data: keys.data?.map((key) => ({ id: key, key })) };

  async function confirmRemove(key: string) {
    const result = await remove.mutateAsync({ key });
    setRemoving(null);
    if (result.ok) {
      setRefused(null);
      toast({ tone: "success", title: `SSH key ${sshKeyLabel(key)} removed` });
    } else setRefused(`The key was not removed: ${describeProblem(result.problem)}`);
  }

  return (
    <section aria-labelledby="ssh-keys-heading" className="space-y-4">
      <div>
        <h2 id="ssh-keys-heading" className="text-lg font-semibold">
          SSH public keys
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
          Pods (and cluster nodes) created <strong>after</strong> you add a key receive it when they
          start SSH, in <code className="font-mono">PUBLIC_KEY</code>. Pods already running keep the
          keys they started with; removing a key does not take it from them.
        </p>
      </div>
      {refused && <Notice>{refused}</Notice>}
      <ListStates
        query={rows}
        what="SSH keys"
        empty={
          <EmptyState title="No SSH keys yet">
            <p>
              Add the public half of a key pair below, e.g. the contents of{" "}
              <code className="font-mono">~/.ssh/id_ed25519.pub</code>. No key pair yet? Make one
              with <code className="font-mono">ssh-keygen -t ed25519</code>. Then deploy a pod with
              SSH and connect with the command its page shows.
            </p>
          </EmptyState>
        }
      >
        {(list) => (
          <ResourceTable
            caption="SSH public keys"
            columns={COLUMNS}
            rows={list}
            actions={(r) => (
              <Button
                size="sm"
                variant="danger"
                onClick={() => setRemoving(r.key)}
                aria-label={`Remove SSH key ${sshKeyLabel(r.key)}`}
              >
                Remove
              </Button>
            )}
          />
        )}
      </ListStates>
      <AddSshKeyForm />
      {removing && (
        <Dialog
          open
          onClose={() => setRemoving(null)}
          title={`Remove SSH key ${sshKeyLabel(removing)}?`}
          description="Pods created from now on will not receive it. Pods that already have it keep it."
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() => void confirmRemove(removing)}
            >
              Remove key
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
