// Plain values, without zod, for client code that only needs to know when a job is done.

/** A job's statuses (the `JobStatus` schema in ./jobs is built from this list). */
export const JOB_STATUSES = [
  "IN_QUEUE",
  "IN_PROGRESS",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "TIMED_OUT",
] as const;

export const TERMINAL_JOB_STATUSES: readonly (typeof JOB_STATUSES)[number][] = [
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "TIMED_OUT",
];
export const isTerminalJobStatus = (s: string): boolean =>
  (TERMINAL_JOB_STATUSES as readonly string[]).includes(s);
