"use client";

import { useForm } from "react-hook-form";
import { ImageField } from "@/components/forms/container-fields";
import { ContainerFields } from "@/components/forms/container-runtime-fields";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import type { Problem } from "@/lib/schemas/common";
import type { TemplateFormOutput, TemplateFormValues } from "./template-form-schema";
import { TEMPLATE_ALIASES, TEMPLATE_FIELDS } from "./template-form-values";

export interface TemplateFormProps {
  defaultValues: TemplateFormValues;
  submitLabel: string;
  /** Resolves with null on success or the problem to show on the form. */
  onSubmit: (values: TemplateFormOutput) => Promise<Problem | null>;
}

/** Create and edit a template, validated with the contract schema (CreateTemplateInput) it extends. */
export function TemplateForm({ defaultValues, submitLabel, onSubmit }: TemplateFormProps) {
  const form = useForm<TemplateFormValues, unknown, TemplateFormOutput>({
    resolver: lazyZodResolver(() =>
      import("./template-form-schema").then((m) => m.TemplateFormSchema),
    ),
    defaultValues,
  });
  showDefaultsInHtml(form, ["kind", "source"]);
  const { register, control, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;

  async function submit(values: TemplateFormOutput) {
    const problem = await onSubmit(values);
    if (problem)
      applyProblemToForm(problem, form.setError, {
        fields: TEMPLATE_FIELDS,
        aliases: TEMPLATE_ALIASES,
      });
  }

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-label={submitLabel}
      className="max-w-3xl space-y-6"
    >
      <Field id="template-name" label="Template name" error={errors.name?.message}>
        {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">For</legend>
        <div className="mt-2 flex gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              value="pod"
              defaultChecked={defaultValues.kind === "pod"}
              {...register("kind")}
            />
            Pods
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              value="serverless"
              defaultChecked={defaultValues.kind === "serverless"}
              {...register("kind")}
            />
            Serverless endpoints
          </label>
        </div>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          A pod template also starts SSH and Jupyter; a serverless template runs a worker handler.
        </p>
        {errors.kind?.message && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.kind.message}</p>
        )}
      </fieldset>
      <Field id="template-category" label="Category" error={errors.category?.message}>
        {(p) => (
          <Select
            {...p}
            {...register("category")}
            options={[
              { value: "NVIDIA", label: "NVIDIA GPU" },
              { value: "AMD", label: "AMD GPU" },
              { value: "CPU", label: "CPU" },
            ]}
          />
        )}
      </Field>
      <ImageField control={control} idPrefix="template" hint="e.g. runpod/mock-worker:latest" />
      <ContainerFields
        control={control}
        idPrefix="template"
        diskHint="Temporary space inside the container."
      />
      <div className="space-y-2">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
