import type { PodAction, PodStatus } from "@/lib/schemas/pods";
import { problems } from "../../http/problem";

/**
 * The pod lifecycle as one transition table. User actions (`start`, `stop`, `restart`,
 * `terminate`) and platform events (`provisioned`, `started` — timers — and `fail` — fault
 * injection) all go through `assertTransition`, so `actions` on a pod can never disagree with what
 * the platform accepts.
 */
export type PodEvent = PodAction | "provisioned" | "started" | "fail";

const TABLE: Record<PodStatus, Partial<Record<PodEvent, PodStatus>>> = {
  PROVISIONING: { stop: "EXITED", terminate: "TERMINATED", provisioned: "STARTING", fail: "ERROR" },
  STARTING: { stop: "EXITED", terminate: "TERMINATED", started: "RUNNING", fail: "ERROR" },
  RUNNING: { stop: "EXITED", restart: "STARTING", terminate: "TERMINATED", fail: "ERROR" },
  EXITED: { start: "STARTING", terminate: "TERMINATED" },
  ERROR: { start: "STARTING", terminate: "TERMINATED" },
  TERMINATED: {},
};

const ACTION_ORDER: PodAction[] = ["start", "stop", "restart", "terminate"];

/** Simulated durations (platform clock): allocation, then container start. */
export const POD_TIMINGS = {
  /** PROVISIONING → STARTING after create. */
  provisionMs: 10_000,
  /** STARTING → RUNNING after create, start or restart. */
  startMs: 5_000,
} as const;

/** The user actions valid in a status, in a stable order. */
export function actionsFor(status: PodStatus): PodAction[] {
  const row = TABLE[status];
  return ACTION_ORDER.filter((a) => row[a] !== undefined);
}

/** The next status for an event, or a 409 naming the status and the valid actions. */
export function assertTransition(status: PodStatus, event: PodEvent): PodStatus {
  const next = TABLE[status][event];
  if (next !== undefined) return next;
  const valid = actionsFor(status);
  const verb = event === "fail" ? "fail" : event;
  throw problems.conflict(
    `cannot ${verb} a pod that is ${status}; valid actions: ${valid.length > 0 ? valid.join(", ") : "none"}`,
  );
}

/** Where a status goes on its own, and after how long (null: it stays). */
export function timedTransition(
  status: PodStatus,
): { event: PodEvent; next: PodStatus; afterMs: number } | null {
  if (status === "PROVISIONING")
    return { event: "provisioned", next: "STARTING", afterMs: POD_TIMINGS.provisionMs };
  if (status === "STARTING")
    return { event: "started", next: "RUNNING", afterMs: POD_TIMINGS.startMs };
  return null;
}

/** Compute is charged in every status but these (the seed: `cost` is 0.0 when EXITED or TERMINATED). */
export function isComputeBilled(status: PodStatus): boolean {
  return status !== "EXITED" && status !== "TERMINATED";
}
