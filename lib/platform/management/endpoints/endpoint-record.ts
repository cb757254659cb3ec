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
  scaling:
    { type: "QUEUE_DELAY"; queueDelay: number } | { type: "REQUEST_COUNT"; requestCount: number };
  /**
   * Effective placement: the data centers workers may run in. Attached network volumes confine it
   * to their data centers; empty means the scheduler chooses.
   */
  dataCenterIds: string[];
  /** The placement as the caller sent it (before volumes confined it), so a later PATCH can recompute. */
  requestedDataCenterIds?: string[];
  networkVolumes: string[];
  /**
   * Volume id → its data center, captured when attached (volumes never move). A worker placed in a
   * data center mounts the one volume there, if any, at `WORKER_VOLUME_MOUNT_PATH`: see `workerVolume`.
   */
  volumeDataCenters?: Record<string, string>;
  /** Per-request execution timeout, ms. */
  timeout: number;
  flashboot: "OFF" | "FLASHBOOT" | "PRIORITY_FLASHBOOT";
  allowedCudaVersions: string[];
  /** Release version: bumped by container changes. */
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** Where a serverless worker finds the endpoint's network volume (seed: volume attachment rule 1). */
export const WORKER_VOLUME_MOUNT_PATH = "/platform-volume";

/**
 * The volume a worker placed in `dataCenterId` mounts: exactly one per data center, none when the
 * endpoint has no volume there. Part of the worker environment contract read by the job engine.
 */
export function workerVolume(
  record: Pick<EndpointRecord, "networkVolumes" | "volumeDataCenters">,
  dataCenterId: string,
): { volumeId: string; mountPath: string } | null {
  const volumeId = record.networkVolumes.find(
    (id) => record.volumeDataCenters?.[id] === dataCenterId,
  );
  return volumeId ? { volumeId, mountPath: WORKER_VOLUME_MOUNT_PATH } : null;
}
