"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { JOB_POLICY_BOUNDS, JobPolicy, JobRequest } from "@/lib/schemas/jobs";

/** What the user typed in "Advanced": text, so half-typed numbers are not lost. */
export interface AdvancedText {
  executionTimeout: string;
  ttl: string;
  lowPriority: boolean;
  webhook: string;
}

export const EMPTY_ADVANCED: AdvancedText = {
  executionTimeout: "",
  ttl: "",
  lowPriority: false,
  webhook: "",
};

export interface Advanced {
  policy?: JobPolicy;
  webhook?: string;
  errors: Partial<Record<keyof AdvancedText, string>>;
}

/** Checks the text with the job API's own schemas (JobPolicy, JobRequest.webhook). */
export function parseAdvanced(text: AdvancedText): Advanced {
  const errors: Advanced["errors"] = {};
  const raw: Record<string, unknown> = {};
  if (text.executionTimeout.trim()) raw.executionTimeout = Number(text.executionTimeout);
  if (text.ttl.trim()) raw.ttl = Number(text.ttl);
  if (text.lowPriority) raw.lowPriority = true;
  const policy = JobPolicy.safeParse(raw);
  if (!policy.success)
    for (const issue of policy.error.issues)
      errors[issue.path[0] as keyof AdvancedText] = issue.message;
  let webhook: string | undefined;
  if (text.webhook.trim()) {
    const parsed = JobRequest.shape.webhook.safeParse(text.webhook.trim());
    if (parsed.success) webhook = parsed.data;
    else errors.webhook = parsed.error.issues[0]?.message ?? "must be an http(s) URL";
  }
  const hasPolicy = policy.success && Object.keys(policy.data).length > 0;
  return { policy: hasPolicy ? policy.data : undefined, webhook, errors };
}

const seconds = (ms: number) =>
  ms >= 86_400_000
    ? `${ms / 86_400_000} d`
    : ms >= 60_000
      ? `${ms / 60_000} min`
      : `${ms / 1000} s`;

/** Optional job policy and completion webhook, sent with `/run` and shown in the request code. */
export function AdvancedOptions({
  value,
  onChange,
  errors,
}: {
  value: AdvancedText;
  onChange: (v: AdvancedText) => void;
  errors: Advanced["errors"];
}) {
  const b = JOB_POLICY_BOUNDS;
  return (
    <details className="rounded-lg border border-neutral-200 dark:border-neutral-800">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium">
        Advanced: policy and webhook
      </summary>
      <div className="grid gap-4 border-t border-neutral-200 p-4 sm:grid-cols-2 dark:border-neutral-800">
        <Field
          id="policy-execution-timeout"
          label="Execution timeout (ms)"
          hint={`Default ${seconds(b.executionTimeout.default)}; ${seconds(b.executionTimeout.min)} to ${seconds(b.executionTimeout.max)}.`}
          error={errors.executionTimeout}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              value={value.executionTimeout}
              onChange={(e) => onChange({ ...value, executionTimeout: e.target.value })}
            />
          )}
        </Field>
        <Field
          id="policy-ttl"
          label="TTL (ms)"
          hint={`Queue plus run lifespan; default ${seconds(b.ttl.default)}.`}
          error={errors.ttl}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              value={value.ttl}
              onChange={(e) => onChange({ ...value, ttl: e.target.value })}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            className="size-4 accent-violet-600"
            checked={value.lowPriority}
            onChange={(e) => onChange({ ...value, lowPriority: e.target.checked })}
          />
          Low priority (never scales workers up)
        </label>
        <div className="sm:col-span-2">
          <Field
            id="job-webhook"
            label="Webhook URL"
            hint="The platform POSTs the finished job here."
            error={errors.webhook}
          >
            {(p) => (
              <Input
                {...p}
                type="url"
                placeholder="https://example.com/hooks/job-done"
                value={value.webhook}
                onChange={(e) => onChange({ ...value, webhook: e.target.value })}
              />
            )}
          </Field>
        </div>
      </div>
    </details>
  );
}

/** The Advanced fields of a past run (re-opened from the history). */
export function advancedFrom(
  policy: JobPolicy | undefined,
  webhook: string | undefined,
): AdvancedText {
  return {
    executionTimeout: policy?.executionTimeout === undefined ? "" : String(policy.executionTimeout),
    ttl: policy?.ttl === undefined ? "" : String(policy.ttl),
    lowPriority: policy?.lowPriority ?? false,
    webhook: webhook ?? "",
  };
}
