import type { Pod } from "@/lib/schemas/pods";

export const POD_FILTERS = [
  { id: "all", label: "All" },
  { id: "running", label: "Running" },
  { id: "stopped", label: "Stopped" },
] as const;
export type PodFilter = (typeof POD_FILTERS)[number]["id"];

/** `?status=` → a known filter; anything else is "all". */
export function podFilter(value: string | string[] | undefined): PodFilter {
  return value === "running" || value === "stopped" ? value : "all";
}

const UP: readonly Pod["status"][] = ["PROVISIONING", "STARTING", "RUNNING"];

/** Running covers the way up (provisioning, starting); stopped is exited or failed. Terminated pods are gone. */
export function matchesFilter(pod: Pod, filter: PodFilter): boolean {
  if (pod.status === "TERMINATED") return false;
  if (filter === "running") return UP.includes(pod.status);
  if (filter === "stopped") return !UP.includes(pod.status);
  return true;
}
