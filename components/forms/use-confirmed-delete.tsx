"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialogOnDemand as ConfirmByNameDialog } from "@/components/ui/dialog-on-demand";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/define-action";
import { describeProblem } from "@/lib/queries/describe-problem";

interface Named {
  id: string;
  name: string;
}

/**
 * Delete after typing the resource's name. A refusal (e.g. a volume still attached) stays on the
 * page as an alert with the platform's reason until the next attempt.
 */
export function useConfirmedDelete<T extends Named>(options: {
  /** `Template`, `Volume`, `Key`: used in the title, the button and the outcome. */
  noun: string;
  /** What deleting does; per item when one item is special (the key of this session). */
  description: ReactNode | ((item: T) => ReactNode);
  /** The confirm button's words; `Delete <noun>` unless given. */
  confirmLabel?: (item: T) => string;
  remove: {
    mutateAsync: (input: { id: string }) => Promise<ActionResult<unknown>>;
    isPending: boolean;
  };
  /** After a successful delete, with the action's answer. */
  onDeleted?: (item: T, data: unknown) => void;
}) {
  const { noun, description, remove, onDeleted } = options;
  const toast = useToast();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  async function confirm(item: T) {
    const result = await remove.mutateAsync({ id: item.id });
    setDeleting(null);
    if (result.ok) {
      setRefused(null);
      toast({ tone: "success", title: `${noun} ${item.name} deleted` });
      onDeleted?.(item, result.data);
    } else {
      setRefused(`${item.name} was not deleted: ${describeProblem(result.problem)}`);
    }
  }

  const lower = noun.toLowerCase();
  return {
    /** Opens the confirmation for one item. */
    ask: (item: T) => setDeleting(item),
    /** A row's Delete button, named after the item. */
    button: (item: T) => (
      <Button
        size="sm"
        variant="danger"
        onClick={() => setDeleting(item)}
        aria-label={`Delete ${item.name}`}
      >
        Delete
      </Button>
    ),
    /** The platform's refusal, when the last attempt was refused. */
    refusal: refused ? <Notice>{refused}</Notice> : null,
    dialog: deleting ? (
      <ConfirmByNameDialog
        open
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting.name}?`}
        description={typeof description === "function" ? description(deleting) : description}
        name={deleting.name}
        confirmLabel={options.confirmLabel?.(deleting) ?? `Delete ${lower}`}
        onConfirm={() => confirm(deleting)}
        pending={remove.isPending}
      />
    ) : null,
  };
}
