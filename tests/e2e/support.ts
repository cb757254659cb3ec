import type { APIRequestContext } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";

/** Creates a resource straight on the platform (the test's own fixture), returning its body. */
export async function platformPost<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
): Promise<T> {
  const answer = await request.post(`${PLATFORM_URL}${path}`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
    data,
  });
  if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

export const uniqueName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function createQueueEndpoint(
  request: APIRequestContext,
  name: string,
  overrides: Record<string, unknown> = {},
) {
  return platformPost<{ id: string; name: string }>(request, "/v2/serverless", {
    name,
    type: "QUEUE",
    image: "runpod/mock-worker:latest",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    ...overrides,
  });
}
