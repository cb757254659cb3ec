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

export interface DevtoolsTables {
  job_events: JobEventsTable;
  inbox_messages: InboxMessagesTable;
}
