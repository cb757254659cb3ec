import type { LogsQuery } from "@/lib/schemas/common";
import type { Cloud } from "./client";
import { CloudError } from "./errors";

/** What a log stream backfills and filters (`LogsQuery`), and where it resumes. */
export interface LogStreamRequest extends LogsQuery {
  /** A `Last-Event-ID` of this stream (wins over `since` and `tail`). */
  lastEventId?: string;
}

/**
 * Opens a log stream (server-sent events) and resolves with the platform's 2xx answer, its body
 * unread, so a route handler can pass it through unchanged; a CloudError otherwise (404 for a pod
 * or worker that does not exist, 422 for a bad query). Aborting `signal` ends the upstream request.
 */
function openLogStream(
  cloud: Cloud,
  path: string,
  request: LogStreamRequest,
  signal: AbortSignal,
): Promise<Response> {
  if (!cloud.stream) {
    throw new CloudError({
      status: 501,
      title: "Not Implemented",
      detail: "this platform client cannot read streams",
    });
  }
  const { lastEventId, ...query } = request;
  return cloud.stream({
    path,
    query,
    headers: lastEventId ? { "last-event-id": lastEventId } : undefined,
    signal,
  });
}

/** `GET /v2/pods/{id}/logs`. */
export function openPodLogs(
  cloud: Cloud,
  podId: string,
  request: LogStreamRequest,
  signal: AbortSignal,
): Promise<Response> {
  return openLogStream(cloud, `/pods/${encodeURIComponent(podId)}/logs`, request, signal);
}

/** `GET /v2/serverless/{id}/workers/{workerId}/logs`. */
export function openWorkerLogs(
  cloud: Cloud,
  endpointId: string,
  workerId: string,
  request: LogStreamRequest,
  signal: AbortSignal,
): Promise<Response> {
  return openLogStream(
    cloud,
    `/serverless/${encodeURIComponent(endpointId)}/workers/${encodeURIComponent(workerId)}/logs`,
    request,
    signal,
  );
}
