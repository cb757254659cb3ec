"use client";

import type { ReactNode } from "react";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { Badge, StatusDot } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { deleteApiKey, updateApiKey } from "@/lib/actions/api-keys";
import { useApiKeys, type ListedApiKey } from "@/lib/queries/api-keys";
import { describeProblem } from "@/lib/queries/describe-problem";
import { apiKeyKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { KeyPermission } from "@/lib/schemas/control";

function describePermission(p: KeyPermission): string {
  if (p.type === "all") return "All";
  if (p.type === "read") return "Read only";
  const parts = Object.entries(p.families)
    .filter(([, l]) => l !== "none")
    .map(([f, l]) => `${f}: ${l}`);
  const eps = Object.keys(p.endpoints).length;
  return `Restricted (${parts.join(", ") || "no families"}${eps ? `; ${eps} endpoint rule(s)` : ""})`;
}

const COLUMNS: Column<ListedApiKey>[] = [
  {
    header: "Name",
    cell: (k) => (
      <>
        <NameCell name={k.name} id={`${k.prefix}…`} />
        {k.current && (
          <Badge tone="accent" className="mt-1">
            this session
          </Badge>
        )}
      </>
    ),
  },
  { header: "Permission", cell: (k) => describePermission(k.permission) },
  {
    header: "Status",
    cell: (k) => (
      <StatusDot
        tone={k.disabled ? "warning" : "success"}
        label={k.disabled ? "disabled" : "enabled"}
      />
    ),
  },
  { header: "Created", cell: (k) => <TimeAgo iso={k.createdAt} /> },
  { header: "Last used", cell: (k) => (k.lastUsedAt ? <TimeAgo iso={k.lastUsedAt} /> : "never") },
];

export function KeyList({ empty }: { empty: ReactNode }) {
  const toast = useToast();
  const keys = useApiKeys();
  const update = useAction(updateApiKey, [apiKeyKeys.all]);
  const removeOther = useAction(deleteApiKey, [apiKeyKeys.all]);
  // Deleting the session's own key ends the session: nothing to refresh, the page leaves.
  const removeOwn = useAction(deleteApiKey, []);
  const current = keys.data?.find((k) => k.current)?.id;
  const remove = {
    mutateAsync: (input: { id: string }) =>
      (input.id === current ? removeOwn : removeOther).mutateAsync(input),
    isPending: removeOther.isPending || removeOwn.isPending,
  };
  const deletion = useConfirmedDelete<ListedApiKey>({
    noun: "Key",
    description: (k) =>
      k.current ? (
        <>
          <strong>This console session is signed in with this key.</strong> Deleting it signs you
          out at once: you will need another key to sign in again. Programs using it get 401 from
          then on.
        </>
      ) : (
        "Programs using it get 401 from then on."
      ),
    confirmLabel: (k) => (k.current ? "Delete key and sign out" : "Delete key"),
    remove,
    onDeleted: (_k, data) => {
      // A full load: every cached query of the ended session goes with the page.
      if ((data as { signedOut?: boolean } | null)?.signedOut)
        window.location.assign("/sign-in?reason=key-rejected");
    },
  });

  async function toggle(key: ListedApiKey) {
    const result = await update.mutateAsync({ id: key.id, patch: { disabled: !key.disabled } });
    if (result.ok)
      toast({
        tone: "success",
        title: `Key ${key.name} ${result.data.disabled ? "disabled" : "enabled"}`,
      });
    else
      toast({
        tone: "error",
        title: "Key not changed",
        description: describeProblem(result.problem),
      });
  }

  return (
    <div className="space-y-4">
      {deletion.refusal}
      <ListStates query={keys} what="API keys" empty={empty}>
        {(rows) => (
          <ResourceTable
            caption="API keys"
            columns={COLUMNS}
            rows={rows}
            actions={(k) => (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => toggle(k)}
                  aria-label={`${k.disabled ? "Enable" : "Disable"} ${k.name}`}
                >
                  {k.disabled ? "Enable" : "Disable"}
                </Button>
                {deletion.button(k)}
              </>
            )}
          />
        )}
      </ListStates>
      {deletion.dialog}
    </div>
  );
}
