"use client";

import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { EmptyState } from "@/components/ui/empty-state";
import { deleteDelegation } from "@/lib/actions/registries";
import { delegationKeys, useDelegations } from "@/lib/queries/account";
import { useAction } from "@/lib/queries/use-action";
import type { EcrDelegation } from "@/lib/schemas/registries";
import { AddDelegationForm } from "./account-forms-on-demand";

/** A delegation's name in lists and confirmations: its own name, else `repository:tag`. */
const named = (d: EcrDelegation) => ({ ...d, name: d.name || `${d.repository}:${d.tag}` });
type Named = ReturnType<typeof named>;

const COLUMNS: Column<Named>[] = [
  { header: "Name", cell: (d) => <NameCell name={d.name} id={d.id} /> },
  {
    header: "Repository",
    cell: (d) => (
      <>
        <div className="font-mono text-xs">
          {d.repository}:{d.tag}
        </div>
        {d.dockerRegistryUri && (
          <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
            {d.dockerRegistryUri}
          </div>
        )}
      </>
    ),
  },
  { header: "Region", cell: (d) => d.awsRegion },
  { header: "AWS account", cell: (d) => d.awsUser, className: "font-mono text-xs" },
  { header: "Added", cell: (d) => <TimeAgo iso={d.createdAt} /> },
];

export function DelegationSection() {
  const delegations = useDelegations();
  const remove = useAction(deleteDelegation, [delegationKeys.all]);
  const deletion = useConfirmedDelete<Named>({
    noun: "Delegation",
    description: "The platform can no longer pull this repository for your pods and endpoints.",
    remove,
  });
  const rows = { ...delegations, data: delegations.data?.map(named) };
  return (
    <section aria-labelledby="ecr-heading" className="space-y-4">
      <div>
        <h2 id="ecr-heading" className="text-lg font-semibold">
          Amazon ECR delegations
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
          Let the platform pull one ECR repository (at one tag) without storing AWS credentials: you
          grant access in AWS and register the repository here by its ARN.
        </p>
      </div>
      {deletion.refusal}
      <ListStates
        query={rows}
        what="ECR delegations"
        empty={
          <EmptyState title="No ECR delegations yet">
            <p>
              Add one below with the repository&apos;s ARN, e.g.{" "}
              <code className="font-mono">
                arn:aws:ecr:us-east-1:123456789012:repository/my-app:v1
              </code>{" "}
              (the tag defaults to <code className="font-mono">latest</code>). Its image then pulls
              like a public one.
            </p>
          </EmptyState>
        }
      >
        {(list) => (
          <ResourceTable
            caption="ECR delegations"
            columns={COLUMNS}
            rows={list}
            actions={deletion.button}
          />
        )}
      </ListStates>
      <AddDelegationForm />
      {deletion.dialog}
    </section>
  );
}
