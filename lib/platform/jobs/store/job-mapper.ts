import type { Job, JobStatus, JobSummary, WorkerJob } from "@/lib/schemas/jobs";
import type { JobsTable } from "../../store/schema-jobs";

/** JSON columns hold what clients sent; a bad value would be our bug, so fail loudly in the log, not the answer. */
export function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every column of a job row, in the order of the table. */
export const JOB_COLUMNS = [
  "id",
  "account_id",
  "endpoint_id",
  "status",
  "sync",
  "input",
  "webhook",
  "s3_config",
  "execution_timeout",
  "ttl",
  "low_priority",
  "seq",
  "created_at",
  "queued_at",
  "started_at",
  "completed_at",
  "worker_id",
  "timeout_at",
  "expires_at",
  "delete_at",
  "result_ttl",
  "output",
  "error",
  "retries",
  "losses",
  "stream_seq",
  "streamed",
  "stream_final_sent",
] as const satisfies readonly (keyof JobsTable)[];

/** The columns a job's answer (`toJob`) and the job API's access check read: what `/status` loads. */
export const STATUS_COLUMNS = [
  "id",
  "endpoint_id",
  "status",
  "queued_at",
  "started_at",
  "completed_at",
  "worker_id",
  "output",
  "error",
  "retries",
  "delete_at",
] as const satisfies readonly (keyof JobsTable)[];

export type JobStatusRow = Pick<JobsTable, (typeof STATUS_COLUMNS)[number]>;

function timing(row: JobStatusRow): { delayTime?: number; executionTime?: number } {
  const out: { delayTime?: number; executionTime?: number } = {};
  if (row.started_at !== null)
    out.delayTime = Math.max(0, Number(row.started_at) - Number(row.queued_at));
  if (row.started_at !== null && row.completed_at !== null) {
    out.executionTime = Math.max(0, Number(row.completed_at) - Number(row.started_at));
  }
  return out;
}

/**
 * The job as every job operation answers it (and as the webhook posts it). `s3Config`, `input`
 * and internal columns never leave through here.
 */
export function toJob(row: JobStatusRow): Job {
  const job: Job = { id: row.id, status: row.status as JobStatus, ...timing(row) };
  if (row.worker_id !== null) job.workerId = row.worker_id;
  const output = parseJson(row.output);
  if (output !== undefined) job.output = output;
  const error = parseJson(row.error);
  if (error !== undefined) job.error = error;
  if (row.retries > 0) job.retries = Number(row.retries);
  return job;
}

export function toJobSummary(row: JobsTable): JobSummary {
  const s: JobSummary = {
    id: row.id,
    status: row.status as JobStatus,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    ...timing(row),
  };
  if (row.worker_id !== null) s.workerId = row.worker_id;
  if (row.retries > 0) s.retries = Number(row.retries);
  const error = parseJson(row.error);
  if (error !== undefined) s.error = error;
  return s;
}

/** What job-take hands a worker: the input, the bucket credentials and the effective policy. */
/** `s3Config` as the worker gets it: `openSecret` unseals the stored value (lib/platform/secrets). */
export function toWorkerJob(
  row: JobsTable,
  endpointTimeout: number,
  openSecret: (stored: string) => string,
): WorkerJob {
  const job: WorkerJob = {
    id: row.id,
    input: parseJson(row.input),
    policy: {
      executionTimeout: Number(row.execution_timeout ?? endpointTimeout),
      ttl: Number(row.ttl),
      lowPriority: row.low_priority === 1,
    },
  };
  if (row.webhook !== null) job.webhook = row.webhook;
  const s3 = row.s3_config === null ? undefined : parseJson(openSecret(row.s3_config));
  if (s3 !== undefined) job.s3Config = s3 as WorkerJob["s3Config"];
  return job;
}
