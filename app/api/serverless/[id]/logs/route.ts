import { mergeWorkerLogs } from "@/lib/cloud/endpoint-logs";
import { logRoute } from "../../../_lib/log-route";

export const dynamic = "force-dynamic";

/**
 * Every worker of the endpoint in one stream: the console's server opens one platform stream per
 * worker (and one more for each worker that starts later) and merges them, each event naming its
 * worker. `Last-Event-ID` is the per-worker cursor `<worker>=<event id>;…`.
 */
export const GET = logRoute<{ id: string }>((cloud, { id }, logs, signal) =>
  mergeWorkerLogs(cloud, id, logs, signal),
);
