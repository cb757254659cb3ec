import {
  Cluster,
  ListClustersResponse,
  type CreateClusterInput,
  type UpdateClusterInput,
} from "@/lib/schemas/clusters";
import { ListPodsResponse, type Pod } from "@/lib/schemas/pods";
import type { Cloud } from "./client";

const clusterPath = (id: string) => `/clusters/${encodeURIComponent(id)}`;

export async function listClusters(cloud: Cloud): Promise<Cluster[]> {
  return (await cloud.request({ path: "/clusters", schema: ListClustersResponse })).clusters;
}

export function getCluster(cloud: Cloud, id: string): Promise<Cluster> {
  return cloud.request({ path: clusterPath(id), schema: Cluster });
}

/** `GET /v2/clusters/{id}/pods`: the member pods as full Pod objects. */
export async function listClusterPods(cloud: Cloud, id: string): Promise<Pod[]> {
  return (await cloud.request({ path: `${clusterPath(id)}/pods`, schema: ListPodsResponse })).pods;
}

export function createCluster(cloud: Cloud, input: CreateClusterInput): Promise<Cluster> {
  return cloud.request({ method: "POST", path: "/clusters", body: input, schema: Cluster });
}

export function updateCluster(cloud: Cloud, id: string, input: UpdateClusterInput) {
  return cloud.request({ method: "PATCH", path: clusterPath(id), body: input, schema: Cluster });
}

/** Terminates every member pod and removes the cluster. */
export async function deleteCluster(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({ method: "DELETE", path: clusterPath(id) });
}
