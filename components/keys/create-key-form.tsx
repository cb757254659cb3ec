"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createApiKey } from "@/lib/actions/api-keys";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { useEndpoints } from "@/lib/queries/endpoints";
import { apiKeyKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { AccessLevel, CreateApiKeyInput } from "@/lib/schemas/control";
import { RESOURCE_FAMILIES } from "@/lib/schemas/families";

type Values = z.input<typeof CreateApiKeyInput>;
type Output = z.output<typeof CreateApiKeyInput>;
type Restricted = {
  type: "restricted";
  families: Record<string, AccessLevel>;
  endpoints: Record<string, AccessLevel>;
};

const LEVELS = [
  { value: "none", label: "No access" },
  { value: "read", label: "Read" },
  { value: "write", label: "Read and write" },
];

export function CreateKeyForm() {
  const create = useAction(createApiKey, [apiKeyKeys.all]);
  const endpoints = useEndpoints();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: lazyZodResolver(() =>
      import("@/lib/schemas/control").then((m) => m.CreateApiKeyInput),
    ),
    defaultValues: { name: "", permission: { type: "all" } },
  });
  showDefaultsInHtml(form);
  const { errors, isSubmitting } = form.formState;
  const permission = useWatch({
    control: form.control,
    name: "permission",
  }) as Values["permission"];
  const restricted = permission?.type === "restricted" ? (permission as Restricted) : null;

  function setLevel(kind: "families" | "endpoints", id: string, level: AccessLevel) {
    if (!restricted) return;
    form.setValue("permission", { ...restricted, [kind]: { ...restricted[kind], [id]: level } });
  }

  async function submit(values: Output) {
    const result = await create.mutateAsync(values);
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, { fields: ["name", "permission"] });
      return;
    }
    setCreated({ name: result.data.name, key: result.data.key });
    form.reset({ name: "", permission: { type: "all" } });
  }

  return (
    <div className="max-w-3xl space-y-4">
      {created && (
        <section
          role="status"
          aria-label="New API key"
          className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-4 text-sm dark:border-green-800 dark:bg-green-950"
        >
          <p className="font-medium">
            Key {created.name} created. Copy it now: it is shown only once.
          </p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 font-mono dark:bg-neutral-900">
              {created.key}
            </code>
            <CopyButton value={created.key} label="Copy key" />
          </div>
          <Button size="sm" variant="secondary" onClick={() => setCreated(null)}>
            I have saved it
          </Button>
        </section>
      )}
      <form
        onSubmit={form.handleSubmit(submit)}
        noValidate
        aria-label="Create an API key"
        className="space-y-4"
      >
        <Field id="key-name" label="Key name" error={errors.name?.message}>
          {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
        </Field>
        <Field id="key-permission" label="Permission" error={errors.permission?.message}>
          {(p) => (
            <Select
              {...p}
              value={permission?.type ?? "all"}
              onChange={(e) =>
                form.setValue(
                  "permission",
                  e.target.value === "restricted"
                    ? { type: "restricted", families: {}, endpoints: {} }
                    : { type: e.target.value as "all" | "read" },
                )
              }
              options={[
                { value: "all", label: "All: read and write everything" },
                { value: "read", label: "Read only" },
                { value: "restricted", label: "Restricted: per resource family and endpoint" },
              ]}
            />
          )}
        </Field>
        {restricted && (
          <fieldset className="space-y-3 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
            <legend className="px-1 text-sm font-medium">Access per resource family</legend>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              A family left at “No access” answers 403 to this key.
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              {RESOURCE_FAMILIES.map((family) => (
                <Field key={family} id={`family-${family}`} label={family}>
                  {(p) => (
                    <Select
                      {...p}
                      value={restricted.families[family] ?? "none"}
                      onChange={(e) => setLevel("families", family, e.target.value as AccessLevel)}
                      options={LEVELS}
                    />
                  )}
                </Field>
              ))}
            </div>
            {(endpoints.data?.length ?? 0) > 0 && (
              <>
                <p className="text-sm font-medium">
                  Per endpoint (overrides serverless for that endpoint)
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  {endpoints.data!.map((ep) => (
                    <Field key={ep.id} id={`endpoint-${ep.id}`} label={`Endpoint ${ep.name}`}>
                      {(p) => (
                        <Select
                          {...p}
                          value={restricted.endpoints[ep.id] ?? ""}
                          onChange={(e) =>
                            setLevel("endpoints", ep.id, e.target.value as AccessLevel)
                          }
                          options={[{ value: "", label: "As the serverless family" }, ...LEVELS]}
                        />
                      )}
                    </Field>
                  ))}
                </div>
              </>
            )}
          </fieldset>
        )}
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Create key
        </Button>
      </form>
    </div>
  );
}
