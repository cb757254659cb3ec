import { z } from "zod";
import { LogsQuery } from "@/lib/schemas/common";
import { problems } from "../../http/problem";
import { workerLogKey } from "../../logs/log-hub";
import { LogEventStream } from "../../logs/log-routes";
import { streamLogs } from "../../logs/log-stream";
import type { PlatformServices } from "../../platform";
import type { EndpointsService } from "./endpoints.service";

const WorkerLogParams = z.object({ id: z.string().min(1), workerId: z.string().min(1) });

/**
 * `GET /v2/serverless/{id}/workers/{workerId}/logs`: a live worker's lines as server-sent events,
 * then new ones until the worker is removed.
 */
export function registerWorkerLogRoutes(
  services: PlatformServices,
  endpoints: EndpointsService,
): void {
  const isLive = async (accountId: string, id: string, workerId: string) =>
    (await endpoints.workers(accountId, id)).workers.some((w) => w.id === workerId);

  services.routes.add({
    method: "get",
    path: "/v2/serverless/{id}/workers/{workerId}/logs",
    summary:
      "Stream a serverless worker's logs (server-sent events; source, tail, since, Last-Event-ID) until the worker is gone",
    tags: ["Serverless"],
    access: { family: "serverless", need: "read", endpointParam: "id" },
    params: WorkerLogParams,
    query: LogsQuery,
    responses: { 200: LogEventStream },
    contentType: "text/event-stream",
    errors: [400, 404, 422],
    handler: async ({ auth, params, query, c }) => {
      // Unknown or another account's endpoint: 404 from here; then the worker must be live on it.
      if (!(await isLive(auth.account.id, params.id, params.workerId)))
        throw problems.notFound("worker");
      return streamLogs(c, {
        hub: services.logs,
        key: workerLogKey(params.workerId),
        query,
        alive: () => isLive(auth.account.id, params.id, params.workerId),
      });
    },
  });
}
