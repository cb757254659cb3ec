"use client";

import type { ReactNode } from "react";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { StatusDot } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { deleteApiKey, updateApiKey } from "@/lib/actions/api-keys";
import { useApiKeys } from "@/lib/queries/api-keys";
import { describeProblem } from "@/lib/queries/apply-problem";
import { apiKeyKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { ApiKey, KeyPermission } from "@/lib/schemas/control";

function describePermission(p: KeyPermission): string {
  if (p.type === "all") return "All";
  if (p.type === "read") return "Read only";
  const parts = Object.entries(p.families)
    .filter(([, l]) => l !== "none")
    .map(([f, l]) => `${f}: ${l}`);
  const eps = Object.keys(p.endpoints).length;
  return `Restricted (${parts.join(", ") || "no families"}${eps ? `; ${eps} endpoint rule(s)` : ""})`;
}

const COLUMNS: Column<ApiKey>[] = [
  { header: "Name", cell: (k) => <NameCell name={k.name} id={`${k.prefix}…`} /> },
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
  const remove = useAction(deleteApiKey, [apiKeyKeys.all]);
  const deletion = useConfirmedDelete<ApiKey>({
    noun: "Key",
    description: "Programs using it get 401 from then on.",
    remove,
  });

  async function toggle(key: ApiKey) {
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
