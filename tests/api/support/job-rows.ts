import type { JobsTable } from "@/lib/platform/store/schema-jobs";

/** A queued job's row as the store holds it, for tests that write or import rows directly. */
export function queuedJobRow(
  ids: { id: string; endpointId: string; accountId: string },
  at: number,
  over: Partial<JobsTable> = {},
): JobsTable {
  return {
    id: ids.id,
    account_id: ids.accountId,
    endpoint_id: ids.endpointId,
    status: "IN_QUEUE",
    sync: 0,
    input: "{}",
    webhook: null,
    s3_config: null,
    execution_timeout: null,
    ttl: 86_400_000,
    low_priority: 0,
    seq: at * 1000,
    created_at: at,
    queued_at: at,
    started_at: null,
    completed_at: null,
    worker_id: null,
    timeout_at: null,
    expires_at: at + 86_400_000,
    delete_at: at + 86_400_000,
    result_ttl: null,
    output: null,
    error: null,
    retries: 0,
    losses: 0,
    stream_seq: 0,
    streamed: 0,
    stream_final_sent: 0,
    ...over,
  };
}
