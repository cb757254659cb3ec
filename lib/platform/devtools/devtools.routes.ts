import { z } from "zod";
import { IdParam } from "@/lib/schemas/common";
import {
  CreateFaultInput,
  Fault,
  InboxResponse,
  JobDetail,
  ListDeliveriesResponse,
  ListFaultsResponse,
  ListRequestsQuery,
  ListServedRequestsResponse,
  WhyWaiting,
} from "@/lib/schemas/devtools";
import { problem, problems } from "../http/problem";
import type { JobEngine } from "../jobs/engine/engine";
import { parseJson, toJob } from "../jobs/store/job-mapper";
import type { PlatformServices } from "../platform";
import type { JobsTable } from "../store/schema-jobs";
import { Inbox } from "./inbox";
import { registerStateRoutes } from "./state.routes";
import { whyWaiting } from "./why-waiting";

const TAGS = ["Local platform"];
const ACCOUNT = { control: "account" } as const;
const TokenParam = z.object({ token: z.string().regex(/^[a-f0-9]{8,64}$/, "unknown inbox") });
const Received = z.object({ received: z.literal(true) });
const Redelivered = z.object({ id: z.string() });

/**
 * Developer tools of the local platform under `/_platform/...`: job timelines and why a job
 * waits, fault injection, the webhook inbox and its built-in receiver, the request inspector and
 * the account's state reset/export/import (an `all` key, the caller's own data), and the whole
 * instance's state (`/_platform/instance/state...`, the operator). The clock lives in
 * jobs-control.routes.ts.
 */
export function registerDevtoolsRoutes(s: PlatformServices, e: JobEngine): void {
  const { routes, devtools } = s;
  const inbox = new Inbox(e);

  const ownJob = async (accountId: string, id: string): Promise<JobsTable> => {
    const row = await e.repo.get(id);
    if (!row || row.account_id !== accountId || Number(row.delete_at) <= e.clock.now())
      throw problems.notFound("job");
    return row;
  };

  // ---------------------------------------------------------------- job timeline
  routes.add({
    method: "get",
    path: "/_platform/jobs/{id}",
    summary: "A job with its input, timeline and why it waits",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    params: IdParam,
    responses: { 200: JobDetail },
    errors: [404],
    handler: async ({ auth, params }) => {
      const row = await ownJob(auth.account.id, params.id);
      const events = await devtools.trace.timeline(
        row.id,
        row.endpoint_id,
        Number(row.queued_at),
        row.started_at === null ? null : Number(row.started_at),
      );
      return {
        status: 200,
        body: {
          job: toJob(row),
          endpointId: row.endpoint_id,
          input: parseJson(row.input) ?? null,
          webhook: row.webhook,
          lowPriority: row.low_priority === 1,
          createdAt: new Date(Number(row.created_at)).toISOString(),
          events,
          why: await whyWaiting(e, row),
          now: new Date(e.clock.now()).toISOString(),
        },
      };
    },
  });

  routes.add({
    method: "get",
    path: "/_platform/jobs/{id}/why",
    summary: "Why a queued job has not started",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    params: IdParam,
    responses: { 200: WhyWaiting },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await whyWaiting(e, await ownJob(auth.account.id, params.id)),
    }),
  });

  // ---------------------------------------------------------------- faults
  routes.add({
    method: "get",
    path: "/_platform/faults",
    summary: "Active injected faults of the account",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: ListFaultsResponse },
    handler: ({ auth }) => ({
      status: 200,
      body: { faults: devtools.faults.list(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/_platform/faults",
    summary: "Inject a fault (per endpoint or global, for a count or a duration)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    body: CreateFaultInput,
    responses: { 201: Fault },
    errors: [400, 404, 409, 422],
    handler: async ({ auth, body, c }) => {
      // No capacity in a pool or data center is every account's problem: the operator's call.
      if (body.kind === "capacity.none" && !auth.key.operator) throw problems.operatorRequired();
      if (body.endpointId !== undefined) {
        const endpoint = await e.endpoints.get(body.endpointId);
        if (!endpoint || endpoint.accountId !== auth.account.id)
          throw problems.notFound("endpoint");
      }
      const fault = await devtools.faults.create(auth.account.id, body, async (podId) => {
        const res = await s.app.request(`/_platform/pods/${encodeURIComponent(podId)}/fail`, {
          method: "POST",
          headers: { Authorization: c.req.header("authorization") ?? "" },
        });
        if (res.status !== 200) {
          const p = (await res.json().catch(() => ({}))) as { detail?: string };
          throw problem(res.status, p.detail ?? "the pod could not be put in ERROR");
        }
      });
      return { status: 201, body: fault };
    },
  });

  routes.add({
    method: "delete",
    path: "/_platform/faults/{id}",
    summary: "Remove an injected fault",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    params: IdParam,
    responses: { 204: null },
    errors: [404],
    handler: async ({ auth, params }) => {
      if (!(await devtools.faults.remove(auth.account.id, params.id)))
        throw problems.notFound("fault");
      return { status: 204 };
    },
  });

  routes.add({
    method: "delete",
    path: "/_platform/faults",
    summary: "Remove every injected fault of the account",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 204: null },
    handler: async ({ auth }) => {
      await devtools.faults.clear(auth.account.id);
      return { status: 204 };
    },
  });

  // ---------------------------------------------------------------- webhook inbox
  routes.add({
    method: "get",
    path: "/_platform/inbox",
    summary: "The account's built-in webhook receiver URL and what it received, newest first",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: InboxResponse },
    handler: async ({ auth }) => {
      const token = await inbox.token(auth.account.id);
      return {
        status: 200,
        body: {
          receiverUrl: inbox.receiverUrl(token),
          messages: await inbox.messages(auth.account.id),
        },
      };
    },
  });

  routes.add({
    method: "delete",
    path: "/_platform/inbox",
    summary: "Empty the account's inbox",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 204: null },
    handler: async ({ auth }) => {
      await inbox.clear(auth.account.id);
      return { status: 204 };
    },
  });

  for (const method of ["post", "put"] as const) {
    routes.add({
      method,
      path: "/_platform/inbox/{token}",
      summary: "The built-in webhook receiver (no key: the token in the URL is the secret)",
      tags: TAGS,
      access: { public: true },
      hidden: true,
      params: TokenParam,
      responses: { 200: Received },
      errors: [404, 413],
      handler: async ({ params, c }) => {
        await inbox.receive(params.token, {
          method: c.req.method,
          contentType: c.req.header("content-type") ?? null,
          userAgent: c.req.header("user-agent") ?? null,
          body: await c.req.text(),
        });
        return { status: 200, body: { received: true } };
      },
    });
  }

  routes.add({
    method: "get",
    path: "/_platform/webhook-deliveries",
    summary: "Every webhook delivery of the account with its payload and attempts, newest first",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: ListDeliveriesResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { deliveries: await inbox.deliveries(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/_platform/webhook-deliveries/{id}/redeliver",
    summary: "Deliver a past webhook again (a new delivery with the same URL and payload)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    params: IdParam,
    responses: { 202: Redelivered },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 202,
      body: { id: await inbox.redeliver(auth.account.id, params.id) },
    }),
  });

  // ---------------------------------------------------------------- request inspector
  routes.add({
    method: "get",
    path: "/_platform/requests",
    summary: "The last requests this platform served (never a key or a body), newest first",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    query: ListRequestsQuery,
    responses: { 200: ListServedRequestsResponse },
    handler: ({ auth, query }) => ({
      status: 200,
      body: {
        requests: devtools.requests.list(auth.account.id, query),
        capacity: devtools.requests.capacity,
      },
    }),
  });

  registerStateRoutes(s, e);
}
