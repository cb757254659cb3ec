import { describe, expect, it } from "vitest";
import type { JobEvent } from "@/lib/schemas/devtools";
import { splitDelay } from "./timing-split";

const T0 = Date.parse("2026-01-01T00:00:00.000Z");
const event = (
  offsetMs: number,
  type: JobEvent["type"],
  workerId: string | null = null,
): JobEvent => ({ at: new Date(T0 + offsetMs).toISOString(), type, workerId, detail: null });

describe("splitDelay", () => {
  it("counts the taking worker's cold start inside the wait and the rest as queue wait", () => {
    const events = [
      event(0, "queued"),
      event(500, "coldstart.begun", "w1"),
      event(700, "coldstart.begun", "w2"),
      event(2_500, "coldstart.ended", "w1"),
      event(2_600, "worker.assigned", "w1"),
      event(2_600, "started", "w1"),
    ];
    expect(splitDelay(events, 2_600)).toEqual({ queueWait: 600, coldStart: 2_000, workerId: "w1" });
  });

  it("counts a cold start begun before the job was queued only from the queueing", () => {
    const events = [
      event(0, "queued"),
      event(1_000, "coldstart.ended", "w1"),
      event(1_000, "worker.assigned", "w1"),
      event(1_000, "started", "w1"),
    ];
    expect(splitDelay(events, 1_000)).toEqual({ queueWait: 0, coldStart: 1_000, workerId: "w1" });
  });

  it("gives a job taken by a warm worker no cold start", () => {
    const events = [
      event(0, "queued"),
      event(100, "coldstart.ended", "other"),
      event(300, "worker.assigned", "w1"),
      event(300, "started", "w1"),
    ];
    expect(splitDelay(events, 300)).toEqual({ queueWait: 300, coldStart: 0, workerId: "w1" });
  });

  it("has no split before the job started", () => {
    expect(splitDelay([event(0, "queued"), event(10, "coldstart.begun", "w1")], undefined)).toBe(
      null,
    );
  });
});
