"use client";

import { useState, type ReactNode } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { StatusDot } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialog } from "@/components/ui/dialog";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
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

export function KeyList({ empty }: { empty: ReactNode }) {
  const toast = useToast();
  const keys = useApiKeys();
  const update = useAction(updateApiKey, [apiKeyKeys.all]);
  const remove = useAction(deleteApiKey, [apiKeyKeys.all]);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

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
  async function confirmDelete(key: ApiKey) {
    const result = await remove.mutateAsync({ id: key.id });
    setDeleting(null);
    if (result.ok) toast({ tone: "success", title: `Key ${key.name} deleted` });
    else
      toast({
        tone: "error",
        title: "Key not deleted",
        description: describeProblem(result.problem),
      });
  }

  if (keys.isPending) return <Loading what="API keys" />;
  if (keys.isError)
    return <LoadError what="API keys" error={keys.error} onRetry={() => keys.refetch()} />;
  if (keys.data.length === 0) return <>{empty}</>;
  return (
    <>
      <Table>
        <caption className="sr-only">API keys</caption>
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Permission</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {keys.data.map((k) => (
            <Tr key={k.id}>
              <Td>
                <div className="font-medium">{k.name}</div>
                <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                  {k.prefix}…
                </div>
              </Td>
              <Td>{describePermission(k.permission)}</Td>
              <Td>
                <StatusDot
                  tone={k.disabled ? "warning" : "success"}
                  label={k.disabled ? "disabled" : "enabled"}
                />
              </Td>
              <Td>
                <TimeAgo iso={k.createdAt} />
              </Td>
              <Td>{k.lastUsedAt ? <TimeAgo iso={k.lastUsedAt} /> : "never"}</Td>
              <Td className="space-x-2 text-right whitespace-nowrap">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => toggle(k)}
                  aria-label={`${k.disabled ? "Enable" : "Disable"} ${k.name}`}
                >
                  {k.disabled ? "Enable" : "Disable"}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setDeleting(k)}
                  aria-label={`Delete ${k.name}`}
                >
                  Delete
                </Button>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {deleting && (
        <ConfirmByNameDialog
          open
          onClose={() => setDeleting(null)}
          title={`Delete key ${deleting.name}?`}
          description="Programs using it get 401 from then on."
          name={deleting.name}
          confirmLabel="Delete key"
          onConfirm={() => confirmDelete(deleting)}
          pending={remove.isPending}
        />
      )}
    </>
  );
}
