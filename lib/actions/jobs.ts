"use server";

import { z } from "zod";
import {
  cancelJob as cancel,
  purgeQueue as purge,
  retryJob as retry,
  runJob as run,
} from "@/lib/cloud/jobs";
import { JobRequest } from "@/lib/schemas/jobs";
import { defineAction } from "./define-action";

/** Queues one job (`/run`); the page polls the request list through a route handler, never here. */
export const runJob = defineAction(
  z.object({ endpointId: z.string().min(1), request: JobRequest }),
  (cloud, { endpointId, request }) => run(cloud, endpointId, request),
);

export const purgeQueue = defineAction(
  z.object({ endpointId: z.string().min(1) }),
  (cloud, { endpointId }) => purge(cloud, endpointId),
);

const JobRef = z.object({ endpointId: z.string().min(1), jobId: z.string().min(1) });

/** Stops a running job or drops a queued one. */
export const cancelJob = defineAction(JobRef, (cloud, { endpointId, jobId }) =>
  cancel(cloud, endpointId, jobId),
);

/** Re-queues a FAILED or TIMED_OUT job with its original input (same id). */
export const retryJob = defineAction(JobRef, (cloud, { endpointId, jobId }) =>
  retry(cloud, endpointId, jobId),
);
