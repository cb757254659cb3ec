/**
 * Wire details of the worker protocol, as the service's Python runtime (runpod 1.12) speaks it:
 * URL templates from the environment with literal `$ID` / `$RUNPOD_POD_ID` placeholders, query
 * parameters appended with a bare `&`, the raw key in `Authorization`, JSON text bodies.
 */
export const RUNTIME_VERSION = "hangar-worker/0.1.0";

export interface WorkerEnvironment {
  getJob: string;
  postOutput: string;
  postStream: string;
  ping: string | undefined;
  apiKey: string;
  workerId: string;
  pingIntervalMs: number;
  hostname: string;
}

export class WorkerConfigError extends Error {}

export function readEnvironment(
  env: Record<string, string | undefined>,
  fallbackId: () => string,
): WorkerEnvironment {
  const getJob = env.RUNPOD_WEBHOOK_GET_JOB;
  if (!getJob) {
    throw new WorkerConfigError(
      "RUNPOD_WEBHOOK_GET_JOB is not set. Get a worker environment with `npm run platform -- worker-env <endpoint id>` " +
        "or GET /_platform/endpoints/<endpoint id>/worker-env.",
    );
  }
  const apiKey = env.RUNPOD_AI_API_KEY;
  if (!apiKey) throw new WorkerConfigError("RUNPOD_AI_API_KEY is not set");
  const workerId = env.RUNPOD_POD_ID || fallbackId();
  const interval = Number(env.RUNPOD_PING_INTERVAL ?? "10000");
  return {
    getJob: getJob.replaceAll("$ID", workerId),
    postOutput: (env.RUNPOD_WEBHOOK_POST_OUTPUT ?? "JOB_DONE_URL").replaceAll(
      "$RUNPOD_POD_ID",
      workerId,
    ),
    postStream: (env.RUNPOD_WEBHOOK_POST_STREAM ?? "JOB_STREAM_URL").replaceAll(
      "$RUNPOD_POD_ID",
      workerId,
    ),
    ping: env.RUNPOD_WEBHOOK_PING
      ? env.RUNPOD_WEBHOOK_PING.replaceAll("$RUNPOD_POD_ID", workerId)
      : undefined,
    apiKey,
    workerId,
    pingIntervalMs: Number.isFinite(interval) && interval >= 100 ? interval : 10_000,
    hostname: env.RUNPOD_POD_HOSTNAME ?? "unknown",
  };
}

export const takeUrl = (env: WorkerEnvironment, slots: number, inProgress: boolean): string =>
  slots > 1
    ? `${env.getJob.replace("/job-take/", "/job-take-batch/")}&batch_size=${slots}&job_in_progress=${inProgress ? 1 : 0}`
    : `${env.getJob}&job_in_progress=${inProgress ? 1 : 0}`;

export const stopUrl = (env: WorkerEnvironment): string =>
  env.getJob.replace("/job-take/", "/job-stop/");

export const doneUrl = (env: WorkerEnvironment, jobId: string, isStream: boolean): string =>
  `${env.postOutput.replaceAll("$ID", jobId)}&isStream=${isStream}`;

export const streamUrl = (env: WorkerEnvironment, jobId: string): string =>
  `${env.postStream.replaceAll("$ID", jobId)}&isStream=false`;

export function pingUrl(env: WorkerEnvironment, jobIds: string[]): string | undefined {
  if (!env.ping) return undefined;
  const url = new URL(env.ping);
  if (jobIds.length > 0) url.searchParams.set("job_id", jobIds.join(","));
  url.searchParams.set("runpod_version", RUNTIME_VERSION);
  return url.toString();
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The job-done body of a handler's return value (platform-notes §2.5): `{output}`; a dict with a
 * truthy `error` fails the job; `refresh_worker: true` asks the platform to recycle the worker.
 */
export function resultBody(value: unknown): { body: Dict; refresh: boolean } {
  if (!isDict(value))
    return { body: { output: value === undefined ? null : value }, refresh: false };
  // As the Python runtime: `error` and `refresh_worker` are taken out, an empty rest is no output.
  const { refresh_worker: refreshFlag, error, ...rest } = value;
  const refresh = Boolean(refreshFlag);
  const out: Dict = {};
  if (Object.keys(rest).length > 0) out.output = rest;
  if (error) out.error = error;
  if (refresh) out.stopPod = true;
  return { body: out, refresh };
}

/** A handler exception, encoded as the Python runtime does: a JSON string with type, message and trace. */
export function exceptionBody(err: unknown, env: WorkerEnvironment): Dict {
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    error: JSON.stringify({
      error_type: e.name,
      error_message: e.message,
      error_traceback: e.stack ?? "",
      hostname: env.hostname,
      worker_id: env.workerId,
      runpod_version: RUNTIME_VERSION,
    }),
  };
}
