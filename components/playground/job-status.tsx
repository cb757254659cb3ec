import { StatusDot, type Tone } from "@/components/ui/badge";
import type { JobStatus } from "@/lib/schemas/jobs";

const JOB: Record<JobStatus, { tone: Tone; pulse?: boolean }> = {
  IN_QUEUE: { tone: "neutral", pulse: true },
  IN_PROGRESS: { tone: "info", pulse: true },
  COMPLETED: { tone: "success" },
  FAILED: { tone: "danger" },
  CANCELLED: { tone: "warning" },
  TIMED_OUT: { tone: "danger" },
};

/** The job's status as dot + word (the API's own vocabulary); "Idle" before the first run. */
export function JobStatusDot({ status }: { status: JobStatus | undefined }) {
  if (!status) return <StatusDot tone="neutral" label="Idle" />;
  return <StatusDot tone={JOB[status].tone} pulse={JOB[status].pulse} label={status} />;
}
