/**
 * How a serverless endpoint is stored (table `endpoints`, column `data` holds this object as JSON
 * minus id/accountId/createdAt/version which are columns). Shared contract between the endpoints
 * module (which writes it) and the job engine (which reads it to place and scale workers).
 */
export interface EndpointRecord {
  id: string;
  accountId: string;
  name: string;
  type: "QUEUE" | "LOAD_BALANCER";
  image: string;
  args: string;
  disk: number;
  ports: string[];
  env: Record<string, string>;
  registry: string | null;
  gpu: { pools: string[]; count: number } | null;
  workers: { min: number; max: number; idleTimeout?: number };
  scaling: { type: "QUEUE_DELAY"; queueDelay: number } | { type: "REQUEST_COUNT"; requestCount: number };
  dataCenterIds: string[];
  networkVolumes: string[];
  /** Per-request execution timeout, ms. */
  timeout: number;
  flashboot: "OFF" | "FLASHBOOT" | "PRIORITY_FLASHBOOT";
  allowedCudaVersions: string[];
  /** Release version: bumped by container changes. */
  version: number;
  createdAt: number;
  updatedAt: number;
}
