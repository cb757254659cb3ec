import type { EndpointRecord } from "../../management/endpoints/endpoint-record";

/**
 * Environment of a worker process serving an endpoint (platform-notes §2.2, §8.7). The official
 * runtime substitutes `$ID` / `$RUNPOD_POD_ID` literally and appends query parameters with a bare
 * `&`, so every template but PING already carries a `?`. The system checks are skipped because a
 * local machine may be offline and have no GPU (the runtime would exit at boot otherwise).
 */
export function workerEnv(input: {
  publicUrl: string;
  endpoint: EndpointRecord;
  workerId: string;
  apiKey: string;
  pingIntervalMs: number;
}): Record<string, string> {
  const { endpoint, workerId } = input;
  const base = `${input.publicUrl}/v2/${endpoint.id}`;
  const gpu = encodeURIComponent(endpoint.gpu?.pools[0] ?? "CPU");
  return {
    // The endpoint's own variables first: the platform's win on a clash.
    ...endpoint.env,
    RUNPOD_WEBHOOK_GET_JOB: `${base}/job-take/$ID?gpu=${gpu}`,
    RUNPOD_WEBHOOK_POST_OUTPUT: `${base}/job-done/$RUNPOD_POD_ID/$ID?gpu=${gpu}`,
    RUNPOD_WEBHOOK_POST_STREAM: `${base}/job-stream/$RUNPOD_POD_ID/$ID?gpu=${gpu}`,
    RUNPOD_WEBHOOK_PING: `${base}/ping/$RUNPOD_POD_ID`,
    RUNPOD_AI_API_KEY: input.apiKey,
    RUNPOD_POD_ID: workerId,
    RUNPOD_POD_HOSTNAME: `${workerId}-local`,
    RUNPOD_ENDPOINT_ID: endpoint.id,
    RUNPOD_PING_INTERVAL: String(input.pingIntervalMs),
    RUNPOD_GPU_COUNT: String(endpoint.gpu?.count ?? 0),
    RUNPOD_SKIP_AUTO_SYSTEM_CHECKS: "true",
    RUNPOD_SKIP_GPU_CHECK: "true",
  };
}

/** `export NAME='value'` lines for a POSIX shell. */
export function shellExports(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([k, v]) => `export ${k}='${v.replace(/'/g, `'\\''`)}'`)
    .join("\n");
}
