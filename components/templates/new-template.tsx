"use client";

import { useCreate } from "@/components/forms/use-create";
import { createTemplate } from "@/lib/actions/templates";
import { templateKeys } from "@/lib/queries/keys";
import { TemplateForm } from "./template-form";
import { NEW_TEMPLATE_DEFAULTS, toCreateTemplateInput } from "./template-form-values";

export function NewTemplate() {
  const create = useCreate(createTemplate, {
    noun: "Template",
    verb: "created",
    invalidate: [templateKeys.all],
    then: () => "/templates",
  });
  return (
    <TemplateForm
      defaultValues={NEW_TEMPLATE_DEFAULTS}
      submitLabel="Create template"
      onSubmit={(values) => create(toCreateTemplateInput(values))}
    />
  );
}
