import { IdParam } from "@/lib/schemas/common";
import {
  AdvanceClockInput,
  ClockState,
  ListWebhooksQuery,
  ListWebhooksResponse,
  SetClockInput,
  WorkerEnv,
  WorkerEnvQuery,
} from "@/lib/schemas/jobs";
import { extractKey } from "../../http/auth";
import { problems } from "../../http/problem";
import type { PlatformServices } from "../../platform";
import type { JobEngine } from "../engine/engine";
import { workerEnv } from "../workers/worker-env";

const TAGS = ["Local platform"];

/**
 * `/_platform/clock` (the platform clock the scheduler reads: manual for tests, real otherwise;
 * one clock for every account, so the operator's), `/_platform/webhooks` (every webhook attempt of
 * the account: an `all` key) and `/_platform/endpoints/{id}/worker-env` (the environment a user's
 * worker process needs: write access to that endpoint, as the worker's key needs it too).
 */
export function registerJobsControlRoutes({ routes, clock }: PlatformServices, e: JobEngine): void {
  const state = () => ({
    mode: clock.mode,
    now: clock.now(),
    iso: new Date(clock.now()).toISOString(),
  });

  routes.add({
    method: "get",
    path: "/_platform/clock",
    summary: "The platform clock",
    tags: TAGS,
    access: { control: "operator" },
    hidden: true,
    responses: { 200: ClockState },
    handler: () => ({ status: 200, body: state() }),
  });

  routes.add({
    method: "post",
    path: "/_platform/clock",
    summary: "Switch the platform clock between real and manual time",
    tags: TAGS,
    access: { control: "operator" },
    hidden: true,
    body: SetClockInput,
    responses: { 200: ClockState },
    errors: [422],
    handler: async ({ body }) => {
      if (body.mode === "manual") clock.setManual(body.at);
      else clock.setReal();
      await e.scheduler.settle();
      return { status: 200, body: state() };
    },
  });

  routes.add({
    method: "post",
    path: "/_platform/clock/advance",
    summary: "Move a manual clock forward, firing every timer due on the way",
    tags: TAGS,
    access: { control: "operator" },
    hidden: true,
    body: AdvanceClockInput,
    responses: { 200: ClockState },
    errors: [409, 422],
    handler: async ({ body }) => {
      if (clock.mode !== "manual") {
        throw problems.conflict(
          'the clock is real; switch it with POST /_platform/clock {"mode":"manual"} first',
        );
      }
      await e.scheduler.advanceTo(clock.now() + body.ms);
      return { status: 200, body: state() };
    },
  });

  routes.add({
    method: "get",
    path: "/_platform/webhooks",
    summary: "Job completion webhook deliveries of the account, newest first, with every attempt",
    tags: TAGS,
    access: { control: "account" },
    hidden: true,
    query: ListWebhooksQuery,
    responses: { 200: ListWebhooksResponse },
    handler: async ({ auth, query }) => ({
      status: 200,
      body: { webhooks: await e.webhooks.list(auth.account.id, query) },
    }),
  });

  routes.add({
    method: "get",
    path: "/_platform/endpoints/{id}/worker-env",
    summary:
      "Environment for a worker process serving the endpoint (URL templates, key, worker id)",
    tags: TAGS,
    access: { family: "serverless", need: "write", endpointParam: "id" },
    hidden: true,
    params: IdParam,
    query: WorkerEnvQuery,
    responses: { 200: WorkerEnv },
    errors: [404],
    handler: async ({ auth, params, query, c }) => {
      const endpoint = await e.endpoints.get(params.id);
      if (!endpoint || endpoint.accountId !== auth.account.id) throw problems.notFound("endpoint");
      const workerId = query.workerId ?? e.ids.next("worker");
      const apiKey = extractKey(c.req.header("authorization"), false);
      const env = workerEnv({
        publicUrl: e.publicUrl(),
        endpoint,
        workerId,
        apiKey,
        pingIntervalMs: e.config.pingIntervalMs,
      });
      return { status: 200, body: { endpointId: endpoint.id, workerId, env } };
    },
  });
}
