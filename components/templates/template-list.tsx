"use client";

import type { ReactNode } from "react";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { LinkTabs } from "@/components/forms/tabs";
import { useConfirmedDelete } from "@/components/forms/use-confirmed-delete";
import { Badge } from "@/components/ui/badge";
import { deleteTemplate } from "@/lib/actions/templates";
import { templateKeys } from "@/lib/queries/keys";
import { useTemplates } from "@/lib/queries/templates";
import { useAction } from "@/lib/queries/use-action";
import type { Template } from "@/lib/schemas/templates";
import { TEMPLATE_TABS, type TemplateTab } from "./template-tabs";

const columns = (tab: TemplateTab): Column<Template>[] => [
  {
    header: "Name",
    cell: (t) => (
      <NameCell name={t.name} id={t.id} href={tab === "own" ? `/templates/${t.id}` : undefined} />
    ),
  },
  {
    header: "For",
    cell: (t) => (
      <Badge tone={t.serverless ? "accent" : "info"}>{t.serverless ? "Serverless" : "Pods"}</Badge>
    ),
  },
  { header: "Category", cell: (t) => t.category },
  { header: "Image", cell: (t) => t.image, className: "font-mono text-xs" },
];

/** Own and public templates, one tab each (`?tab=own|public`). */
export function TemplateList({ tab, empty }: { tab: TemplateTab; empty: ReactNode }) {
  const query = useTemplates();
  const remove = useAction(deleteTemplate, [templateKeys.all]);
  const deletion = useConfirmedDelete<Template>({
    noun: "Template",
    description: "Pods and endpoints already created from it keep running unchanged.",
    remove,
  });
  const rows = {
    ...query,
    data: query.data && (tab === "own" ? query.data.templates : query.data.publicTemplates),
  };

  return (
    <div className="space-y-4">
      <LinkTabs
        label="Template lists"
        tabs={TEMPLATE_TABS}
        current={tab}
        hrefFor={(t) => `/templates?tab=${t}`}
      />
      {deletion.refusal}
      <ListStates
        query={rows}
        what="templates"
        empty={tab === "own" ? empty : <p className="text-sm">No public templates.</p>}
      >
        {(templates) => (
          <ResourceTable
            caption={tab === "own" ? "My templates" : "Public templates"}
            columns={columns(tab)}
            rows={templates}
            actions={tab === "own" ? deletion.button : undefined}
          />
        )}
      </ListStates>
      {deletion.dialog}
    </div>
  );
}
