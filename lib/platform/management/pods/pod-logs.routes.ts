import { IdParam, LogsQuery } from "@/lib/schemas/common";
import { LogStreamCount } from "@/lib/schemas/control";
import { problems } from "../../http/problem";
import { podLogKey } from "../../logs/log-hub";
import { LogEventStream } from "../../logs/log-routes";
import { streamLogs } from "../../logs/log-stream";
import type { PlatformServices } from "../../platform";
import { podsService } from "./pods.module";

/**
 * `GET /v2/pods/{id}/logs`: the pod's lines as server-sent events, then live ones until it is
 * terminated; and `GET /_platform/pods/{id}/logs/streams`, how many of them are open (local only:
 * lets a browser test see that leaving the console's log page ends the platform's stream).
 */
export function registerPodLogRoutes(services: PlatformServices): void {
  const pods = podsService(services);
  services.routes.add({
    method: "get",
    path: "/v2/pods/{id}/logs",
    summary:
      "Stream a pod's logs (server-sent events; source, tail, since, Last-Event-ID) until the pod is terminated",
    tags: ["Pods"],
    access: { family: "pods", need: "read" },
    params: IdParam,
    query: LogsQuery,
    responses: { 200: LogEventStream },
    contentType: "text/event-stream",
    errors: [400, 404, 422],
    handler: async ({ auth, params, query, c }) => {
      // Also applies the pod's due transitions, so their lines are in the backfill.
      const pod = await pods.get(auth.account.id, params.id);
      if (pod.status === "TERMINATED") throw problems.notFound("pod");
      return streamLogs(c, {
        hub: services.logs,
        key: podLogKey(pod.id),
        query,
        alive: async () => (await pods.get(auth.account.id, pod.id)).status !== "TERMINATED",
      });
    },
  });

  services.routes.add({
    method: "get",
    path: "/_platform/pods/{id}/logs/streams",
    summary: "How many log streams of one of the account's pods are open on this instance",
    tags: ["Local platform"],
    access: { control: "account" },
    hidden: true,
    params: IdParam,
    responses: { 200: LogStreamCount },
    errors: [404],
    handler: async ({ auth, params }) => {
      const pod = await pods.get(auth.account.id, params.id);
      return { status: 200, body: { streams: services.logs.streams(podLogKey(pod.id)) } };
    },
  });
}
