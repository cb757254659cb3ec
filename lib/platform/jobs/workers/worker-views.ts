import type { Worker, WorkerStatus } from "@/lib/schemas/endpoints";
import type { WorkersTable } from "../../store/schema-jobs";
import type { JobEngine } from "../engine/engine";

export type WorkerCounts = Record<
  "idle" | "running" | "initializing" | "throttled" | "unhealthy",
  number
>;

const iso = (ms: number) => new Date(ms).toISOString();

/** READY answers IDLE or RUNNING by whether the worker holds a job; the other statuses as stored. */
function apiStatus(row: WorkersTable, busy: number): WorkerStatus {
  if (row.status === "READY") return busy > 0 ? "RUNNING" : "IDLE";
  return row.status as WorkerStatus;
}

/** The one mapper from worker rows to the management API's `Worker`. */
export async function listWorkers(e: JobEngine, endpointId: string): Promise<Worker[]> {
  const [rows, busy, endpoint] = await Promise.all([
    e.workers.rows(endpointId),
    e.repo.busyByWorker(endpointId),
    e.endpoints.get(endpointId),
  ]);
  const now = e.clock.now();
  return rows.map((r) => {
    const started = r.status === "READY" && r.ready_at !== null ? Number(r.ready_at) : null;
    return {
      id: r.id,
      status: apiStatus(r, busy.get(r.id) ?? 0),
      isStale: endpoint !== null && Number(r.version) < endpoint.version,
      version: Number(r.version),
      gpuCount: Number(r.gpu_count),
      image: r.image,
      uptimeSeconds: started === null ? null : Math.max(0, Math.floor((now - started) / 1000)),
      gpuTypeId: r.gpu_type_id,
      dataCenterId: r.data_center_id,
      startedAt: started === null ? null : iso(started),
    };
  });
}

/** Counts by API status (`/health`). */
export async function summarizeWorkers(e: JobEngine, endpointId: string): Promise<WorkerCounts> {
  const out: WorkerCounts = { idle: 0, running: 0, initializing: 0, throttled: 0, unhealthy: 0 };
  const [rows, busy] = await Promise.all([
    e.workers.rows(endpointId),
    e.repo.busyByWorker(endpointId),
  ]);
  for (const r of rows)
    out[apiStatus(r, busy.get(r.id) ?? 0).toLowerCase() as keyof WorkerCounts]++;
  return out;
}
