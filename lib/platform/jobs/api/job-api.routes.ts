import { JobRequest, SYNC_WAIT_MS, isTerminalJobStatus } from "@/lib/schemas/jobs";
import { problems } from "../../http/problem";
import type { JobEngine } from "../engine/engine";
import {
  intQuery,
  limited,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireAccess,
  type JobContext,
  type JobTarget,
  clientSignal,
} from "./job-http";
import { toJob, toJobSummary } from "../store/job-mapper";

const MB = 1024 * 1024;
/** platform-notes §1.4: `/run` 10 MB, `/runsync` 20 MB. */
const PAYLOAD_LIMIT = { run: 10 * MB, runsync: 20 * MB };
const SEVEN_DAYS = 7 * 24 * 3600 * 1000;

const isRead = (m: string) => m === "GET" || m === "POST";

function waitParam(c: JobContext): number {
  return (
    intQuery(c, "wait", { min: SYNC_WAIT_MS.min, max: SYNC_WAIT_MS.max, clamp: true }) ??
    SYNC_WAIT_MS.default
  );
}

/**
 * The queue-endpoint job API (`/v2/<endpoint id>/<operation>`, platform-notes §1): run, runsync,
 * status, status-sync, stream, cancel, retry, purge-queue, health, requests. `segs` is the path after
 * the endpoint id. Returns null when no operation matches (the caller answers 404).
 */
export async function handleJobApi(
  c: JobContext,
  e: JobEngine,
  target: JobTarget,
  segs: string[],
): Promise<Response | null> {
  const method = c.req.method;
  const { endpoint } = target;
  const [op, jobId, extra] = segs;
  if (extra !== undefined) return null;
  switch (op) {
    case "run":
    case "runsync": {
      if (jobId !== undefined) return null;
      if (method !== "POST") methodNotAllowed(["POST"]);
      requireAccess(target, "write");
      const sync = op === "runsync";
      return limited(e, target, sync ? "runsync" : "run", async () => {
        const wait = sync ? waitParam(c) : 0;
        const body = parseBody(JobRequest, await readJson(c, PAYLOAD_LIMIT[op]), "job request");
        const row = await e.queueLimit.admit(endpoint, () => e.jobs.submit(endpoint, body, sync));
        if (!sync) return ok({ id: row.id, status: "IN_QUEUE" });
        const done = await e.jobs.waitFor(
          endpoint,
          row.id,
          wait,
          clientSignal(c),
          (r) => isTerminalJobStatus(r.status),
          row,
        );
        if (!done) throw problems.notFound("job");
        return ok(toJob(done));
      });
    }
    case "status":
    case "status-sync": {
      if (jobId === undefined) return null;
      if (!isRead(method)) methodNotAllowed(["GET", "POST"]);
      requireAccess(target, "read");
      return limited(e, target, "status", async () => {
        if (op === "status") {
          const ttl = intQuery(c, "ttl", { min: 1, max: SEVEN_DAYS });
          return ok(toJob(await e.jobs.status(endpoint, jobId, ttl)));
        }
        const wait = waitParam(c);
        const row = await e.jobs.get(endpoint, jobId);
        if (isTerminalJobStatus(row.status)) return ok(toJob(row));
        const done = await e.jobs.waitFor(endpoint, jobId, wait, clientSignal(c), (r) =>
          isTerminalJobStatus(r.status),
        );
        if (!done) throw problems.notFound("job");
        return ok(toJob(done));
      });
    }
    case "stream": {
      if (jobId === undefined) return null;
      if (!isRead(method)) methodNotAllowed(["GET", "POST"]);
      requireAccess(target, "read");
      return limited(e, target, "stream", async () => {
        const hold =
          intQuery(c, "wait", { min: 0, max: e.config.streamHoldMs, clamp: true }) ??
          e.config.streamHoldMs;
        const { row, chunks } = await e.jobs.stream(endpoint, jobId, hold, clientSignal(c));
        return ok({ ...toJob(row), stream: chunks.map((output) => ({ output })) });
      });
    }
    case "cancel": {
      if (jobId === undefined) return null;
      if (method !== "POST") methodNotAllowed(["POST"]);
      requireAccess(target, "write");
      return limited(e, target, "cancel", async () =>
        ok(toJob(await e.jobs.cancel(endpoint, jobId))),
      );
    }
    case "retry": {
      if (jobId === undefined) return null;
      if (method !== "POST") methodNotAllowed(["POST"]);
      requireAccess(target, "write");
      const row = await e.jobs.retry(endpoint, jobId);
      return ok({ id: row.id, status: "IN_QUEUE" });
    }
    case "purge-queue": {
      if (jobId !== undefined) return null;
      if (method !== "POST") methodNotAllowed(["POST"]);
      requireAccess(target, "write");
      return limited(e, target, "purge", async () =>
        ok({ removed: await e.jobs.purge(endpoint), status: "completed" }),
      );
    }
    case "health": {
      if (jobId !== undefined) return null;
      if (method !== "GET") methodNotAllowed(["GET"]);
      requireAccess(target, "read");
      return ok(await e.jobs.health(endpoint));
    }
    case "requests": {
      if (jobId !== undefined) return null;
      if (method !== "GET") methodNotAllowed(["GET"]);
      requireAccess(target, "read");
      return limited(e, target, "requests", async () => {
        const limit = intQuery(c, "limit", { min: 1, max: 200 }) ?? 50;
        const status = c.req.query("status");
        if (
          status !== undefined &&
          !["IN_QUEUE", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"].includes(
            status,
          )
        ) {
          throw problems.badRequest(`query parameter status must be a job status, got "${status}"`);
        }
        const rows = await e.repo.recent(endpoint.id, limit, status);
        const now = e.clock.now();
        return ok({
          requests: rows.filter((r) => Number(r.delete_at) > now).map(toJobSummary),
          limit,
        });
      });
    }
    default:
      return null;
  }
}
