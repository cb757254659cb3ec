import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import type { z } from "zod";
import type { AuthContext } from "../../accounts/accounts.service";
import { allows } from "../../accounts/permissions";
import { extractKey } from "../../http/auth";
import type { PlatformEnv } from "../../http/env";
import { problem, problems } from "../../http/problem";
import { formatIssues, parseJsonText } from "../../http/validation";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import { ResponseClosedSignal, type ClientSignal } from "./client-signal";
import type { JobEngine } from "../engine/engine";
import type { LimitedOperation } from "./job-rate-limits";

export type JobContext = Context<PlatformEnv>;

/** The caller and the endpoint of a job-area request, checked in the contract's order: 401, 404, 403. */
export interface JobTarget {
  auth: AuthContext;
  endpoint: EndpointRecord;
  /** The key as presented (handed to workers in worker-env). */
  key: string;
  /** Permission family checked by `requireAccess`: `serverless` (per endpoint) unless set. */
  family?: "models";
}

/**
 * Job-area requests are authenticated here, not by the core middleware: the job API and the worker
 * protocol accept `Bearer KEY` and the raw key (the service's curl examples and its worker runtime
 * send the raw key). Another account's endpoint is "not found", never "forbidden".
 */
export async function resolveTarget(
  c: JobContext,
  e: JobEngine,
  endpointId: string,
): Promise<JobTarget> {
  const key = extractKey(c.req.header("authorization"), true);
  const auth = await e.accounts.authenticate(key);
  c.set("auth", auth);
  const endpoint = await e.endpoints.get(endpointId);
  if (!endpoint || endpoint.accountId !== auth.account.id) throw problems.notFound("endpoint");
  return { auth, endpoint, key };
}

export function requireAccess(target: JobTarget, need: "read" | "write"): void {
  const allowed = target.family
    ? allows(target.auth.key.permission, target.family, need)
    : allows(target.auth.key.permission, "serverless", need, target.endpoint.id);
  if (!allowed) throw problems.accessDenied();
}

/** Rate limit of the operation for the request's lifetime (released when the answer is ready). */
export async function limited(
  e: JobEngine,
  target: JobTarget,
  op: LimitedOperation,
  run: () => Promise<Response>,
): Promise<Response> {
  const release = await e.limits.acquire(target.endpoint.id, op);
  try {
    return await run();
  } finally {
    release();
  }
}

/** Every successful job-API answer: exactly 200 with `application/json` (platform-notes §8.2). */
export function ok(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** Lenient body: raw text parsed as UTF-8 JSON whatever the content type; empty → undefined. */
export async function readJson(c: JobContext, maxBytes?: number): Promise<unknown> {
  const text = await c.req.text();
  if (maxBytes !== undefined && text.length > maxBytes) {
    throw problem(413, `request body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  return parseJsonText(text);
}

/** Job-area validation failures are 400 (the job API has no 422), with the usual `errors` lines. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const res = schema.safeParse(value ?? {}, { reportInput: true });
  if (!res.success) {
    const errors = formatIssues(res.error);
    throw problems.badRequest(`invalid ${what}: ${errors.join("; ")}`, errors);
  }
  return res.data;
}

/** Integer query parameter (ms); absent → undefined; malformed or out of bounds → 400. */
export function intQuery(
  c: JobContext,
  name: string,
  bounds: { min: number; max: number; clamp?: boolean },
): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return undefined;
  if (!/^-?\d+$/.test(raw))
    throw problems.badRequest(`query parameter ${name} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (bounds.clamp) return Math.min(bounds.max, Math.max(bounds.min, n));
  if (n < bounds.min || n > bounds.max) {
    throw problems.badRequest(
      `query parameter ${name} must be between ${bounds.min} and ${bounds.max}, got ${n}`,
    );
  }
  return n;
}

export function methodNotAllowed(allow: string[]): never {
  throw problems.methodNotAllowed(allow);
}

const WORKER_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export function workerIdParam(raw: string | undefined): string {
  if (!raw || !WORKER_ID.test(raw))
    throw problems.badRequest(
      "worker id must be 1-64 characters of A-Z, a-z, 0-9, '.', '_' or '-'",
    );
  return raw;
}

/** Whether the client of a held request went away (cheap on @hono/node-server; the request's signal elsewhere). */
export function clientSignal(c: JobContext): ClientSignal {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.on === "function") return new ResponseClosedSignal(outgoing);
  return c.req.raw.signal;
}
