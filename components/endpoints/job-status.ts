import type { Tone } from "@/components/ui/badge";
import type { JobStatus } from "@/lib/schemas/jobs";

/** How a job status looks in lists and on the job page. */
export const JOB: Record<JobStatus, { tone: Tone; pulse?: boolean }> = {
  IN_QUEUE: { tone: "neutral", pulse: true },
  IN_PROGRESS: { tone: "info", pulse: true },
  COMPLETED: { tone: "success" },
  FAILED: { tone: "danger" },
  CANCELLED: { tone: "warning" },
  TIMED_OUT: { tone: "danger" },
};
