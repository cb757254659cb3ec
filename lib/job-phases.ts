import type { JobEvent, JobEventType } from "@/lib/schemas/devtools";

/**
 * A job's timeline as spans and marks, for drawing it: the time it waited in the queue, the cold
 * starts of workers meant for it, the time it ran, and the instants in between (progress, stream
 * chunks, webhook attempts, faults). Pure: events oldest first, `now` (ms) for what is still open.
 */
export type PhaseKind = "queue" | "coldstart" | "running";

export interface Phase {
  kind: PhaseKind;
  from: number;
  to: number;
  /** Still going at `now`. */
  open: boolean;
  workerId: string | null;
}

export interface Mark {
  at: number;
  type: JobEventType;
  detail: string | null;
}

export interface JobPhases {
  start: number;
  end: number;
  phases: Phase[];
  marks: Mark[];
  /** The terminal event, if the job ended. */
  ended: JobEventType | null;
}

const TERMINAL = new Set<JobEventType>(["completed", "failed", "timed_out", "cancelled"]);
const MARKED = new Set<JobEventType>([
  "worker.assigned",
  "progress",
  "stream.chunk",
  "webhook.attempt",
  "fault",
  "requeued",
  "worker.throttled",
  "worker.removed",
  "expired",
]);

export function jobPhases(events: readonly JobEvent[], now: number): JobPhases {
  const phases: Phase[] = [];
  const marks: Mark[] = [];
  let open: Phase | null = null;
  const cold = new Map<string, Phase>();
  let ended: JobEventType | null = null;
  const close = (at: number) => {
    if (open) {
      open.to = at;
      open.open = false;
      open = null;
    }
  };
  const begin = (kind: PhaseKind, at: number, workerId: string | null) => {
    close(at);
    open = { kind, from: at, to: at, open: true, workerId };
    phases.push(open);
  };
  for (const e of events) {
    const at = Date.parse(e.at);
    if (e.type === "queued" || e.type === "requeued") {
      if (!ended) begin("queue", at, null);
      if (e.type === "requeued") marks.push({ at, type: e.type, detail: e.detail });
    } else if (e.type === "started") {
      begin("running", at, e.workerId);
    } else if (TERMINAL.has(e.type)) {
      close(at);
      ended = e.type;
      marks.push({ at, type: e.type, detail: e.detail });
    } else if (e.type === "coldstart.begun") {
      const p: Phase = { kind: "coldstart", from: at, to: at, open: true, workerId: e.workerId };
      cold.set(e.workerId ?? "", p);
      phases.push(p);
    } else if (e.type === "coldstart.ended") {
      const p = cold.get(e.workerId ?? "");
      if (p) {
        p.to = at;
        p.open = false;
        cold.delete(e.workerId ?? "");
      }
    } else if (MARKED.has(e.type)) {
      marks.push({ at, type: e.type, detail: e.detail });
    }
  }
  const times = events.map((e) => Date.parse(e.at));
  const start = times.length ? Math.min(...times) : now;
  const last = times.length ? Math.max(...times) : now;
  const end = ended ? last : Math.max(last, now);
  for (const p of phases) if (p.open) p.to = end;
  return { start, end, phases, marks, ended };
}
