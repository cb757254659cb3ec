import {
  ListNetworkVolumesResponse,
  NetworkVolume,
  type CreateNetworkVolumeInput,
  type UpdateNetworkVolumeInput,
} from "@/lib/schemas/network-volumes";
import type { Cloud } from "./client";

const volumePath = (id: string) => `/network-volumes/${encodeURIComponent(id)}`;

export async function listNetworkVolumes(cloud: Cloud): Promise<NetworkVolume[]> {
  return (await cloud.request({ path: "/network-volumes", schema: ListNetworkVolumesResponse }))
    .networkVolumes;
}

export function createNetworkVolume(cloud: Cloud, input: CreateNetworkVolumeInput) {
  return cloud.request({
    method: "POST",
    path: "/network-volumes",
    body: input,
    schema: NetworkVolume,
  });
}

export function updateNetworkVolume(cloud: Cloud, id: string, input: UpdateNetworkVolumeInput) {
  return cloud.request({
    method: "PATCH",
    path: volumePath(id),
    body: input,
    schema: NetworkVolume,
  });
}

export async function deleteNetworkVolume(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({ method: "DELETE", path: volumePath(id) });
}
