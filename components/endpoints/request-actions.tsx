"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogOnDemand as Dialog } from "@/components/ui/dialog-on-demand";
import { useToast } from "@/components/ui/toast";
import { cancelJob, retryJob } from "@/lib/actions/jobs";
import { describeProblem } from "@/lib/queries/describe-problem";
import { endpointQueryKeys } from "@/lib/queries/endpoints";
import { useAction } from "@/lib/queries/use-action";
import type { JobStatus } from "@/lib/schemas/jobs";

const CANCELLABLE: readonly JobStatus[] = ["IN_QUEUE", "IN_PROGRESS"];
const RETRYABLE: readonly JobStatus[] = ["FAILED", "TIMED_OUT"];

/** Cancel (confirmed) a queued or running request; retry a failed or timed-out one. */
export function RequestActions({
  endpointId,
  job,
}: {
  endpointId: string;
  job: { id: string; status: JobStatus };
}) {
  const toast = useToast();
  const invalidate = [endpointQueryKeys.requests(endpointId)];
  const cancel = useAction(cancelJob, invalidate);
  const retry = useAction(retryJob, invalidate);
  const [confirming, setConfirming] = useState(false);

  async function run(
    action: typeof cancel | typeof retry,
    done: string,
    failed: string,
  ): Promise<void> {
    const result = await action.mutateAsync({ endpointId, jobId: job.id });
    setConfirming(false);
    if (result.ok) toast({ tone: "success", title: `${done} ${job.id}` });
    else toast({ tone: "error", title: failed, description: describeProblem(result.problem) });
  }

  return (
    <>
      {CANCELLABLE.includes(job.status) && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setConfirming(true)}
          aria-label={`Cancel ${job.id}`}
        >
          Cancel
        </Button>
      )}
      {RETRYABLE.includes(job.status) && (
        <Button
          size="sm"
          variant="secondary"
          pending={retry.isPending}
          onClick={() => run(retry, "Retrying", "Request not retried")}
          aria-label={`Retry ${job.id}`}
        >
          Retry
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Cancel request ${job.id}?`}
        description={
          job.status === "IN_PROGRESS"
            ? "The worker stops working on it; its output so far is lost."
            : "It leaves the queue without running."
        }
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            pending={cancel.isPending}
            onClick={() => run(cancel, "Cancelled", "Request not cancelled")}
          >
            Cancel request
          </Button>
        </div>
      </Dialog>
    </>
  );
}
