"use client";

import Link from "next/link";
import { JOB } from "@/components/endpoints/job-status";
import { endpointTabHref } from "@/components/endpoints/endpoint-tabs";
import { duration } from "@/components/forms/format";
import { Loading, LoadError } from "@/components/forms/query-states";
import { PageHeader } from "@/components/shell/page-header";
import { Badge, StatusDot } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { JobError } from "@/components/jobs/job-error";
import { JobTimelineChart } from "./job-timeline-chart";
import { useJobDetail } from "@/lib/queries/devtools";
import type { JobEvent, JobEventType } from "@/lib/schemas/devtools";
import type { JobStatus } from "@/lib/schemas/jobs";

const EVENT_LABEL: Record<JobEventType, string> = {
  queued: "Queued",
  "worker.assigned": "Worker assigned",
  started: "Started",
  progress: "Progress update",
  "stream.chunk": "Stream chunk",
  completed: "Completed",
  failed: "Failed",
  timed_out: "Timed out",
  cancelled: "Cancelled",
  expired: "Deleted (ttl or retention)",
  requeued: "Back in the queue",
  "webhook.attempt": "Webhook attempt",
  fault: "Injected fault",
  "coldstart.begun": "Cold start begun",
  "coldstart.ended": "Cold start ended",
  "worker.throttled": "Worker throttled",
  "worker.removed": "Worker removed",
};

const json = (v: unknown) => JSON.stringify(v, null, 2) ?? "null";

/** Why a job shows no output yet (or at all), instead of an "Output null" box. */
function noOutput(status: JobStatus): string {
  switch (status) {
    case "IN_QUEUE":
      return "No output yet: the job is waiting in the queue.";
    case "IN_PROGRESS":
      return "No output yet: a worker is running the job.";
    case "CANCELLED":
      return "No output: the job was cancelled.";
    case "TIMED_OUT":
      return "No output: the job timed out.";
    case "FAILED":
      return "No output: the job failed.";
    case "COMPLETED":
      return "The handler returned nothing (null).";
  }
}

/** One job: status, input and output, its timeline, and why it waits while it is queued. */
export function JobDetailView({ endpointId, jobId }: { endpointId: string; jobId: string }) {
  const query = useJobDetail(jobId);
  const back = endpointTabHref(endpointId, "requests");
  if (query.isPending) return <Loading what="the job" />;
  if (query.isError)
    return <LoadError what={`job ${jobId}`} error={query.error} onRetry={() => query.refetch()} />;
  const d = query.data;
  const tone = JOB[d.job.status];
  const first = d.events[0] ? Date.parse(d.events[0].at) : Date.parse(d.createdAt);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={back} className="text-violet-700 underline dark:text-violet-300">
          ← Requests of the endpoint
        </Link>
      </p>
      <PageHeader title={`Job ${jobId}`}>
        <span className="inline-flex flex-wrap items-center gap-3">
          <StatusDot tone={tone.tone} pulse={tone.pulse} label={d.job.status} />
          {d.lowPriority && <Badge>low priority</Badge>}
          <span>Delay {duration(d.job.delayTime)}</span>
          <span>Execution {duration(d.job.executionTime)}</span>
          {d.job.workerId && <span className="font-mono text-xs">worker {d.job.workerId}</span>}
        </span>
      </PageHeader>
      <div className="space-y-8">
        {d.why.waiting && (
          <section
            aria-labelledby="why-heading"
            className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
          >
            <h2 id="why-heading" className="mb-2 text-base font-semibold">
              Why is this job waiting?
            </h2>
            {d.why.reasons.length === 0 ? (
              <p className="text-sm">No reason found: it should start any moment.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="why-waiting">
                {d.why.reasons.map((r) => (
                  <li key={r.code}>
                    <span className="font-mono text-xs">{r.code}</span> — {r.message}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <div className="grid gap-4 lg:grid-cols-2">
          <CodeBlock label="Input" language="json" code={json(d.input)} />
          {d.job.error !== undefined ? (
            <section aria-labelledby="error-heading" className="min-w-0 space-y-2">
              <h2 id="error-heading" className="text-sm font-medium">
                Error
              </h2>
              <JobError
                error={d.job.error}
                title={d.job.status === "TIMED_OUT" ? "The job timed out" : "The job failed"}
              />
            </section>
          ) : d.job.output !== undefined && d.job.output !== null ? (
            <CodeBlock label="Output" language="json" code={json(d.job.output)} />
          ) : (
            <section aria-labelledby="output-heading" className="min-w-0 space-y-2">
              <h2 id="output-heading" className="text-sm font-medium">
                Output
              </h2>
              <p className="rounded-md border border-dashed border-neutral-300 p-3 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
                {noOutput(d.job.status)}
              </p>
            </section>
          )}
        </div>
        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="mb-2 text-base font-semibold">
            Timeline
          </h2>
          <JobTimelineChart
            events={d.events}
            now={Date.parse(d.now)}
            label={(type) => EVENT_LABEL[type]}
          />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium">
              Every event ({d.events.length})
            </summary>
            <div className="mt-2">
              <Table>
                <caption className="sr-only">Events of the job, oldest first</caption>
                <THead>
                  <tr>
                    <Th>Time (platform)</Th>
                    <Th>+</Th>
                    <Th>Event</Th>
                    <Th>Worker</Th>
                    <Th>Detail</Th>
                  </tr>
                </THead>
                <TBody>
                  {d.events.map((e: JobEvent, i) => (
                    <Tr key={`${e.at}-${i}`}>
                      <Td className="font-mono text-xs">{e.at.slice(11, 23)}</Td>
                      <Td className="text-xs">{duration(Date.parse(e.at) - first)}</Td>
                      <Td>{EVENT_LABEL[e.type]}</Td>
                      <Td className="font-mono text-xs">{e.workerId ?? "—"}</Td>
                      <Td className="max-w-md text-xs break-words">{e.detail ?? ""}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </div>
          </details>
        </section>
        {d.webhook && (
          <p className="text-sm">
            Webhook: <span className="font-mono text-xs">{d.webhook}</span> — attempts appear in the
            timeline and on the{" "}
            <Link href="/dev/inbox" className="text-violet-700 underline dark:text-violet-300">
              webhook inbox
            </Link>
            .
          </p>
        )}
      </div>
    </>
  );
}
