"use server";

import { z } from "zod";
import { purgeQueue as purge, runJob as run } from "@/lib/cloud/jobs";
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
