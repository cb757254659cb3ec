import { describe, expect, it } from "vitest";
import { LogLine, WorkerLogLine } from "./common";
import { logLineOf, workerLogLineOf } from "./log-lines";

const samples: unknown[] = [
  { ts: "2026-06-01T12:00:01Z", source: "container", line: "hi" },
  { ts: "2026-06-01T12:00:01.123456Z", source: "system", line: "" },
  { ts: "2026-06-01T12:00:01+02:00", source: "system", line: "x", extra: 1 },
  { ts: "2026-06-01T12:00:01-23:59", source: "container", line: "x", worker: "w1" },
  { ts: "2026-06-01T12:00:01Z", source: "container", line: "x", worker: "" },
  { ts: "2026-06-01T12:00:01Z", source: "container", line: "x", worker: 3 },
  { ts: "2026-06-01T12:00Z", source: "container", line: "no seconds" },
  { ts: "2026-06-01T12:00:01", source: "container", line: "no offset" },
  { ts: "2026-06-01T24:00:01Z", source: "container", line: "hour 24" },
  { ts: "2026-02-29T12:00:01Z", source: "container", line: "not a leap year" },
  { ts: "2024-02-29T12:00:01Z", source: "container", line: "a leap year" },
  { ts: "2026-06-01T12:00:01+0200", source: "container", line: "offset without colon" },
  { ts: "2026-06-01 12:00:01Z", source: "container", line: "space" },
  { ts: "2026-06-01T12:00:01Z", source: "stderr", line: "x" },
  { ts: "2026-06-01T12:00:01Z", source: "container" },
  { ts: 1, source: "container", line: "x" },
  { source: "container", line: "x" },
  null,
  "line",
  [],
];

describe("log lines checked without zod", () => {
  it("takes and refuses exactly what the LogLine and WorkerLogLine schemas do, keeping their fields", () => {
    for (const sample of samples) {
      const single = LogLine.safeParse(sample);
      expect(logLineOf(sample), JSON.stringify(sample)).toEqual(
        single.success ? single.data : null,
      );
      const merged = WorkerLogLine.safeParse(sample);
      expect(workerLogLineOf(sample), JSON.stringify(sample)).toEqual(
        merged.success ? merged.data : null,
      );
    }
  });
});
