import type { Worker } from "@/lib/schemas/endpoints";

/**
 * Live workers of an endpoint, as `GET /v2/serverless/{id}/workers` and `/releases` report them.
 * The job engine owns workers and sets `services.workers`; without it an endpoint has none.
 */
export interface WorkerDirectory {
  list(endpointId: string): Promise<Worker[]>;
}

export const NO_WORKERS: WorkerDirectory = { list: async () => [] };
