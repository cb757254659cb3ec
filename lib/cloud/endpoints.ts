import {
  Endpoint,
  ListEndpointWorkersResponse,
  ListEndpointsResponse,
  ListReleasesResponse,
  type CreateEndpointInput,
  type UpdateEndpointInput,
} from "@/lib/schemas/endpoints";
import { EndpointHealth } from "@/lib/schemas/jobs";
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
