import {
  ApiKey,
  CreatedApiKey,
  ListApiKeysResponse,
  type CreateApiKeyInput,
  type UpdateApiKeyInput,
} from "@/lib/schemas/control";
import type { Cloud } from "./client";

// The local platform's control API (`/_platform/keys`); the real service manages keys elsewhere.

export async function listApiKeys(cloud: Cloud): Promise<ApiKey[]> {
  return (await cloud.request({ family: "control", path: "/keys", schema: ListApiKeysResponse }))
    .keys;
}

export function createApiKey(cloud: Cloud, input: CreateApiKeyInput) {
  return cloud.request({
    family: "control",
    method: "POST",
    path: "/keys",
    body: input,
    schema: CreatedApiKey,
  });
}

export function updateApiKey(cloud: Cloud, id: string, input: UpdateApiKeyInput) {
  return cloud.request({
    family: "control",
    method: "PATCH",
    path: `/keys/${encodeURIComponent(id)}`,
    body: input,
    schema: ApiKey,
  });
}

export async function deleteApiKey(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({
    family: "control",
    method: "DELETE",
    path: `/keys/${encodeURIComponent(id)}`,
  });
}
