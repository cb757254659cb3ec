"use client";

import { Loading, LoadError } from "@/components/forms/query-states";
import { EmptyState } from "@/components/ui/empty-state";
import { StatusDot, type Tone } from "@/components/ui/badge";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useEndpointWorkers } from "@/lib/queries/endpoints";
import type { WorkerStatus } from "@/lib/schemas/endpoints";

const WORKER: Record<WorkerStatus, { tone: Tone; word: string; pulse?: boolean }> = {
  RUNNING: { tone: "success", word: "running" },
  IDLE: { tone: "neutral", word: "idle" },
  INITIALIZING: { tone: "info", word: "initializing", pulse: true },
  THROTTLED: { tone: "warning", word: "throttled" },
  UNHEALTHY: { tone: "danger", word: "unhealthy" },
};

export function EndpointWorkers({ id }: { id: string }) {
  const query = useEndpointWorkers(id);
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
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </>
  );
}
