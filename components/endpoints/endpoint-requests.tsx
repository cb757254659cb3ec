"use client";

import { useState } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { ConfirmByNameDialogOnDemand as ConfirmByNameDialog } from "@/components/ui/dialog-on-demand";
import { EmptyState } from "@/components/ui/empty-state";
import { useToast } from "@/components/ui/toast";
import { purgeQueue } from "@/lib/actions/jobs";
import { describeProblem } from "@/lib/queries/describe-problem";
import { endpointQueryKeys, useEndpointRequests } from "@/lib/queries/endpoints";
import { useAction } from "@/lib/queries/use-action";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { RequestTable } from "./request-table";
import { SendRequestForm } from "./send-request-form-on-demand";
import { withEndpoint } from "./with-endpoint";

// Kept here too for the pages that import it from this file.
export { JOB } from "./job-status";

export function EndpointRequests({ endpoint }: { endpoint: Endpoint }) {
  const toast = useToast();
  const requests = useEndpointRequests(endpoint.id, {
    enabled: endpoint.type !== "LOAD_BALANCER",
  });
  const invalidate = [endpointQueryKeys.requests(endpoint.id)];
  const purge = useAction(purgeQueue, invalidate);
  const [confirming, setConfirming] = useState(false);
  async function confirmPurge() {
    const result = await purge.mutateAsync({ endpointId: endpoint.id });
    setConfirming(false);
    if (result.ok)
      toast({
        tone: "success",
        title: `Queue purged: ${result.data.removed} queued requests removed`,
      });
    else
      toast({
        tone: "error",
        title: "Queue not purged",
        description: describeProblem(result.problem),
      });
  }

  if (endpoint.type === "LOAD_BALANCER")
    return (
      <EmptyState title="Load balancers have no job queue">
        <p>
          Send HTTP requests to the endpoint's base URL (see Overview); your worker's server answers
          them.
        </p>
      </EmptyState>
    );

  return (
    <div className="space-y-6">
      <SendRequestForm endpointId={endpoint.id} onPurge={() => setConfirming(true)} />
      <ConfirmByNameDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Purge the queue?"
        description="Every request still waiting in the queue is removed; requests already running finish."
        name={endpoint.name}
        confirmLabel="Purge queue"
        onConfirm={confirmPurge}
        pending={purge.isPending}
      />
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="mb-2 text-base font-semibold">
          Recent requests
        </h2>
        {requests.isPending ? (
          <Loading what="requests" />
        ) : requests.isError ? (
          <LoadError what="requests" error={requests.error} onRetry={() => requests.refetch()} />
        ) : requests.data.requests.length === 0 ? (
          <EmptyState title="No requests yet">
            <p>
              Send a request to test your endpoint: the example above is ready. It waits in the
              queue while a worker starts, then runs; its status updates here by itself.
            </p>
          </EmptyState>
        ) : (
          <RequestTable
            endpointId={endpoint.id}
            gpu={endpoint.gpu}
            requests={requests.data.requests}
          />
        )}
      </section>
    </div>
  );
}

/** The Requests tab as its route renders it (by id). */
export const EndpointRequestsTab = withEndpoint(EndpointRequests);
