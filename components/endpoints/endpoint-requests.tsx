"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmByNameDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { controlClasses } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { purgeQueue, runJob } from "@/lib/actions/jobs";
import { applyProblemToForm, describeProblem } from "@/lib/queries/apply-problem";
import { endpointQueryKeys, useEndpointRequests } from "@/lib/queries/endpoints";
import { useAction } from "@/lib/queries/use-action";
import type { Endpoint } from "@/lib/schemas/endpoints";
import type { RequestForm } from "./request-form-schema";
import { RequestTable } from "./request-table";

// Kept here too for the pages that import it from this file.
export { JOB } from "./job-status";

export const SAMPLE_REQUEST = '{\n  "input": {\n    "mock_return": "hello"\n  }\n}';

export function EndpointRequests({ endpoint }: { endpoint: Endpoint }) {
  const toast = useToast();
  const requests = useEndpointRequests(endpoint.id, {
    enabled: endpoint.type !== "LOAD_BALANCER",
  });
  const invalidate = [endpointQueryKeys.requests(endpoint.id)];
  const run = useAction(runJob, invalidate);
  const purge = useAction(purgeQueue, invalidate);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<RequestForm>({
    resolver: lazyZodResolver(() => import("./request-form-schema").then((m) => m.RequestForm)),
    defaultValues: { body: SAMPLE_REQUEST },
  });
  const { errors, isSubmitting } = form.formState;

  async function send({ body }: RequestForm) {
    const result = await run.mutateAsync({ endpointId: endpoint.id, request: JSON.parse(body) });
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, { fields: [] });
      return;
    }
    toast({ tone: "success", title: `Request ${result.data.id} queued` });
  }

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
      <form onSubmit={form.handleSubmit(send)} noValidate className="max-w-2xl space-y-3">
        <Field
          id="request-body"
          label="Request body (JSON)"
          hint="Sent to /run. The handler receives `input`; the mock worker answers with mock_return."
          error={errors.body?.message}
        >
          {(p) => (
            <textarea
              {...p}
              {...form.register("body")}
              rows={6}
              spellCheck={false}
              className={`${controlClasses} py-2 font-mono text-[13px]`}
            />
          )}
        </Field>
        <FormProblem message={errors.root?.server?.message} />
        <div className="flex gap-2">
          <Button type="submit" pending={isSubmitting}>
            Send request
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Purge queue
          </Button>
          <Link
            href={`/playground/endpoint/${encodeURIComponent(endpoint.id)}`}
            className={buttonClasses("secondary")}
          >
            Open in playground
          </Link>
        </div>
      </form>
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
