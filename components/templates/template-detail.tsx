"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialogOnDemand as ConfirmByNameDialog } from "@/components/ui/dialog-on-demand";
import { CopyButton } from "@/components/ui/copy-button";
import { useToast } from "@/components/ui/toast";
import { deleteTemplate, updateTemplate } from "@/lib/actions/templates";
import { describeProblem } from "@/lib/queries/describe-problem";
import { templateKeys } from "@/lib/queries/keys";
import { useTemplate } from "@/lib/queries/templates";
import { useAction } from "@/lib/queries/use-action";
import { TemplateForm } from "./template-form-on-demand";
import { toUpdateTemplateInput, valuesFromTemplate } from "./template-form-values";

const unprefix = (errors: string[] | undefined) => errors?.map((e) => e.replace(/^patch\./, ""));

/** `/templates/[id]`: edit one of your templates, or delete it. */
export function TemplateDetail({ id }: { id: string }) {
  const router = useRouter();
  const toast = useToast();
  const query = useTemplate(id);
  const update = useAction(updateTemplate, [templateKeys.all]);
  const remove = useAction(deleteTemplate, [templateKeys.lists()]);
  const [confirming, setConfirming] = useState(false);
  if (query.isPending) return <Loading what="the template" />;
  if (query.isError)
    return (
      <LoadError what={`template ${id}`} error={query.error} onRetry={() => query.refetch()} />
    );
  const template = query.data;

  async function confirmDelete() {
    const result = await remove.mutateAsync({ id: template.id });
    if (!result.ok) {
      setConfirming(false);
      toast({
        tone: "error",
        title: "Template not deleted",
        description: describeProblem(result.problem),
      });
      return;
    }
    toast({ tone: "success", title: `Template ${template.name} deleted` });
    router.push("/templates");
  }

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{template.name}</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <span className="font-mono">{template.id}</span>
          <CopyButton value={template.id} label="Copy id" />
        </p>
        <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
          Changes apply to pods and endpoints created from now on; what already runs is unchanged.
        </p>
      </header>
      {template.public ? (
        <p className="text-sm">Public templates are read-only here.</p>
      ) : (
        <>
          <TemplateForm
            key={template.id}
            defaultValues={valuesFromTemplate(template)}
            submitLabel="Save template"
            onSubmit={async (values) => {
              const result = await update.mutateAsync({
                id: template.id,
                patch: toUpdateTemplateInput(values),
              });
              if (!result.ok) {
                toast({
                  tone: "error",
                  title: "Template not saved",
                  description: result.problem.detail,
                });
                return { ...result.problem, errors: unprefix(result.problem.errors) };
              }
              toast({ tone: "success", title: "Template saved" });
              return null;
            }}
          />
          <section
            aria-labelledby="danger-heading"
            className="max-w-3xl rounded-lg border border-red-300 p-4 dark:border-red-800"
          >
            <h2 id="danger-heading" className="text-base font-semibold">
              Delete template
            </h2>
            <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
              Pods and endpoints created from it keep running; the platform refuses while an
              endpoint still uses it.
            </p>
            <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)}>
              Delete template
            </Button>
          </section>
          <ConfirmByNameDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={`Delete ${template.name}?`}
            description="This cannot be undone."
            name={template.name}
            confirmLabel="Delete template"
            onConfirm={confirmDelete}
            pending={remove.isPending}
          />
        </>
      )}
    </div>
  );
}
