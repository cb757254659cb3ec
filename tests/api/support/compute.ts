import { expect } from "vitest";
import type { Pod } from "@/lib/schemas/pods";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import { POD_TIMINGS } from "@/lib/platform/management/pods/pod-lifecycle";
import type { Clock } from "@/lib/platform/clock";
import type { TestPlatform } from "./platform";

/** Helpers shared by the pods, clusters, volumes, catalogue and billing suites. */

export const GPU = "NVIDIA GeForce RTX 4090";
/** Time from create to RUNNING on the platform clock. */
export const BOOT_MS = POD_TIMINGS.provisionMs + POD_TIMINGS.startMs;

export async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function podBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `pod-${Math.random().toString(36).slice(2, 8)}`,
    image: "runpod/pytorch:2.4",
    gpu: { id: GPU, count: 1 },
    ...extra,
  };
}

export async function createPod(
  p: TestPlatform,
  extra: Record<string, unknown> = {},
  key?: string,
): Promise<Pod> {
  return body<Pod>(
    await p.request("/v2/pods", { method: "POST", json: podBody(extra), auth: key }),
    201,
  );
}

export async function getPod(p: TestPlatform, id: string, key?: string): Promise<Pod> {
  return body<Pod>(await p.request(`/v2/pods/${id}`, { auth: key }), 200);
}

export async function podAction(p: TestPlatform, id: string, action: string): Promise<Response> {
  return p.request(`/v2/pods/${id}/action`, { method: "POST", json: { action } });
}

/** Creates a pod and lets the platform clock run until it is RUNNING. */
export async function runningPod(
  p: TestPlatform,
  clock: Clock,
  extra: Record<string, unknown> = {},
): Promise<Pod> {
  const pod = await createPod(p, extra);
  clock.advance(BOOT_MS);
  const running = await getPod(p, pod.id);
  expect(running.status).toBe("RUNNING");
  return running;
}

export async function createVolume(
  p: TestPlatform,
  extra: Record<string, unknown> = {},
  key?: string,
): Promise<NetworkVolume> {
  return body<NetworkVolume>(
    await p.request("/v2/network-volumes", {
      method: "POST",
      json: { name: "data", size: 50, dataCenter: "US-KS-2", ...extra },
      auth: key,
    }),
    201,
  );
}

export async function setAvailability(
  p: TestPlatform,
  scope: string,
  level: string | null,
): Promise<void> {
  await body(
    await p.request("/_platform/availability", { method: "PUT", json: { scope, level } }),
    200,
  );
}

export async function setBalance(p: TestPlatform, balance: number): Promise<void> {
  await body(
    await p.request("/_platform/accounts/me", { method: "PATCH", json: { balance } }),
    200,
  );
}

export async function balance(p: TestPlatform, key?: string): Promise<number> {
  const who = await body<{ account: { balance: number } }>(
    await p.request("/_platform/whoami", { auth: key }),
    200,
  );
  return who.account.balance;
}
