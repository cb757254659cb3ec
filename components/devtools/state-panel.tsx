"use client";

import { useState, type ChangeEvent } from "react";
import { FormProblem } from "@/components/forms/form-problem";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { importState, resetState } from "@/lib/actions/devtools";
import { describeProblem } from "@/lib/queries/apply-problem";
import { useStateSummary } from "@/lib/queries/devtools";
import { useAction } from "@/lib/queries/use-action";
import { StateSnapshot } from "@/lib/schemas/devtools";

/** Server actions take at most 1 MB; larger snapshots go through the control API directly. */
const MAX_IMPORT_BYTES = 1024 * 1024;
const EVERYTHING = [[]] as const;

/** Reset, export (download) and import (upload) the whole local platform. */
export function StatePanel() {
  const toast = useToast();
  const summary = useStateSummary();
  const reset = useAction(resetState, EVERYTHING);
  const load = useAction(importState, EVERYTHING);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    setProblem(undefined);
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(
        `${file.name} is larger than 1 MB: import it with curl -X POST -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" --data @${file.name} <platform>/_platform/state/import`,
      );
      return;
    }
    let snapshot: StateSnapshot;
    try {
      snapshot = StateSnapshot.parse(JSON.parse(await file.text()));
    } catch {
      setProblem(`${file.name} is not a Hangar state file (exported from this page).`);
      return;
    }
    const result = await load.mutateAsync(snapshot);
    if (!result.ok) {
      setProblem(describeProblem(result.problem));
      return;
    }
    toast({ tone: "success", title: `State imported from ${file.name}` });
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="snapshot-heading" className="space-y-3">
        <h2 id="snapshot-heading" className="text-base font-semibold">
          Snapshot
        </h2>
        <p className="max-w-prose text-sm text-neutral-700 dark:text-neutral-300">
          Export saves every resource, job, webhook and bill as one JSON file. Importing a file
          replaces the current state with it; accounts and API keys are merged, so you stay signed
          in. Running jobs of a snapshot go back to the queue.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href="/api/platform/state/export" download className={buttonClasses("secondary")}>
            Export state
          </a>
          <label className={buttonClasses("secondary", "md", "cursor-pointer")}>
            {load.isPending ? "Importing…" : "Import state"}
            <input
              type="file"
              accept="application/json,.json"
              className="sr-only"
              aria-label="Import state from a file"
              onChange={(e) => void onFile(e)}
              disabled={load.isPending}
            />
          </label>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Reset to empty
          </Button>
        </div>
        <FormProblem message={problem} />
      </section>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset the local platform?"
        description="Every endpoint, job, worker, pod, volume, template and bill is deleted. Accounts and API keys stay. Export first to keep a copy."
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={reset.isPending}
            onClick={async () => {
              const result = await reset.mutateAsync({});
              setConfirming(false);
              if (result.ok) toast({ tone: "success", title: "The platform is empty" });
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
      <section aria-labelledby="tables-heading">
        <h2 id="tables-heading" className="mb-2 text-base font-semibold">
          What is stored
        </h2>
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
            <caption className="sr-only">Rows per table</caption>
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
    </div>
  );
}
