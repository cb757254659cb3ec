"use client";

import { useRouter } from "next/navigation";
import { useToast } from "@/components/ui/toast";
import { createTemplate } from "@/lib/actions/templates";
import { templateKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import { TemplateForm } from "./template-form";
import { NEW_TEMPLATE_DEFAULTS, toCreateTemplateInput } from "./template-form-schema";

export function NewTemplate() {
  const router = useRouter();
  const toast = useToast();
  const create = useAction(createTemplate, [templateKeys.all]);
  return (
    <TemplateForm
      defaultValues={NEW_TEMPLATE_DEFAULTS}
      submitLabel="Create template"
      onSubmit={async (values) => {
        const result = await create.mutateAsync(toCreateTemplateInput(values));
        if (!result.ok) {
          toast({
            tone: "error",
            title: "Template not created",
            description: result.problem.detail,
          });
          return result.problem;
        }
        toast({ tone: "success", title: `Template ${result.data.name} created` });
        router.push("/templates");
        return null;
      }}
    />
  );
}
