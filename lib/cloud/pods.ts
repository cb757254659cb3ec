import {
  ListPodsResponse,
  Pod,
  type CreatePodInput,
  type PodAction,
  type UpdatePodInput,
} from "@/lib/schemas/pods";
import type { Cloud } from "./client";

const podPath = (id: string) => `/pods/${encodeURIComponent(id)}`;

/** `GET /v2/pods`: the account's pods; cluster members only with `includeClusterPods`. */
export async function listPods(
  cloud: Cloud,
  { includeClusterPods = false }: { includeClusterPods?: boolean } = {},
): Promise<Pod[]> {
  const query = includeClusterPods ? { includeClusterPods: true } : undefined;
  return (await cloud.request({ path: "/pods", query, schema: ListPodsResponse })).pods;
}

export function getPod(cloud: Cloud, id: string): Promise<Pod> {
  return cloud.request({ path: podPath(id), schema: Pod });
}

export function createPod(cloud: Cloud, input: CreatePodInput): Promise<Pod> {
  return cloud.request({ method: "POST", path: "/pods", body: input, schema: Pod });
}

export function updatePod(cloud: Cloud, id: string, input: UpdatePodInput): Promise<Pod> {
  return cloud.request({ method: "PATCH", path: podPath(id), body: input, schema: Pod });
}

/** `POST /v2/pods/{id}/action`: the pod after the action, or null when the platform answers 204. */
export async function podAction(cloud: Cloud, id: string, action: PodAction): Promise<Pod | null> {
  const body = await cloud.request({
    method: "POST",
    path: `${podPath(id)}/action`,
    body: { action },
  });
  return body === undefined || body === null ? null : Pod.parse(body);
}
