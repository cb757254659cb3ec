"use client";

import { duration, usd } from "@/components/forms/format";
import { LoadError, Loading } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { Button } from "@/components/ui/button";
import { StatusDot, type Tone } from "@/components/ui/badge";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { stopLoadTestAction } from "@/lib/actions/load-tests";
import { describeProblem } from "@/lib/queries/describe-problem";
import { useAction } from "@/lib/queries/use-action";
import type {
  LoadTestList,
  LoadTestRun,
  LoadTestStatus,
  Percentiles,
} from "@/lib/schemas/load-tests";
import { loadTestKeys, useLoadTest } from "./use-load-tests";

const STATUS: Record<LoadTestStatus, { tone: Tone; label: string }> = {
  running: { tone: "info", label: "Running" },
  completed: { tone: "success", label: "Completed" },
  stopped: { tone: "warning", label: "Stopped" },
  failed: { tone: "danger", label: "Failed" },
  interrupted: { tone: "warning", label: "Interrupted" },
};

export function LoadTestStatusDot({ status }: { status: LoadTestStatus }) {
  const s = STATUS[status];
  return <StatusDot tone={s.tone} label={s.label} pulse={status === "running"} />;
}

const pct = (p: Percentiles | null, key: keyof Percentiles) => (p ? duration(p[key]) : "—");

/** The list of the endpoint's runs; picking one shows it below. */
export function LoadTestRuns({
  runs,
  selected,
  onSelect,
}: {
  runs: LoadTestList["runs"];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <Table aria-label="Load tests">
      <THead>
        <Tr>
          <Th>Started</Th>
          <Th>Status</Th>
          <Th>Load</Th>
          <Th>Sent / completed / failed</Th>
          <Th>p95</Th>
          <Th>
            <span className="sr-only">Open</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {runs.map((run) => (
          <Tr key={run.id} aria-current={run.id === selected ? "true" : undefined}>
            <Td>
              <TimeAgo iso={run.createdAt} />
            </Td>
            <Td>
              <LoadTestStatusDot status={run.status} />
            </Td>
            <Td>
              {run.requests} at {run.rate}/s{run.accelerated ? " (accelerated)" : ""}
            </Td>
            <Td>
              {run.progress.sent} / {run.progress.completed} / {run.progress.failed}
            </Td>
            <Td>{pct(run.progress.latency, "p95")}</Td>
            <Td>
              <Button variant="ghost" onClick={() => onSelect(run.id)}>
                {run.id === selected ? "Shown below" : "Show"}
                <span className="sr-only"> load test started {run.createdAt}</span>
              </Button>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-md border border-neutral-200 px-3 py-2 dark:border-neutral-800">
      <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** One run: live numbers while it goes, the summary and suggestions once it has ended. */
export function LoadTestDetail({ id }: { id: string }) {
  const query = useLoadTest(id);
  const toast = useToast();
  const stop = useAction(stopLoadTestAction, [loadTestKeys.all]);
  if (query.isPending) return <Loading what="the load test" />;
  if (query.isError)
    return <LoadError what="the load test" error={query.error} onRetry={() => query.refetch()} />;
  const run: LoadTestRun = query.data;
  const p = run.progress;
  const last = run.samples[run.samples.length - 1];
  const running = run.status === "running";

  async function onStop() {
    const result = await stop.mutateAsync({ id });
    if (!result.ok)
      toast({ tone: "error", title: "Not stopped", description: describeProblem(result.problem) });
    else await query.refetch();
  }

  return (
    <section aria-labelledby="lt-run-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="lt-run-heading" className="text-base font-semibold">
          {running ? "Live" : "Summary"}: {run.requests} requests at {run.rate}/s
          {run.accelerated ? " on the accelerated clock" : ""}
        </h3>
        <span role="status" aria-live="polite" data-testid="load-test-status">
          <LoadTestStatusDot status={run.status} />
        </span>
        {running && (
          <Button variant="danger" onClick={onStop} pending={stop.isPending}>
            Stop load test
          </Button>
        )}
      </div>
      {run.reason && <p className="text-sm">{run.reason}</p>}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Load test numbers">
        <Stat label="Sent" value={`${p.sent} of ${run.requests}`} />
        <Stat label="Completed" value={p.completed} />
        <Stat label="Failed" value={p.failed} />
        <Stat label="Elapsed (load time)" value={duration(p.elapsed)} />
        <Stat label="Latency p50" value={pct(p.latency, "p50")} />
        <Stat label="Latency p95" value={pct(p.latency, "p95")} />
        <Stat label="Latency p99" value={pct(p.latency, "p99")} />
        <Stat label="Spend (worker time)" value={p.spend === null ? "—" : usd(p.spend)} />
        {running ? (
          <>
            <Stat label="Queue depth" value={last?.inQueue ?? 0} />
            <Stat label="Workers running" value={last?.running ?? 0} />
            <Stat label="Workers idle" value={last?.idle ?? 0} />
            <Stat label="Workers initializing" value={last?.initializing ?? 0} />
          </>
        ) : (
          <>
            <Stat label="Peak workers" value={p.peakWorkers} />
            <Stat label="Peak queue depth" value={p.peakQueue} />
            <Stat label="Queue delay p95" value={pct(p.delay, "p95")} />
            <Stat label="Cost" value={p.spend === null ? "—" : usd(p.spend)} />
          </>
        )}
      </dl>
      {p.lastError && (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">Last error: {p.lastError}</p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="lt-settings-heading">
          <h4 id="lt-settings-heading" className="mb-1 text-sm font-semibold">
            Endpoint scaling settings (at the start)
          </h4>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>Workers min / max</dt>
            <dd>
              {run.settings.workersMin} / {run.settings.workersMax}
            </dd>
            <dt>Scaler</dt>
            <dd>
              {run.settings.scalerType === "QUEUE_DELAY"
                ? `Queue delay, ${run.settings.scalerValue} s`
                : `Request count, ${run.settings.scalerValue} per worker`}
            </dd>
            <dt>Idle timeout</dt>
            <dd>
              {run.settings.idleTimeout !== undefined ? `${run.settings.idleTimeout} s` : "—"}
            </dd>
            <dt>Price per worker</dt>
            <dd>
              {run.settings.pricePerWorkerSecond !== null
                ? `${usd(run.settings.pricePerWorkerSecond * 3600)}/h (${run.settings.gpuPool})`
                : "unknown"}
            </dd>
          </dl>
        </section>
        {!running && (
          <section aria-labelledby="lt-suggest-heading">
            <h4 id="lt-suggest-heading" className="mb-1 text-sm font-semibold">
              Suggestions
            </h4>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {run.suggestions.map((s) => (
                <li key={s.kind}>{s.text}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {run.samples.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm">Readings ({run.samples.length})</summary>
          <Table aria-label="Load test readings">
            <THead>
              <Tr>
                <Th>Load time</Th>
                <Th>Queue</Th>
                <Th>Running</Th>
                <Th>Idle</Th>
                <Th>Initializing</Th>
                <Th>Sent</Th>
                <Th>Completed</Th>
                <Th>Failed</Th>
              </Tr>
            </THead>
            <TBody>
              {run.samples.slice(-30).map((s) => (
                <Tr key={s.t}>
                  <Td>{duration(s.t)}</Td>
                  <Td>{s.inQueue}</Td>
                  <Td>{s.running}</Td>
                  <Td>{s.idle}</Td>
                  <Td>{s.initializing}</Td>
                  <Td>{s.sent}</Td>
                  <Td>{s.completed}</Td>
                  <Td>{s.failed}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </details>
      )}
    </section>
  );
}
