import type { JobEvent } from "@/lib/schemas/devtools";
import type { RunTimings } from "./run-view";

const ms = (iso: string) => Date.parse(iso);

/**
 * Splits a job's `delayTime` using its timeline: the cold start is the part of the wait during
 * which the worker that took the job was starting (from `coldstart.begun`, or the queueing when it
 * began earlier, to `coldstart.ended`, capped at the start); the rest is queue wait. A job taken
 * by a warm worker has no cold start. Null until the job has started.
 */
export function splitDelay(
  events: readonly JobEvent[],
  delayTime: number | undefined,
): RunTimings["split"] {
  const queued = events.find((e) => e.type === "queued");
  const started = events.find((e) => e.type === "started");
  if (!queued || !started) return null;
  const queuedAt = ms(queued.at);
  const startedAt = ms(started.at);
  const total = delayTime ?? Math.max(0, startedAt - queuedAt);
  const workerId =
    events.findLast((e) => e.type === "worker.assigned")?.workerId ?? started.workerId;
  if (!workerId) return { queueWait: total, coldStart: 0, workerId: null };
  const mine = (type: JobEvent["type"]) =>
    events.filter((e) => e.type === type && e.workerId === workerId && ms(e.at) <= startedAt);
  const ended = mine("coldstart.ended").at(-1);
  if (!ended) return { queueWait: total, coldStart: 0, workerId };
  const endedAt = ms(ended.at);
  const begun = mine("coldstart.begun")
    .filter((e) => ms(e.at) <= endedAt)
    .at(-1);
  const from = Math.max(queuedAt, begun ? ms(begun.at) : queuedAt);
  const coldStart = Math.min(total, Math.max(0, Math.min(endedAt, startedAt) - from));
  return { queueWait: total - coldStart, coldStart, workerId };
}
