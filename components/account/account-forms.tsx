"use client";

// The account page's three add forms. Their code (react-hook-form with it) loads when the user first
// reaches for one of them: see account-forms-on-demand.tsx.
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Field } from "@/components/ui/field";
import { controlClasses, Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { addSshKey } from "@/lib/actions/account";
import { createDelegation, createRegistry } from "@/lib/actions/registries";
import { delegationKeys, sshKeyKeys } from "@/lib/queries/account";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { registryKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { SshKeyEntryInput } from "@/lib/schemas/account";
import type { CreateRegistryInput } from "@/lib/schemas/registries";
import type { DelegationFormValues } from "./delegation-form-schema";
import { sshKeyLabel } from "./ssh-key-parts";

export function AddSshKeyForm() {
  const toast = useToast();
  const add = useAction(addSshKey, [sshKeyKeys.all]);
  const form = useForm<SshKeyEntryInput>({
    resolver: lazyZodResolver(() =>
      import("@/lib/schemas/account").then((m) => m.SshKeyEntryInput),
    ),
    defaultValues: { key: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: SshKeyEntryInput) {
    const result = await add.mutateAsync(values);
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, {
        fields: ["key"],
        aliases: { keys: "key" },
      });
      return;
    }
    toast({ tone: "success", title: `SSH key ${sshKeyLabel(values.key)} added` });
    form.reset({ key: "" });
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label="Add an SSH key"
      className="max-w-3xl space-y-3"
    >
      <Field
        id="ssh-key"
        label="Public key"
        hint="One line: type, key and an optional comment, e.g. ssh-ed25519 AAAAC3Nza… you@laptop. Never paste the private key."
        error={errors.key?.message}
      >
        {(p) => (
          <textarea
            {...p}
            {...form.register("key")}
            rows={3}
            spellCheck={false}
            autoComplete="off"
            className={cx(controlClasses, "py-2 font-mono")}
          />
        )}
      </Field>
      <FormProblem message={errors.root?.server?.message} />
      <Button type="submit" pending={isSubmitting}>
        Add SSH key
      </Button>
    </form>
  );
}

const EMPTY = { name: "", username: "", password: "" };

export function AddRegistryForm() {
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

export function AddDelegationForm() {
  const toast = useToast();
  const create = useAction(createDelegation, [delegationKeys.all]);
  const form = useForm<DelegationFormValues>({
    resolver: lazyZodResolver(() =>
      import("./delegation-form-schema").then((m) => m.DelegationForm),
    ),
    defaultValues: { resource: "", name: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit({ resource, name }: DelegationFormValues) {
    const result = await create.mutateAsync({ resource, ...(name.trim() ? { name } : {}) });
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, { fields: ["resource", "name"] });
      return;
    }
    toast({ tone: "success", title: `${result.data.repository}:${result.data.tag} delegated` });
    form.reset({ resource: "", name: "" });
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label="Add an ECR delegation"
      className="grid max-w-3xl gap-4 sm:grid-cols-[2fr_1fr]"
    >
      <Field
        id="ecr-resource"
        label="Repository ARN"
        hint="arn:aws:ecr:<region>:<account id>:repository/<name>[:<tag>]"
        error={errors.resource?.message}
      >
        {(p) => (
          <Input {...p} className="font-mono" {...form.register("resource")} autoComplete="off" />
        )}
      </Field>
      <Field id="ecr-name" label="Name (optional)" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
      </Field>
      <div className="space-y-2 sm:col-span-2">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Add delegation
        </Button>
      </div>
    </form>
  );
}
