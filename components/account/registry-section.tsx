"use client";

import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { createRegistry, deleteRegistry } from "@/lib/actions/registries";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { registryKeys, useRegistries } from "@/lib/queries/registries";
import { useAction } from "@/lib/queries/use-action";
import type { CreateRegistryInput, Registry } from "@/lib/schemas/registries";

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

const EMPTY = { name: "", username: "", password: "" };

function AddRegistryForm() {
  const toast = useToast();
  const create = useAction(createRegistry, [registryKeys.all]);
  const form = useForm<CreateRegistryInput>({
    resolver: lazyZodResolver(() =>
      import("@/lib/schemas/registries").then((m) => m.CreateRegistryInput),
    ),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: CreateRegistryInput) {
    const result = await create.mutateAsync(values);
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, {
        fields: ["name", "username", "password"],
      });
      return;
    }
    toast({ tone: "success", title: `Credential ${result.data.name} saved` });
    // The password leaves the page with the request: nothing keeps it in the form afterwards.
    form.reset(EMPTY);
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label="Add a registry credential"
      className="grid max-w-3xl gap-4 sm:grid-cols-3"
    >
      <Field id="registry-name" label="Name" hint="How forms list it." error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
      </Field>
      <Field id="registry-username" label="Username" error={errors.username?.message}>
        {(p) => <Input {...p} {...form.register("username")} autoComplete="off" />}
      </Field>
      <Field
        id="registry-password"
        label="Password or token"
        hint="Write-only: never shown again."
        error={errors.password?.message}
      >
        {(p) => (
          <Input
            {...p}
            type="password"
            {...form.register("password")}
            autoComplete="new-password"
          />
        )}
      </Field>
      <div className="space-y-2 sm:col-span-3">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Add credential
        </Button>
      </div>
    </form>
  );
}
