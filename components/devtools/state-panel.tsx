"use client";

import { useState, type ChangeEvent } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { FormProblem } from "@/components/forms/form-problem";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { DialogOnDemand as Dialog } from "@/components/ui/dialog-on-demand";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/define-action";
import {
  importInstanceState,
  importState,
  resetInstanceState,
  resetState,
} from "@/lib/actions/devtools";
import { describeProblem } from "@/lib/queries/describe-problem";
import { useInstanceStateSummary, useStateSummary } from "@/lib/queries/devtools";
import { useAction } from "@/lib/queries/use-action";
import type { StateSnapshot, StateSummary } from "@/lib/schemas/devtools";

/** Server actions take at most 1 MB; larger snapshots go through the control API directly. */
const MAX_IMPORT_BYTES = 1024 * 1024;
const EVERYTHING = [[]] as const;

/**
 * Reset, export (download) and import (upload) the signed-in account's state; for the operator
 * credential, the whole instance's too.
 */
export function StatePanel({ operator }: { operator: boolean }) {
  return (
    <div className="space-y-10">
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        Signed in with{" "}
        {operator ? (
          <>
            the operator credential <Badge tone="accent">operator</Badge>
          </>
        ) : (
          "an account key"
        )}
      </p>
      <AccountSnapshot />
      {operator ? (
        <InstanceSnapshot />
      ) : (
        <p className="max-w-prose text-sm text-neutral-700 dark:text-neutral-300">
          A snapshot of the whole instance (every account, keys included) needs the operator
          credential: the local key of <span className="font-mono">npm start</span>, or a key made
          with <span className="font-mono">npm run platform -- keys create --operator</span>.
        </p>
      )}
    </div>
  );
}

function AccountSnapshot() {
  const summary = useStateSummary();
  const reset = useAction(resetState, EVERYTHING);
  const load = useAction(importState, EVERYTHING);
  return (
    <SnapshotSection
      id="account"
      heading="Your account"
      description="Export saves your account's endpoints, jobs, templates, volumes, pods, webhooks and bills as one JSON file; other accounts are not in it, and neither are API keys. Importing a file replaces your account's state with it (every row is checked: a row of another account is refused). Running jobs of a snapshot go back to the queue."
      exportHref="/api/platform/state/export"
      exportLabel="Export state"
      importLabel="Import state"
      importPath="/_platform/state/import"
      resetLabel="Reset to empty"
      resetTitle="Reset your account?"
      resetDescription="Every endpoint, job, worker, pod, volume, template and bill of your account is deleted. Your API keys and other accounts stay. Export first to keep a copy."
      resetDone="Your account is empty"
      summary={summary}
      reset={() => reset.mutateAsync({})}
      resetPending={reset.isPending}
      load={(s) => load.mutateAsync(s)}
      loadPending={load.isPending}
    />
  );
}

function InstanceSnapshot() {
  const summary = useInstanceStateSummary(true);
  const reset = useAction(resetInstanceState, EVERYTHING);
  const load = useAction(importInstanceState, EVERYTHING);
  return (
    <SnapshotSection
      id="instance"
      heading="Whole instance"
      badge
      description="The operator's snapshot: every account, API key, resource, job, webhook and bill of this platform as one JSON file. Importing one replaces the whole platform; accounts and keys are merged, so you stay signed in."
      exportHref="/api/platform/instance/state/export"
      exportLabel="Export instance state"
      importLabel="Import instance state"
      importPath="/_platform/instance/state/import"
      resetLabel="Reset the whole instance"
      resetTitle="Reset the whole local platform?"
      resetDescription="Every endpoint, job, worker, pod, volume, template and bill of every account is deleted. Accounts and API keys stay. Export first to keep a copy."
      resetDone="The platform is empty"
      summary={summary}
      reset={() => reset.mutateAsync({})}
      resetPending={reset.isPending}
      load={(s) => load.mutateAsync(s)}
      loadPending={load.isPending}
    />
  );
}

interface SnapshotSectionProps {
  id: string;
  heading: string;
  badge?: boolean;
  description: string;
  exportHref: string;
  exportLabel: string;
  importLabel: string;
  /** The control API path, for files too large for a server action. */
  importPath: string;
  resetLabel: string;
  resetTitle: string;
  resetDescription: string;
  resetDone: string;
  summary: UseQueryResult<StateSummary>;
  reset: () => Promise<ActionResult<StateSummary>>;
  resetPending: boolean;
  load: (snapshot: StateSnapshot) => Promise<ActionResult<StateSummary>>;
  loadPending: boolean;
}

function SnapshotSection(p: SnapshotSectionProps) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    setProblem(undefined);
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(
        `${file.name} is larger than 1 MB: import it with curl -X POST -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" --data @${file.name} <platform>${p.importPath}`,
      );
      return;
    }
    let snapshot: StateSnapshot;
    try {
      // The schema (and zod) load only when a file is imported.
      const { StateSnapshot } = await import("@/lib/schemas/devtools");
      snapshot = StateSnapshot.parse(JSON.parse(await file.text()));
    } catch {
      setProblem(`${file.name} is not a Hangar state file (exported from this page).`);
      return;
    }
    const result = await p.load(snapshot);
    if (!result.ok) {
      setProblem(describeProblem(result.problem));
      return;
    }
    toast({ tone: "success", title: `State imported from ${file.name}` });
  }

  const summary = p.summary;
  return (
    <section aria-labelledby={`${p.id}-heading`} className="space-y-4">
      <h2 id={`${p.id}-heading`} className="flex items-center gap-2 text-base font-semibold">
        {p.heading}
        {p.badge && <Badge tone="accent">operator</Badge>}
      </h2>
      <p className="max-w-prose text-sm text-neutral-700 dark:text-neutral-300">{p.description}</p>
      <div className="flex flex-wrap gap-2">
        <a href={p.exportHref} download className={buttonClasses("secondary")}>
          {p.exportLabel}
        </a>
        <label className={buttonClasses("secondary", "md", "cursor-pointer")}>
          {p.loadPending ? "Importing…" : p.importLabel}
          <input
            type="file"
            accept="application/json,.json"
            className="sr-only"
            aria-label={`${p.importLabel} from a file`}
            onChange={(e) => void onFile(e)}
            disabled={p.loadPending}
          />
        </label>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {p.resetLabel}
        </Button>
      </div>
      <FormProblem message={problem} />
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={p.resetTitle}
        description={p.resetDescription}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={p.resetPending}
            onClick={async () => {
              const result = await p.reset();
              setConfirming(false);
              if (result.ok) toast({ tone: "success", title: p.resetDone });
              else
                toast({
                  tone: "error",
                  title: "Not reset",
                  description: describeProblem(result.problem),
                });
            }}
          >
            Reset
          </Button>
        </div>
      </Dialog>
      <h3 className="text-sm font-semibold">What is stored</h3>
      {summary.isPending ? (
        <Loading what="the state summary" />
      ) : summary.isError ? (
        <LoadError
          what="the state summary"
          error={summary.error}
          onRetry={() => summary.refetch()}
        />
      ) : (
        <Table className="max-w-md">
          <caption className="sr-only">Rows per table: {p.heading}</caption>
          <THead>
            <tr>
              <Th>Table</Th>
              <Th>Rows</Th>
            </tr>
          </THead>
          <TBody>
            {Object.entries(summary.data.tables).map(([t, n]) => (
              <Tr key={t}>
                <Td className="font-mono text-xs">{t}</Td>
                <Td>{n}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}
