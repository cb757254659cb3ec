"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialogOnDemand as ConfirmByNameDialog } from "@/components/ui/dialog-on-demand";
import { useToast } from "@/components/ui/toast";
import { describeProblem } from "@/lib/queries/describe-problem";
import { usePodAction } from "@/lib/queries/pod-action";
import type { Pod, PodAction } from "@/lib/schemas/pods";

const LABEL: Record<PodAction, string> = {
  start: "Start",
  stop: "Stop",
  restart: "Restart",
  terminate: "Terminate",
};

/**
 * Exactly the actions the platform offers for the pod's status (`pod.actions`). The status changes
 * at once and rolls back if the platform refuses; the refusal is reported through `onRefused`.
 */
export function PodActions({
  pod,
  onRefused,
  onTerminated,
}: {
  /** The pod's id, name and the actions its status allows (`pod.actions`). */
  pod: Pick<Pod, "id" | "name" | "actions">;
  onRefused: (message: string | null) => void;
  onTerminated?: () => void;
}) {
  const toast = useToast();
  const mutation = usePodAction();
  const [terminating, setTerminating] = useState(false);

  async function run(action: PodAction) {
    onRefused(null);
    try {
      await mutation.mutateAsync({ id: pod.id, action });
      toast({ tone: "success", title: `${LABEL[action]}: ${pod.name}` });
      if (action === "terminate") onTerminated?.();
    } catch (error) {
      const problem = error as Parameters<typeof describeProblem>[0];
      onRefused(`${pod.name} was not ${pastTense(action)}: ${describeProblem(problem)}`);
    }
  }

  if (pod.actions.length === 0) return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {pod.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === "terminate" ? "danger" : "secondary"}
          aria-label={`${LABEL[action]} ${pod.name}`}
          disabled={mutation.isPending}
          onClick={() => (action === "terminate" ? setTerminating(true) : void run(action))}
        >
          {LABEL[action]}
        </Button>
      ))}
      <ConfirmByNameDialog
        open={terminating}
        onClose={() => setTerminating(false)}
        title={`Terminate ${pod.name}?`}
        description="The container and its volume disk are deleted for good; a network volume keeps its files."
        name={pod.name}
        confirmLabel="Terminate pod"
        pending={mutation.isPending}
        onConfirm={async () => {
          setTerminating(false);
          await run("terminate");
        }}
      />
    </div>
  );
}

function pastTense(action: PodAction): string {
  return { start: "started", stop: "stopped", restart: "restarted", terminate: "terminated" }[
    action
  ];
}
