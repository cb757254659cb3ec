"use client";

import { useState, type FormEvent } from "react";
import { FormProblem } from "@/components/forms/form-problem";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { clearFaults, createFault, removeFault } from "@/lib/actions/devtools";
import { describeProblem } from "@/lib/queries/describe-problem";
import { devtoolsKeys, useFaults } from "@/lib/queries/devtools";
import { useEndpoints } from "@/lib/queries/endpoints";
import { useAction } from "@/lib/queries/use-action";
import type { CreateFaultInput, Fault, FaultKind, JobOperation } from "@/lib/schemas/devtools";
import { FAULT_KINDS, JOB_OPERATIONS } from "@/lib/schemas/fault-kinds";

const isFaultKind = (v: string): v is FaultKind => (FAULT_KINDS as readonly string[]).includes(v);
const isJobOperation = (v: string): v is JobOperation =>
  (JOB_OPERATIONS as readonly string[]).includes(v);

const KIND_LABEL: Record<FaultKind, string> = {
  "job.fail": "Fail the next jobs",
  "job.timeout": "Time out the next jobs",
  "worker.crash": "Crash the worker mid-job",
  "coldstart.slow": "Slow cold starts",
  "capacity.none": "GPU pool or data center out of capacity",
  "pod.error": "Put a pod in ERROR",
  "job.rate-limit": "Answer 429 on a job operation",
  "webhook.down": "Webhook receiver down",
};

/** Kinds that target an endpoint's jobs or workers (the others are global or name their target). */
const PER_ENDPOINT = new Set<FaultKind>([
  "job.fail",
  "job.timeout",
  "worker.crash",
  "coldstart.slow",
  "job.rate-limit",
  "webhook.down",
]);

function lasts(f: Fault): string {
  if (f.remaining !== null) return `${f.remaining} more`;
  if (f.expiresAt) return `until ${f.expiresAt.replace("T", " ").slice(0, 19)} UTC (platform)`;
  return "until removed";
}

function target(f: Fault): string {
  return (
    f.scope ??
    f.podId ??
    [f.endpointId ?? "all endpoints", f.operation, f.url].filter(Boolean).join(" · ")
  );
}

export function FaultsPanel() {
  const toast = useToast();
  const faults = useFaults();
  const invalidate = [devtoolsKeys.faults()];
  const remove = useAction(removeFault, invalidate);
  const clear = useAction(clearFaults, invalidate);

  async function onRemove(f: Fault) {
    const result = await remove.mutateAsync({ id: f.id });
    if (result.ok) toast({ tone: "success", title: `Fault ${KIND_LABEL[f.kind]} removed` });
    else
      toast({
        tone: "error",
        title: "Fault not removed",
        description: describeProblem(result.problem),
      });
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="active-faults-heading">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="active-faults-heading" className="text-base font-semibold">
            Active faults
          </h2>
          {faults.data && faults.data.length > 0 && (
            <Button
              variant="secondary"
              size="sm"
              pending={clear.isPending}
              onClick={async () => {
                const r = await clear.mutateAsync({});
                if (!r.ok)
                  toast({
                    tone: "error",
                    title: "Faults not removed",
                    description: describeProblem(r.problem),
                  });
              }}
            >
              Remove all
            </Button>
          )}
        </div>
        {faults.isPending ? (
          <Loading what="faults" />
        ) : faults.isError ? (
          <LoadError what="faults" error={faults.error} onRetry={() => faults.refetch()} />
        ) : faults.data.length === 0 ? (
          <EmptyState title="No active faults">
            <p>
              The platform behaves normally. Inject a fault below to see how your code copes with
              failing jobs, slow cold starts, missing capacity, rate limits or a webhook receiver
              that is down. A fault ends after its count or duration, or when you remove it.
            </p>
          </EmptyState>
        ) : (
          <Table>
            <caption className="sr-only">Active faults</caption>
            <THead>
              <tr>
                <Th>Fault</Th>
                <Th>Target</Th>
                <Th>Lasts</Th>
                <Th>Hits</Th>
                <Th>Effect</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {faults.data.map((f) => (
                <Tr key={f.id}>
                  <Td>{KIND_LABEL[f.kind]}</Td>
                  <Td className="font-mono text-xs">{target(f)}</Td>
                  <Td className="text-sm">{lasts(f)}</Td>
                  <Td>{f.hits}</Td>
                  <Td className="max-w-sm text-xs">{f.effect}</Td>
                  <Td>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove fault ${KIND_LABEL[f.kind]} on ${target(f)}`}
                      onClick={() => void onRemove(f)}
                    >
                      Remove
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>
      <section aria-labelledby="inject-heading">
        <h2 id="inject-heading" className="mb-3 text-base font-semibold">
          Inject a fault
        </h2>
        <InjectFaultForm />
      </section>
    </div>
  );
}

function InjectFaultForm() {
  const toast = useToast();
  const endpoints = useEndpoints();
  const create = useAction(createFault, [devtoolsKeys.faults()]);
  const [kind, setKind] = useState<FaultKind>("job.fail");
  const [endpointId, setEndpointId] = useState("");
  const [lastsBy, setLastsBy] = useState<"count" | "duration" | "removed">("count");
  const [count, setCount] = useState("1");
  const [seconds, setSeconds] = useState("60");
  const [message, setMessage] = useState("injected fault");
  const [coldStart, setColdStart] = useState("30");
  const [scope, setScope] = useState("pool:ADA_24");
  const [podId, setPodId] = useState("");
  const [operation, setOperation] = useState("");
  const [url, setUrl] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  // A capacity fault has no count: it lasts a duration or until removed.
  const mode = kind === "capacity.none" && lastsBy === "count" ? "removed" : lastsBy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const input: CreateFaultInput = { kind };
    if (PER_ENDPOINT.has(kind) && endpointId) input.endpointId = endpointId;
    if (kind !== "pod.error") {
      if (mode === "count") input.count = Number(count);
      if (mode === "duration") input.durationMs = Math.round(Number(seconds) * 1000);
    }
    if (kind === "job.fail" && message) input.message = message;
    if (kind === "coldstart.slow") input.coldStartSeconds = Number(coldStart);
    if (kind === "capacity.none") input.scope = scope;
    if (kind === "pod.error") input.podId = podId;
    if (kind === "job.rate-limit" && isJobOperation(operation)) input.operation = operation;
    if (kind === "webhook.down" && url) input.url = url;
    const result = await create.mutateAsync(input);
    if (!result.ok) {
      setProblem([describeProblem(result.problem), ...(result.problem.errors ?? [])].join(" — "));
      return;
    }
    toast({ tone: "success", title: `Fault injected: ${KIND_LABEL[kind]}` });
  }

  return (
    <form onSubmit={submit} noValidate className="grid max-w-3xl gap-4 sm:grid-cols-2">
      <Field id="fault-kind" label="Fault">
        {(p) => (
          <Select
            {...p}
            value={kind}
            onChange={(e) => isFaultKind(e.target.value) && setKind(e.target.value)}
            options={FAULT_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
          />
        )}
      </Field>
      {PER_ENDPOINT.has(kind) && (
        <Field id="fault-endpoint" label="Endpoint">
          {(p) => (
            <Select
              {...p}
              value={endpointId}
              onChange={(e) => setEndpointId(e.target.value)}
              options={[
                { value: "", label: "All endpoints" },
                ...(endpoints.data ?? []).map((ep) => ({
                  value: ep.id,
                  label: `${ep.name} (${ep.id})`,
                })),
              ]}
            />
          )}
        </Field>
      )}
      {kind !== "pod.error" && (
        <Field id="fault-lasts" label="Lasts">
          {(p) => (
            <Select
              {...p}
              value={mode}
              onChange={(e) => setLastsBy(e.target.value as typeof lastsBy)}
              options={[
                ...(kind === "capacity.none"
                  ? []
                  : [{ value: "count", label: "A number of times" }]),
                { value: "duration", label: "A duration (platform clock)" },
                { value: "removed", label: "Until removed" },
              ]}
            />
          )}
        </Field>
      )}
      {kind !== "pod.error" && mode === "count" && (
        <Field id="fault-count" label="Times">
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          )}
        </Field>
      )}
      {kind !== "pod.error" && mode === "duration" && (
        <Field id="fault-seconds" label="Duration (seconds)">
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              value={seconds}
              onChange={(e) => setSeconds(e.target.value)}
            />
          )}
        </Field>
      )}
      {kind === "job.fail" && (
        <Field id="fault-message" label="Error message">
          {(p) => <Input {...p} value={message} onChange={(e) => setMessage(e.target.value)} />}
        </Field>
      )}
      {kind === "coldstart.slow" && (
        <Field id="fault-coldstart" label="Cold start (seconds)">
          {(p) => (
            <Input
              {...p}
              type="number"
              min={0}
              value={coldStart}
              onChange={(e) => setColdStart(e.target.value)}
            />
          )}
        </Field>
      )}
      {kind === "capacity.none" && (
        <Field
          id="fault-scope"
          label="Scope"
          hint="pool:<GPU pool>, gpu:<GPU type> or dc:<data center>, e.g. pool:ADA_24 or dc:EU-RO-1"
        >
          {(p) => <Input {...p} value={scope} onChange={(e) => setScope(e.target.value)} />}
        </Field>
      )}
      {kind === "pod.error" && (
        <Field id="fault-pod" label="Pod id">
          {(p) => <Input {...p} value={podId} onChange={(e) => setPodId(e.target.value)} />}
        </Field>
      )}
      {kind === "job.rate-limit" && (
        <Field id="fault-operation" label="Job operation">
          {(p) => (
            <Select
              {...p}
              value={operation}
              onChange={(e) => setOperation(e.target.value)}
              options={[
                { value: "", label: "Every operation" },
                ...JOB_OPERATIONS.map((o) => ({ value: o, label: `/${o}` })),
              ]}
            />
          )}
        </Field>
      )}
      {kind === "webhook.down" && (
        <Field id="fault-url" label="Receiver URL contains" hint="Empty: every receiver">
          {(p) => <Input {...p} value={url} onChange={(e) => setUrl(e.target.value)} />}
        </Field>
      )}
      <div className="space-y-3 sm:col-span-2">
        <FormProblem message={problem} />
        <Button type="submit" pending={create.isPending}>
          Inject fault
        </Button>
      </div>
    </form>
  );
}
