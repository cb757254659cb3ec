import { expect } from "vitest";
import { createClock, type Clock } from "@/lib/platform/clock";
import { JobDetail } from "@/lib/schemas/devtools";
import type { Backend } from "./backends";
import { startTestPlatform, type TestPlatform } from "./platform";

/** Job-engine settings for fast tests: instant cold starts, short long-polls. */
export const FAST_JOBS_ENV: Record<string, string> = {
  PLATFORM_COLD_START_MS: "0/0/0",
  PLATFORM_JOB_TAKE_HOLD_MS: "2000",
  PLATFORM_STREAM_HOLD_MS: "2000",
};

export interface JobsPlatform extends TestPlatform {
  clock: Clock;
}

/** A platform on a manual clock (tests move time with `advance`, never sleep). */
export async function startManualPlatform(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<JobsPlatform> {
  const clock = createClock({ mode: "manual", at: Date.UTC(2026, 5, 1, 12, 0, 0) });
  const tp = await startTestPlatform({ backend, clock, env: { ...FAST_JOBS_ENV, ...env } });
  return Object.assign(tp, { clock });
}

export async function startRealPlatform(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<TestPlatform> {
  return startTestPlatform({ backend, env: { ...FAST_JOBS_ENV, ...env } });
}

export interface EndpointOptions {
  image?: string;
  type?: "QUEUE" | "LOAD_BALANCER";
  workers?: { min?: number; max?: number; idleTimeout?: number };
  scaling?:
    { type: "QUEUE_DELAY"; queueDelay: number } | { type: "REQUEST_COUNT"; requestCount: number };
  flashboot?: "OFF" | "FLASHBOOT" | "PRIORITY_FLASHBOOT";
  args?: string;
  timeout?: number;
  gpu?: { pools: string[]; count?: number };
  dataCenterIds?: string[];
  networkVolumes?: string[];
  env?: Record<string, string>;
}

/** Creates an endpoint through the management API (POST /v2/serverless). */
export async function createEndpoint(
  tp: TestPlatform,
  options: EndpointOptions = {},
  key?: string,
): Promise<string> {
  const type = options.type ?? "QUEUE";
  const res = await tp.request("/v2/serverless", {
    method: "POST",
    auth: key,
    json: {
      name: `ep-${Math.random().toString(36).slice(2, 8)}`,
      type,
      image: options.image ?? "runpod/mock-worker:latest",
      gpu: options.gpu ?? { pools: ["ADA_24"] },
      scaling:
        options.scaling ??
        (type === "LOAD_BALANCER"
          ? { type: "REQUEST_COUNT", requestCount: 1 }
          : { type: "QUEUE_DELAY", queueDelay: 1 }),
      workers: options.workers ?? { min: 0, max: 3 },
      ...(options.flashboot ? { flashboot: options.flashboot } : {}),
      ...(options.args !== undefined ? { args: options.args } : {}),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      ...(options.dataCenterIds ? { dataCenterIds: options.dataCenterIds } : {}),
      ...(options.networkVolumes ? { networkVolumes: options.networkVolumes } : {}),
      ...(options.env ? { env: options.env } : {}),
    },
  });
  const body = (await res.json()) as { id?: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id!;
}

/** Moves the manual clock through the control API (fires every timer due on the way and waits for its effects). */
export async function advance(tp: TestPlatform, ms: number): Promise<void> {
  const res = await tp.request("/_platform/clock/advance", { method: "POST", json: { ms } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Same as `advance(tp, 0)`: settle whatever is due now. */
export const settle = (tp: TestPlatform) => advance(tp, 0);

export async function jobApi(
  tp: TestPlatform,
  endpointId: string,
  path: string,
  init: RequestInit & { json?: unknown; auth?: string | null } = {},
) {
  const res = await tp.request(`/v2/${endpointId}${path}`, init);
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return {
    status: res.status,
    body: body as Record<string, unknown> & { [k: string]: unknown },
    headers: res.headers,
  };
}

export async function run(
  tp: TestPlatform,
  endpointId: string,
  input: unknown,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const r = await jobApi(tp, endpointId, "/run", { method: "POST", json: { input, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as string;
}

export async function status(tp: TestPlatform, endpointId: string, jobId: string) {
  return jobApi(tp, endpointId, `/status/${jobId}`);
}

/** Polls (real time) until `check` passes; for work outside the platform's clock (external worker processes). */
/** A job's detail and timeline as the developer tools read it (`GET /_platform/jobs/{id}`). */
export async function jobDetail(tp: TestPlatform, id: string) {
  const res = await tp.request(`/_platform/jobs/${id}`);
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return JobDetail.parse(body);
}

export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      last = err;
      if (Date.now() > until) throw last;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

/** The worker environment of an endpoint, from the control API. */
export async function workerEnvOf(
  tp: TestPlatform,
  endpointId: string,
  workerId?: string,
): Promise<Record<string, string>> {
  const res = await tp.request(
    `/_platform/endpoints/${endpointId}/worker-env${workerId ? `?workerId=${workerId}` : ""}`,
  );
  const body = (await res.json()) as { env: Record<string, string> };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.env;
}

/** Raw worker-protocol request the way the Python runtime sends it (raw key, JSON text as form data). */
export async function workerCall(
  tp: TestPlatform,
  url: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<{ status: number; body: unknown; contentType: string | null }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      Authorization: tp.key,
      ...(init.body !== undefined
        ? { "Content-Type": "application/x-www-form-urlencoded", charset: "utf-8" }
        : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    contentType: res.headers.get("content-type"),
  };
}

/**
 * Moves the manual clock a step at a time until `pending` (a held request: runsync, a
 * non-streaming OpenAI call) settles: the request may reach the queue at any moment, and each
 * step's `advance` fires whatever became due.
 */
export async function advanceUntil<T>(
  tp: TestPlatform,
  pending: Promise<T>,
  stepMs = 1000,
): Promise<T> {
  let settled = false;
  const watched = pending.finally(() => {
    settled = true;
  });
  for (let i = 0; i < 600 && !settled; i++) {
    await advance(tp, stepMs);
    await new Promise((r) => setImmediate(r));
  }
  return watched;
}

/** URLs of one worker, built from its environment exactly as the Python runtime does (platform-notes §8.7). */
export function workerUrls(env: Record<string, string>) {
  const id = env.RUNPOD_POD_ID!;
  const take = env.RUNPOD_WEBHOOK_GET_JOB!.replaceAll("$ID", id);
  const out = env.RUNPOD_WEBHOOK_POST_OUTPUT!.replaceAll("$RUNPOD_POD_ID", id);
  const stream = env.RUNPOD_WEBHOOK_POST_STREAM!.replaceAll("$RUNPOD_POD_ID", id);
  return {
    take: (inProgress = 0) => `${take}&job_in_progress=${inProgress}`,
    batch: (n: number, inProgress = 0) =>
      `${take.replace("/job-take/", "/job-take-batch/")}&batch_size=${n}&job_in_progress=${inProgress}`,
    stop: take.replace("/job-take/", "/job-stop/"),
    done: (jobId: string, isStream = false) =>
      `${out.replaceAll("$ID", jobId)}&isStream=${isStream}`,
    stream: (jobId: string) => `${stream.replaceAll("$ID", jobId)}&isStream=false`,
    ping: (jobIds?: string[]) => {
      const u = new URL(env.RUNPOD_WEBHOOK_PING!.replaceAll("$RUNPOD_POD_ID", id));
      if (jobIds && jobIds.length > 0) u.searchParams.set("job_id", jobIds.join(","));
      u.searchParams.set("runpod_version", "1.12.0");
      return u.toString();
    },
  };
}
