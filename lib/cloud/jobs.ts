import { z } from "zod";
import { JobStatus, ListRequestsResponse, PurgeQueueResponse } from "@/lib/schemas/jobs";
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
