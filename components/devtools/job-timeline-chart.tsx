"use client";

import { duration } from "@/components/forms/format";
import { cx } from "@/components/ui/cx";
import { jobPhases, type Mark, type Phase, type PhaseKind } from "@/lib/job-phases";
import type { JobEvent, JobEventType } from "@/lib/schemas/devtools";

const LANES: { kind: PhaseKind; label: string; bar: string }[] = [
  { kind: "queue", label: "In queue", bar: "bg-amber-400 dark:bg-amber-500" },
  { kind: "coldstart", label: "Cold start", bar: "bg-sky-500 dark:bg-sky-400" },
  { kind: "running", label: "Running", bar: "bg-violet-600 dark:bg-violet-400" },
];

const OUTCOME: Partial<Record<JobEventType, string>> = {
  completed: "completed",
  failed: "failed",
  timed_out: "timed out",
  cancelled: "was cancelled",
};

/**
 * The job's life drawn on one time axis: when it waited, when a worker cold-started for it, when
 * it ran (on which worker), and the instants between (progress, chunks, webhooks, requeues).
 * A sentence sums it up for screen readers; the event table beside it holds every detail.
 */
export function JobTimelineChart({
  events,
  now,
  label,
}: {
  events: readonly JobEvent[];
  now: number;
  label: (type: JobEventType) => string;
}) {
  const t = jobPhases(events, now);
  const total = Math.max(1, t.end - t.start);
  const pct = (ms: number) => `${((ms - t.start) / total) * 100}%`;
  const width = (p: Phase) => `max(3px, ${((p.to - p.from) / total) * 100}%)`;
  const sum = (kind: PhaseKind) =>
    t.phases.filter((p) => p.kind === kind).reduce((s, p) => s + (p.to - p.from), 0);
  const had = (kind: PhaseKind) => t.phases.some((p) => p.kind === kind);
  const summary = [
    `Waited ${duration(sum("queue"))} in the queue`,
    had("coldstart") ? `workers cold-started for ${duration(sum("coldstart"))}` : null,
    // A handler that fails at once still ran, for 0 ms.
    had("running") ? `ran ${duration(sum("running"))}` : null,
    t.ended ? `then ${OUTCOME[t.ended] ?? label(t.ended)}` : "and is still going",
  ]
    .filter(Boolean)
    .join(", ");

  return (
    <figure className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
      <figcaption className="mb-3 text-sm">{summary}.</figcaption>
      <div aria-hidden="true" className="space-y-2">
        {LANES.filter((l) => l.kind !== "coldstart" || had("coldstart")).map((lane) => (
          <div key={lane.kind} className="flex items-center gap-3">
            <span className="w-24 shrink-0 text-xs text-neutral-600 dark:text-neutral-400">
              {lane.label}
            </span>
            <div
              className="relative h-5 flex-1 rounded bg-neutral-100 dark:bg-neutral-900"
              data-lane={lane.kind}
            >
              {t.phases
                .filter((p) => p.kind === lane.kind)
                .map((p, i) => (
                  <div
                    key={i}
                    className={cx(
                      "absolute inset-y-0 rounded",
                      lane.bar,
                      p.open && "motion-safe:animate-pulse",
                    )}
                    style={{ left: pct(p.from), width: width(p) }}
                    title={`${lane.label}: ${duration(p.to - p.from)}${p.workerId ? ` on ${p.workerId}` : ""}${p.open ? " (still going)" : ""}`}
                  />
                ))}
            </div>
          </div>
        ))}
        {t.marks.length > 0 && (
          <div className="flex items-center gap-3">
            <span className="w-24 shrink-0 text-xs text-neutral-600 dark:text-neutral-400">
              Events
            </span>
            <div className="relative h-5 flex-1">
              {t.marks.map((m: Mark, i) => (
                <span
                  key={i}
                  className={cx(
                    "absolute top-0 h-5 w-0.5 -translate-x-1/2",
                    m.type === "failed" || m.type === "timed_out" || m.type === "fault"
                      ? "bg-red-600 dark:bg-red-400"
                      : "bg-neutral-500",
                  )}
                  style={{ left: pct(m.at) }}
                  title={`${label(m.type)} at +${duration(m.at - t.start)}${m.detail ? `: ${m.detail}` : ""}`}
                />
              ))}
            </div>
          </div>
        )}
        <div className="flex gap-3">
          <span className="w-24 shrink-0" />
          <div className="flex flex-1 justify-between font-mono text-[11px] text-neutral-600 dark:text-neutral-400">
            {[0, 0.25, 0.5, 0.75, 1].map((f) => (
              <span key={f}>+{duration(Math.round(f * total))}</span>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}
