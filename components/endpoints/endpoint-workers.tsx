"use client";

import Link from "next/link";
import { Loading, LoadError } from "@/components/forms/query-states";
import { EmptyState } from "@/components/ui/empty-state";
import { StatusDot, type Tone } from "@/components/ui/badge";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useEndpointWorkers, useJobsByWorker } from "@/lib/queries/endpoints";
import type { Endpoint, WorkerStatus } from "@/lib/schemas/endpoints";
import { endpointTabHref } from "./endpoint-tabs";
import { withEndpoint } from "./with-endpoint";

const WORKER: Record<WorkerStatus, { tone: Tone; word: string; pulse?: boolean }> = {
  RUNNING: { tone: "success", word: "running" },
  IDLE: { tone: "neutral", word: "idle" },
  INITIALIZING: { tone: "info", word: "initializing", pulse: true },
  THROTTLED: { tone: "warning", word: "throttled" },
  UNHEALTHY: { tone: "danger", word: "unhealthy" },
};

/** `93` → `1 min 33 s`; `7260` → `2 h 1 min`. */
function uptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "—";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

export function EndpointWorkers({ id, queue }: { id: string; queue: boolean }) {
  const query = useEndpointWorkers(id);
  // The job a running worker holds, from the endpoint's recent requests (absent while unreadable;
  // never read for a load balancer, which has no jobs).
  const jobs = useJobsByWorker(id, { enabled: queue }).data;
  if (query.isPending) return <Loading what="workers" />;
  if (query.isError)
    return <LoadError what="workers" error={query.error} onRetry={() => query.refetch()} />;
  const { workers, summary } = query.data;
  if (workers.length === 0)
    return (
      <EmptyState title="No workers running">
        <p>
          With min workers 0 an endpoint has no workers until a request arrives; the scaler then
          starts one (a cold start) and stops it after the idle timeout. Send a request from the
          Requests tab to watch one start here.
        </p>
      </EmptyState>
    );
  return (
    <>
      <p className="mb-3 text-sm">
        {summary.total} workers: {summary.running} running, {summary.idle} idle,{" "}
        {summary.initializing} initializing, {summary.throttled} throttled, {summary.unhealthy}{" "}
        unhealthy.
      </p>
      <Table>
        <caption className="sr-only">Workers</caption>
        <THead>
          <tr>
            <Th>Worker</Th>
            <Th>Status</Th>
            <Th>GPU</Th>
            <Th>Data center</Th>
            <Th>Version</Th>
            <Th>Uptime</Th>
            <Th>Running job</Th>
            <Th>Logs</Th>
          </tr>
        </THead>
        <TBody>
          {workers.map((w) => {
            const s = WORKER[w.status];
            return (
              <Tr key={w.id}>
                <Td className="font-mono text-xs">{w.id}</Td>
                <Td>
                  <StatusDot tone={s.tone} label={s.word} pulse={s.pulse} />
                </Td>
                <Td>
                  {w.gpuCount} × {w.gpuTypeId ?? "—"}
                </Td>
                <Td>{w.dataCenterId ?? "—"}</Td>
                <Td>
                  {w.version ?? "—"}
                  {w.isStale && " (outdated)"}
                </Td>
                <Td>{uptime(w.uptimeSeconds)}</Td>
                <Td className="font-mono text-xs">
                  <WorkerJobs endpointId={id} jobIds={jobs?.get(w.id)} />
                </Td>
                <Td>
                  <Link
                    href={`${endpointTabHref(id, "logs")}?worker=${encodeURIComponent(w.id)}`}
                    className="text-violet-700 underline dark:text-violet-300"
                    aria-label={`Logs of worker ${w.id}`}
                  >
                    Logs
                  </Link>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </>
  );
}

function WorkerJobs({ endpointId, jobIds }: { endpointId: string; jobIds?: readonly string[] }) {
  if (!jobIds?.length) return "—";
  return (
    <ul>
      {jobIds.map((jobId) => (
        <li key={jobId}>
          <Link
            href={`/serverless/${encodeURIComponent(endpointId)}/jobs/${encodeURIComponent(jobId)}`}
            className="text-violet-700 underline dark:text-violet-300"
            aria-label={`Job ${jobId}`}
          >
            {jobId}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The Workers tab as its route renders it (by id): a load balancer has no queue. */
export const EndpointWorkersTab = withEndpoint(({ endpoint }: { endpoint: Endpoint }) => (
  <EndpointWorkers id={endpoint.id} queue={endpoint.type !== "LOAD_BALANCER"} />
));
