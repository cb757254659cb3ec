"use client";

import Link from "next/link";
import { useForm } from "react-hook-form";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { controlClasses } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { runJob } from "@/lib/actions/jobs";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { endpointQueryKeys } from "@/lib/queries/endpoints";
import { useAction } from "@/lib/queries/use-action";
import type { RequestForm } from "./request-form-schema";

const SAMPLE_REQUEST = '{\n  "input": {\n    "mock_return": "hello"\n  }\n}';

/** The Requests tab's form: a JSON body sent to /run, and the queue's purge. */
export function SendRequestForm({
  endpointId,
  onPurge,
}: {
  endpointId: string;
  onPurge: () => void;
}) {
  const toast = useToast();
  const run = useAction(runJob, [endpointQueryKeys.requests(endpointId)]);
  const form = useForm<RequestForm>({
    resolver: lazyZodResolver(() => import("./request-form-schema").then((m) => m.RequestForm)),
    defaultValues: { body: SAMPLE_REQUEST },
  });
  showDefaultsInHtml(form);
  const { errors, isSubmitting } = form.formState;

  async function send({ body }: RequestForm) {
    const result = await run.mutateAsync({ endpointId, request: JSON.parse(body) });
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, { fields: [] });
      return;
    }
    toast({ tone: "success", title: `Request ${result.data.id} queued` });
  }

  return (
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
        <Button variant="danger" onClick={onPurge}>
          Purge queue
        </Button>
        <Link
          href={`/playground/endpoint/${encodeURIComponent(endpointId)}`}
          className={buttonClasses("secondary")}
        >
          Open in playground
        </Link>
      </div>
    </form>
  );
}
