import { openPodLogs } from "@/lib/cloud/logs";
import { logRoute } from "../../../_lib/log-route";

export const dynamic = "force-dynamic";

/** The pod's log stream, passed through from `GET /v2/pods/{id}/logs`. */
export const GET = logRoute<{ id: string }>((cloud, { id }, logs, signal) =>
  openPodLogs(cloud, id, logs, signal),
);
