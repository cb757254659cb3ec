/**
 * Row types of the job engine's tables (migrations 030–039): jobs, stream chunks, workers, stop
 * signals, webhook deliveries and leases. Same conventions as ./schema.ts. Every due time the
 * scheduler fires is a column here, so timers survive a restart and any instance can fire them.
 */
export interface JobsTable {
  id: string;
  account_id: string;
  endpoint_id: string;
  /** JobStatus. */
  status: string;
  /** 1 for `/runsync` jobs (shorter retention). */
  sync: number;
  /** JSON. */
  input: string;
  webhook: string | null;
  /** JSON S3Config; handed to the worker, never answered. */
  s3_config: string | null;
  /** policy.executionTimeout (ms); null: the endpoint's `timeout`. */
  execution_timeout: number | null;
  /** policy.ttl (ms). */
  ttl: number;
  low_priority: number;
  /** Queue order (FIFO): queued_at × 1000 + a per-instance counter. */
  seq: number;
  created_at: number;
  /** When the job last entered the queue (create, retry, recovery). */
  queued_at: number;
  started_at: number | null;
  completed_at: number | null;
  worker_id: string | null;
  /** While IN_PROGRESS: started_at + execution timeout. */
  timeout_at: number | null;
  /** Hard deletion by ttl: queued_at + ttl. */
  expires_at: number;
  /** When the row is deleted: min(expires_at, completion + retention). Indexed; fired by the scheduler. */
  delete_at: number;
  /** `/status?ttl=` asked for a shorter retention (ms). */
  result_ttl: number | null;
  /** JSON output (COMPLETED) or the latest progress update (IN_PROGRESS). */
  output: string | null;
  /** JSON error value (FAILED, TIMED_OUT). */
  error: string | null;
  retries: number;
  /** Times a worker lost the job (dead heartbeat, dropped result); bounded. */
  losses: number;
  /** Chunks posted so far (job_chunks.seq runs 1..stream_seq); `/stream` deletes the ones it delivers. */
  stream_seq: number;
  /** 1 once the job streamed (a chunk, or a final `isStream=true` post). */
  streamed: number;
  /** 1 once `/stream` delivered the final output of a job that never streamed. */
  stream_final_sent: number;
}

export interface JobChunksTable {
  job_id: string;
  seq: number;
  /** JSON. */
  output: string;
}

export interface WorkersTable {
  id: string;
  endpoint_id: string;
  account_id: string;
  /** `builtin` (run in-process by `owner_instance`) or `external` (a process the user runs). */
  kind: string;
  image: string;
  /** INITIALIZING, THROTTLED, READY or UNHEALTHY; READY answers as IDLE or RUNNING by its jobs. */
  status: string;
  pool: string | null;
  gpu_type_id: string | null;
  data_center_id: string | null;
  gpu_count: number;
  /** Endpoint release version the worker runs. */
  version: number;
  owner_instance: string | null;
  created_at: number;
  /** Cold start end (builtin). */
  ready_at: number | null;
  /** Since when the worker holds no job (null while busy or booting). */
  idle_since: number | null;
  /** Last contact (platform clock): job-take, ping, job-done. */
  last_seen_at: number;
  /**
   * Last job-take, job-stop or result post (platform clock) of a worker that uses the job-stop
   * channel; null for workers that never did. Such a worker that only pings is lost.
   */
  polled_at: number | null;
  /** Worker seconds are charged up to here (platform clock). */
  billed_until: number;
}

export interface WorkerSignalsTable {
  worker_id: string;
  job_id: string;
  reason: string;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  job_id: string;
  account_id: string;
  endpoint_id: string;
  url: string;
  /** JSON body (the job as `/status` answered it at completion). */
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  /** An instance is delivering until here (wall ms); others skip it. */
  lease_until: number | null;
  created_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Named leases between instances (wall-clock ms): the scaler leader, instance liveness. */
export interface LeasesTable {
  name: string;
  owner: string;
  until: number;
}

export interface JobTables {
  jobs: JobsTable;
  job_chunks: JobChunksTable;
  workers: WorkersTable;
  worker_signals: WorkerSignalsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  leases: LeasesTable;
}
