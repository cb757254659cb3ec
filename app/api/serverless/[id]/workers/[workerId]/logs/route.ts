import { openWorkerLogs } from "@/lib/cloud/logs";
import { logRoute } from "../../../../../_lib/log-route";

export const dynamic = "force-dynamic";

/** A worker's log stream, passed through from `GET /v2/serverless/{id}/workers/{workerId}/logs`. */
export const GET = logRoute<{ id: string; workerId: string }>(
  (cloud, { id, workerId }, logs, signal) => openWorkerLogs(cloud, id, workerId, logs, signal),
);
