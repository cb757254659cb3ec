/** Tables of the developer tools (migrations-devtools.ts). Times are platform-clock ms. */
export interface JobEventsTable {
  /** Null for a worker event of the endpoint (cold starts, removals). */
  job_id: string | null;
  endpoint_id: string;
  worker_id: string | null;
  at: number;
  /** Order of events recorded at the same instant. */
  seq: number;
  type: string;
  detail: string | null;
}

export interface InboxMessagesTable {
  id: string;
  account_id: string;
  at: number;
  method: string;
  content_type: string | null;
  user_agent: string | null;
  body: string;
}

/**
 * One endpoint's rollup of a slot (`res` ms wide, starting at `slot`): `kind` o (outcomes, `bin` =
 * outcome index), d / e (delay / execution histogram bins), c (cold starts, bin 0).
 */
export interface EndpointMetricsTable {
  endpoint_id: string;
  res: number;
  slot: number;
  kind: string;
  bin: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** Sums of the worker/queue samples taken in a slot (`n` samples): means are sum / n. */
export interface EndpointSamplesTable {
  endpoint_id: string;
  res: number;
  slot: number;
  n: number;
  running: number;
  idle: number;
  initializing: number;
  throttled: number;
  unhealthy: number;
  in_queue: number;
  in_progress: number;
}

export interface DevtoolsTables {
  job_events: JobEventsTable;
  inbox_messages: InboxMessagesTable;
  endpoint_metrics: EndpointMetricsTable;
  endpoint_samples: EndpointSamplesTable;
}
