import {
  Endpoint,
  ListEndpointWorkersResponse,
  ListEndpointsResponse,
  ListReleasesResponse,
  type CreateEndpointInput,
  type UpdateEndpointInput,
} from "@/lib/schemas/endpoints";
import { EndpointHealth, type EndpointLive } from "@/lib/schemas/jobs";
import type { Cloud } from "./client";

/** `/v2/serverless`: serverless endpoints of the key's account. */
export async function listEndpoints(cloud: Cloud): Promise<Endpoint[]> {
  const body = await cloud.request({ path: "/serverless", schema: ListEndpointsResponse });
  return body.endpoints;
}

export function getEndpoint(cloud: Cloud, id: string): Promise<Endpoint> {
  return cloud.request({ path: `/serverless/${encodeURIComponent(id)}`, schema: Endpoint });
}

export function createEndpoint(cloud: Cloud, input: CreateEndpointInput): Promise<Endpoint> {
  return cloud.request({ method: "POST", path: "/serverless", body: input, schema: Endpoint });
}

export function updateEndpoint(
  cloud: Cloud,
  id: string,
  input: UpdateEndpointInput,
): Promise<Endpoint> {
  return cloud.request({
    method: "PATCH",
    path: `/serverless/${encodeURIComponent(id)}`,
    body: input,
    schema: Endpoint,
  });
}

export async function deleteEndpoint(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({ method: "DELETE", path: `/serverless/${encodeURIComponent(id)}` });
}

export function listEndpointWorkers(cloud: Cloud, id: string) {
  return cloud.request({
    path: `/serverless/${encodeURIComponent(id)}/workers`,
    schema: ListEndpointWorkersResponse,
  });
}

export function listEndpointReleases(cloud: Cloud, id: string) {
  return cloud.request({
    path: `/serverless/${encodeURIComponent(id)}/releases`,
    schema: ListReleasesResponse,
  });
}

/** Job API `GET /v2/<id>/health`: jobs by state and workers by state, right now. */
export function getEndpointHealth(cloud: Cloud, id: string): Promise<EndpointHealth> {
  return cloud.request({
    family: "job",
    path: `/${encodeURIComponent(id)}/health`,
    schema: EndpointHealth,
  });
}

/** Load balancers answer every path of their own URL with the user's server, job-API names included. */
export const isLoadBalancer = (endpoint: Pick<Endpoint, "type">) =>
  endpoint.type === "LOAD_BALANCER";

/**
 * An endpoint's live numbers without waking anything. Queue endpoints: job API `/health`. Load
 * balancers: only the management API's worker list, because the platform routes `/v2/<id>/health`
 * (like any path) to the user's server there: reading it would start a worker, which is billed.
 */
export async function getEndpointLive(
  cloud: Cloud,
  endpoint: Pick<Endpoint, "id" | "type">,
): Promise<EndpointLive> {
  if (!isLoadBalancer(endpoint)) return getEndpointHealth(cloud, endpoint.id);
  const { summary: w } = await listEndpointWorkers(cloud, endpoint.id);
  return {
    jobs: null,
    workers: {
      idle: w.idle,
      initializing: w.initializing,
      ready: w.idle + w.running,
      running: w.running,
      throttled: w.throttled,
      unhealthy: w.unhealthy,
    },
  };
}
