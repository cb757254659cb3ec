// Plain values, without zod, so the faults page lists them without loading the schemas.

/** Faults the local platform can inject (`POST /_platform/faults`). */
export const FAULT_KINDS = [
  "job.fail",
  "job.timeout",
  "worker.crash",
  "coldstart.slow",
  "capacity.none",
  "pod.error",
  "job.rate-limit",
  "webhook.down",
] as const;

/** Job API operations a `job.rate-limit` fault can answer 429 on (default: all of them). */
export const JOB_OPERATIONS = [
  "run",
  "runsync",
  "status",
  "stream",
  "cancel",
  "retry",
  "purge-queue",
  "health",
  "requests",
] as const;
