import type { Endpoint, EndpointRequestUrls } from "@/lib/schemas/endpoints";
import type { EndpointRecord } from "./endpoint-record";

/**
 * Request URLs by routing type. Queue endpoints: the job operations under `/v2/<id>` (status,
 * stream, cancel and retry end in a literal `{job_id}` placeholder, as the reference shows them).
 *
 * Load-balancing endpoints: the real service gives each one a subdomain (`https://<id>.api…`).
 * The local platform has a single host, so it serves them under a PATH instead:
 * `base` = `<publicUrl>/v2/<id>`, and worker-defined paths hang off that base. `health` is
 * `<base>/ping` unless the endpoint's env sets `HEALTH_CHECK_PATH`.
 */
export function requestUrls(
  record: Pick<EndpointRecord, "id" | "type" | "env">,
  publicUrl: string,
): EndpointRequestUrls {
  const base = `${publicUrl.replace(/\/+$/, "")}/v2/${record.id}`;
  if (record.type === "LOAD_BALANCER") {
    const healthPath = record.env.HEALTH_CHECK_PATH?.trim() || "/ping";
    return { base, health: `${base}/${healthPath.replace(/^\/+/, "")}` };
  }
  return {
    run: `${base}/run`,
    runSync: `${base}/runsync`,
    status: `${base}/status/{job_id}`,
    stream: `${base}/stream/{job_id}`,
    cancel: `${base}/cancel/{job_id}`,
    retry: `${base}/retry/{job_id}`,
    purgeQueue: `${base}/purge-queue`,
    health: `${base}/health`,
  };
}

/** The one mapper from the stored record to the API resource (internal fields never leak). */
export function toEndpoint(record: EndpointRecord, publicUrl: string): Endpoint {
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    requestUrls: requestUrls(record, publicUrl),
    image: record.image,
    args: record.args,
    disk: record.disk,
    ports: record.ports,
    env: record.env,
    registry: record.registry,
    gpu: record.gpu ? { pools: record.gpu.pools, count: record.gpu.count } : null,
    workers:
      record.workers.idleTimeout === undefined
        ? { min: record.workers.min, max: record.workers.max }
        : {
            min: record.workers.min,
            max: record.workers.max,
            idleTimeout: record.workers.idleTimeout,
          },
    scaling: record.scaling,
    dataCenterIds: record.dataCenterIds,
    networkVolumes: record.networkVolumes,
    timeout: record.timeout,
    flashboot: record.flashboot,
    allowedCudaVersions: record.allowedCudaVersions,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}
