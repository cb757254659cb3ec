import { z } from "zod";
import {
  Job,
  JobStatus,
  JobStream,
  ListRequestsResponse,
  PurgeQueueResponse,
} from "@/lib/schemas/jobs";
import type { Cloud } from "./client";

/** `/run` answers only the id and the first status. */
export const SubmittedJob = z.object({ id: z.string(), status: JobStatus });
export type SubmittedJob = z.infer<typeof SubmittedJob>;

const jobPath = (endpointId: string, op: string) => `/${encodeURIComponent(endpointId)}/${op}`;

/** Job API `POST /v2/<id>/run`: queues a job and returns at once. */
export function runJob(cloud: Cloud, endpointId: string, body: unknown): Promise<SubmittedJob> {
  return cloud.request({
    family: "job",
    method: "POST",
    path: jobPath(endpointId, "run"),
    body,
    schema: SubmittedJob,
  });
}

/** Job API `POST /v2/<id>/purge-queue`: drops queued (not running) jobs. */
export function purgeQueue(cloud: Cloud, endpointId: string) {
  return cloud.request({
    family: "job",
    method: "POST",
    path: jobPath(endpointId, "purge-queue"),
    schema: PurgeQueueResponse,
  });
}

/** Job API `GET /v2/<id>/requests` (local platform): recent jobs, newest first. */
export function listRequests(cloud: Cloud, endpointId: string, limit = 50) {
  return cloud.request({
    family: "job",
    path: jobPath(endpointId, "requests"),
    query: { limit },
    schema: ListRequestsResponse,
  });
}

/** Job API `GET /v2/<id>/status/<job>`: the job with its output once finished. */
export function getJobStatus(cloud: Cloud, target: string, jobId: string): Promise<Job> {
  return cloud.request({
    family: "job",
    path: `${jobPath(target, "status")}/${encodeURIComponent(jobId)}`,
    schema: Job,
  });
}

/**
 * Job API `GET /v2/<id>/stream/<job>`: only the chunks not delivered before. `waitMs` asks the
 * platform to hold the answer until a chunk arrives or the job ends (the local platform honours
 * it; elsewhere it is ignored and the caller paces its own polling).
 */
export function streamJob(
  cloud: Cloud,
  target: string,
  jobId: string,
  waitMs?: number,
  signal?: AbortSignal,
): Promise<JobStream> {
  return cloud.request({
    family: "job",
    path: `${jobPath(target, "stream")}/${encodeURIComponent(jobId)}`,
    query: { wait: waitMs },
    schema: JobStream,
    timeoutMs: (waitMs ?? 0) + 15_000,
    signal,
  });
}

/** Job API `POST /v2/<id>/cancel/<job>`: stops a running job or drops a queued one. */
export function cancelJob(cloud: Cloud, target: string, jobId: string): Promise<Job> {
  return cloud.request({
    family: "job",
    method: "POST",
    path: `${jobPath(target, "cancel")}/${encodeURIComponent(jobId)}`,
    body: {},
    schema: Job,
  });
}

/** Job API `POST /v2/<id>/retry/<job>`: re-queues a FAILED or TIMED_OUT job under the same id. */
export function retryJob(cloud: Cloud, target: string, jobId: string): Promise<SubmittedJob> {
  return cloud.request({
    family: "job",
    method: "POST",
    path: `${jobPath(target, "retry")}/${encodeURIComponent(jobId)}`,
    body: {},
    schema: SubmittedJob,
  });
}
