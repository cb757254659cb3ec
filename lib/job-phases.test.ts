import { describe, expect, it } from "vitest";
import type { JobEvent } from "@/lib/schemas/devtools";
import { jobPhases } from "./job-phases";

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const ev = (
  ms: number,
  type: JobEvent["type"],
  workerId: string | null = null,
  detail: string | null = null,
): JobEvent => ({
  at: new Date(T0 + ms).toISOString(),
  type,
  workerId,
  detail,
});

describe("a job's timeline as spans and marks", () => {
  it("a job that waited for a cold start, ran and completed: queue, cold start and running spans, the end marked", () => {
    const t = jobPhases(
      [
        ev(0, "queued"),
        ev(10, "coldstart.begun", "w1"),
        ev(3010, "coldstart.ended", "w1"),
        ev(3020, "worker.assigned", "w1"),
        ev(3020, "started", "w1"),
        ev(4000, "progress", "w1", "50%"),
        ev(5020, "completed", "w1"),
      ],
      T0 + 99_000,
    );
    expect(t.start).toBe(T0);
    expect(t.end).toBe(T0 + 5020);
    expect(t.ended).toBe("completed");
    expect(t.phases.map((p) => [p.kind, p.from - T0, p.to - T0, p.open])).toEqual([
      ["queue", 0, 3020, false],
      ["coldstart", 10, 3010, false],
      ["running", 3020, 5020, false],
    ]);
    expect(t.marks.map((m) => m.type)).toEqual(["worker.assigned", "progress", "completed"]);
  });

  it("a job requeued after its worker was lost waits again, then runs on another worker", () => {
    const t = jobPhases(
      [
        ev(0, "queued"),
        ev(5, "started", "w1"),
        ev(1000, "requeued", null, "worker lost"),
        ev(1200, "started", "w2"),
        ev(2200, "failed", "w2", "boom"),
      ],
      T0 + 10_000,
    );
    expect(t.phases.map((p) => [p.kind, p.from - T0, p.to - T0, p.workerId])).toEqual([
      ["queue", 0, 5, null],
      ["running", 5, 1000, "w1"],
      ["queue", 1000, 1200, null],
      ["running", 1200, 2200, "w2"],
    ]);
    expect(t.marks.map((m) => [m.type, m.detail])).toEqual([
      ["requeued", "worker lost"],
      ["failed", "boom"],
    ]);
  });

  it("a job still queued stays open until now", () => {
    const t = jobPhases([ev(0, "queued")], T0 + 7_000);
    expect(t.end).toBe(T0 + 7_000);
    expect(t.ended).toBeNull();
    expect(t.phases).toEqual([
      { kind: "queue", from: T0, to: T0 + 7_000, open: true, workerId: null },
    ]);
  });

  it("a job cancelled while queued ends its wait at the cancellation", () => {
    const t = jobPhases([ev(0, "queued"), ev(2_500, "cancelled")], T0 + 60_000);
    expect(t.end).toBe(T0 + 2_500);
    expect(t.phases.map((p) => [p.kind, p.to - T0, p.open])).toEqual([["queue", 2_500, false]]);
  });
});
