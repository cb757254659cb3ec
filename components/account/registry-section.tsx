"use client";

import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { EmptyState } from "@/components/ui/empty-state";
import { deleteRegistry } from "@/lib/actions/registries";
import { registryKeys } from "@/lib/queries/keys";
import { useRegistries } from "@/lib/queries/registries";
import { useAction } from "@/lib/queries/use-action";
import type { Registry } from "@/lib/schemas/registries";
import { AddRegistryForm } from "./account-forms-on-demand";

const COLUMNS: Column<Registry>[] = [
  { header: "Name", cell: (r) => <NameCell name={r.name} id={r.id} /> },
  {
    header: "Username and password",
    cell: () => (
      <span className="text-neutral-600 dark:text-neutral-400">stored, never shown again</span>
    ),
  },
];

export function RegistrySection() {
  const registries = useRegistries();
  const remove = useAction(deleteRegistry, [registryKeys.all]);
  const deletion = useConfirmedDelete<Registry>({
    noun: "Credential",
    description:
      "Pods and endpoints can no longer pull private images with it. A credential still used by a pod or an endpoint cannot be deleted.",
    remove,
  });
  return (
    <section aria-labelledby="registries-heading" className="space-y-4">
      <div>
        <h2 id="registries-heading" className="text-lg font-semibold">
          Container registry credentials
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
          For private images on Docker Hub, GHCR or any registry. Pods, templates and endpoints
          choose a credential by name. The username and password are write-only: they go to the
          platform once and no page or API answer shows them again.
        </p>
      </div>
      {deletion.refusal}
      <ListStates
        query={registries}
        what="registry credentials"
        empty={
          <EmptyState title="No registry credentials yet">
            <p>
              Public images need none. To pull a private image, add a credential below (for Docker
              Hub, an access token works as the password), then choose it as the &quot;Registry
              credential&quot; when you deploy a pod or create an endpoint.
            </p>
          </EmptyState>
        }
      >
        {(rows) => (
          <ResourceTable
            caption="Container registry credentials"
            columns={COLUMNS}
            rows={rows}
            actions={deletion.button}
          />
        )}
      </ListStates>
      <AddRegistryForm />
      {deletion.dialog}
    </section>
  );
}
