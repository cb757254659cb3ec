"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { LinkTabs } from "@/components/forms/tabs";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialog } from "@/components/ui/dialog";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { deleteTemplate } from "@/lib/actions/templates";
import { describeProblem } from "@/lib/queries/apply-problem";
import { templateKeys } from "@/lib/queries/keys";
import { useTemplates } from "@/lib/queries/templates";
import { useAction } from "@/lib/queries/use-action";
import type { Template } from "@/lib/schemas/templates";
import { TEMPLATE_TABS, type TemplateTab } from "./template-tabs";

/** Own and public templates, one tab each (`?tab=own|public`). */
export function TemplateList({ tab, empty }: { tab: TemplateTab; empty: ReactNode }) {
  const toast = useToast();
  const query = useTemplates();
  const remove = useAction(deleteTemplate, [templateKeys.all]);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);

  async function confirmDelete(t: Template) {
    const result = await remove.mutateAsync({ id: t.id });
    setDeleting(null);
    if (result.ok) {
      setBlocked(null);
      toast({ tone: "success", title: `Template ${t.name} deleted` });
    } else {
      setBlocked(`${t.name} was not deleted: ${describeProblem(result.problem)}`);
    }
  }

  let body: ReactNode;
  if (query.isPending) body = <Loading what="templates" />;
  else if (query.isError)
    body = <LoadError what="templates" error={query.error} onRetry={() => query.refetch()} />;
  else {
    const rows = tab === "own" ? query.data.templates : query.data.publicTemplates;
    body =
      rows.length === 0 && tab === "own" ? (
        empty
      ) : (
        <Table>
          <caption className="sr-only">
            {tab === "own" ? "My templates" : "Public templates"}
          </caption>
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>For</Th>
              <Th>Category</Th>
              <Th>Image</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {rows.map((t) => (
              <Tr key={t.id}>
                <Td>
                  {tab === "own" ? (
                    <Link
                      href={`/templates/${t.id}`}
                      className="font-medium text-violet-700 hover:underline dark:text-violet-300"
                    >
                      {t.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{t.name}</span>
                  )}
                  <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                    {t.id}
                  </div>
                </Td>
                <Td>
                  <Badge tone={t.serverless ? "accent" : "info"}>
                    {t.serverless ? "Serverless" : "Pods"}
                  </Badge>
                </Td>
                <Td>{t.category}</Td>
                <Td className="font-mono text-xs">{t.image}</Td>
                <Td className="text-right whitespace-nowrap">
                  {tab === "own" && (
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setDeleting(t)}
                      aria-label={`Delete ${t.name}`}
                    >
                      Delete
                    </Button>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      );
  }

  return (
    <div>
      <LinkTabs
        label="Template lists"
        tabs={TEMPLATE_TABS}
        current={tab}
        hrefFor={(t) => `/templates?tab=${t}`}
      />
      {blocked && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {blocked}
        </p>
      )}
      {body}
      {deleting && (
        <ConfirmByNameDialog
          open
          onClose={() => setDeleting(null)}
          title={`Delete ${deleting.name}?`}
          description="Pods and endpoints already created from it keep running unchanged."
          name={deleting.name}
          confirmLabel="Delete template"
          onConfirm={() => confirmDelete(deleting)}
          pending={remove.isPending}
        />
      )}
    </div>
  );
}
