import { JobDoneBody, JobStreamBody } from "@/lib/schemas/jobs";
import type { JobEngine } from "../engine/engine";
import {
  intQuery,
  methodNotAllowed,
  noContent,
  ok,
  parseBody,
  readJson,
  requireAccess,
  workerIdParam,
  type JobContext,
  type JobTarget,
  clientSignal,
} from "../api/job-http";
import { toWorkerJob } from "../store/job-mapper";

const PROTOCOL_OPS = new Set([
  "job-take",
  "job-take-batch",
  "job-done",
  "job-stream",
  "ping",
  "job-stop",
]);

export function isWorkerProtocolOp(op: string | undefined): boolean {
  return op !== undefined && PROTOCOL_OPS.has(op);
}

/**
 * The worker side (platform-notes §2, §8.7–8.10), as the official Python runtime speaks it:
 * job-take / job-take-batch long-polls answering 200 JSON or 204, job-done with JSON text in any
 * content type, job-stream chunks, ping heartbeats with the running job ids, the job-stop channel.
 */
export async function handleWorkerProtocol(
  c: JobContext,
  e: JobEngine,
  target: JobTarget,
  segs: string[],
): Promise<Response | null> {
  const [op, rawWorker, jobId, extra] = segs;
  if (extra !== undefined) return null;
  const method = c.req.method;
  const { endpoint } = target;
  requireAccess(target, "write");
  const workerId = workerIdParam(rawWorker);
  switch (op) {
    case "job-take":
    case "job-take-batch": {
      if (jobId !== undefined) return null;
      if (method !== "GET" && method !== "POST") methodNotAllowed(["GET"]);
      const batch =
        op === "job-take-batch"
          ? (intQuery(c, "batch_size", { min: 1, max: 1000, clamp: true }) ?? 1)
          : 1;
      const jobInProgress = c.req.query("job_in_progress") === "1";
      const rows = await e.protocol.take(endpoint, workerId, {
        batch,
        jobInProgress,
        holdMs: e.config.takeHoldMs,
        signal: clientSignal(c),
      });
      if (!rows || rows.length === 0) return noContent();
      const jobs = rows.map((r) => toWorkerJob(r, endpoint.timeout, (v) => e.secrets.open(v)));
      return ok(op === "job-take" ? jobs[0] : jobs);
    }
    case "job-done": {
      if (jobId === undefined) return null;
      if (method !== "POST") methodNotAllowed(["POST"]);
      const body = parseBody(JobDoneBody, await readJson(c), "job-done body");
      const status = await e.protocol.done(
        endpoint,
        workerId,
        jobId,
        body,
        c.req.query("isStream") === "true",
      );
      return ok({ status });
    }
    case "job-stream": {
      if (jobId === undefined) return null;
      if (method !== "POST") methodNotAllowed(["POST"]);
      const body = parseBody(JobStreamBody, await readJson(c), "job-stream body");
      await e.workers.touchExternal(endpoint, workerId, "post");
      const stored = await e.protocol.appendChunk(workerId, jobId, body.output);
      return ok({ status: stored ? "streamed" : "ignored" });
    }
    case "ping": {
      if (jobId !== undefined) return null;
      if (method !== "GET" && method !== "POST") methodNotAllowed(["GET", "POST"]);
      const raw = c.req.query("job_id");
      // The runtime omits job_id when it runs nothing; clients that never report jobs are not reconciled.
      const reports = raw !== undefined || c.req.query("runpod_version") !== undefined;
      const jobIds = reports ? (raw ?? "").split(",").filter((s) => s !== "") : null;
      await e.protocol.ping(endpoint, workerId, jobIds, c.req.query("status") === "unhealthy");
      return ok({ status: "pong" });
    }
    case "job-stop": {
      if (jobId !== undefined) return null;
      if (method !== "GET" && method !== "POST") methodNotAllowed(["GET"]);
      const ids = await e.protocol.stops(endpoint, workerId, e.config.takeHoldMs, clientSignal(c));
      return ids.length > 0 ? ok({ jobsToStop: ids }) : noContent();
    }
    default:
      return null;
  }
}
