import { requireSession } from "@/lib/auth/session";
import { listGpuTypes } from "@/lib/cloud/catalog";
import { createCloud, type Cloud } from "@/lib/cloud/client";
import { getEndpoint } from "@/lib/cloud/endpoints";
import { getPlatformEnvironment } from "@/lib/cloud/environment";
import { CloudError } from "@/lib/cloud/errors";
import { whoami } from "@/lib/cloud/platform";
import { assertServer } from "@/lib/cloud/server-only";
import { openConsoleDb } from "@/lib/console-store/db";
import { loadTestStore, type LoadTestStore } from "@/lib/console-store/load-tests";
import { ownerOf } from "@/lib/console-store/owner";
import type { Endpoint } from "@/lib/schemas/endpoints";
import {
  StartLoadTestInput,
  type LoadTestRun,
  type LoadTestSettings,
} from "@/lib/schemas/load-tests";
import { acceleratedStepMs, sendDurationMs } from "./plan";
import { pricePerWorkerSecond } from "./price";
import { acceleratedClock, driveLoadTest, wallClock } from "./runner";

assertServer("lib/loadtest/service");

/**
 * Runs in progress in this console process. Kept on globalThis: Next.js bundles server actions and
 * route handlers apart, and a stop (action) must find the run its start (another action) began.
 */
interface Active {
  owner: string;
  abort: AbortController;
  done: Promise<unknown>;
  accelerated: boolean;
}
const KEY = Symbol.for("hangar.load-tests.active");
const registry = globalThis as typeof globalThis & { [KEY]?: Map<string, Active> };
const active = (registry[KEY] ??= new Map<string, Active>());

export interface LoadTestContext {
  cloud: Cloud;
  owner: string;
  store: LoadTestStore;
}

/** Session → key → owner → the load-test store. Throws the 401 CloudError without a session. */
export async function loadTestContext(): Promise<LoadTestContext> {
  const { apiKey } = await requireSession();
  const cloud = createCloud(apiKey);
  return { cloud, owner: await ownerOf(apiKey, cloud), store: loadTestStore(openConsoleDb()) };
}

const problem = (status: number, detail: string) =>
  new CloudError({
    status,
    title: status === 409 ? "Conflict" : status === 403 ? "Forbidden" : "Bad Request",
    detail,
  });

/** What the form may offer: the accelerated clock needs the local platform and the operator key. */
export async function platformAbilities(cloud: Cloud) {
  const env = await getPlatformEnvironment();
  if (env.kind !== "local") return { local: false, operator: false };
  const me = await whoami(cloud).catch(() => null);
  return { local: true, operator: me?.key.operator === true };
}

/** The endpoint's scaling settings and its price per worker-second, as the run starts. */
export async function settingsOf(cloud: Cloud, endpoint: Endpoint): Promise<LoadTestSettings> {
  const gpus = await listGpuTypes(cloud).catch(() => null);
  const price = gpus ? pricePerWorkerSecond(gpus, endpoint.gpu) : null;
  return {
    workersMin: endpoint.workers.min,
    workersMax: endpoint.workers.max,
    idleTimeout: endpoint.workers.idleTimeout,
    scalerType: endpoint.scaling.type,
    scalerValue:
      endpoint.scaling.type === "QUEUE_DELAY"
        ? endpoint.scaling.queueDelay
        : endpoint.scaling.requestCount,
    pricePerWorkerSecond: price?.perSecond ?? null,
    gpuPool: price?.pool ?? null,
  };
}

/**
 * Checks the request and starts the run in the background of the console process; returns as
 * soon as the run is recorded (the server action must not hold the client's action queue).
 */
export async function startLoadTest(
  ctx: LoadTestContext,
  raw: StartLoadTestInput,
): Promise<LoadTestRun> {
  const input = StartLoadTestInput.parse(raw);
  const abilities = await platformAbilities(ctx.cloud);
  if (!abilities.local && !input.confirmCost)
    throw problem(
      400,
      "This console targets a platform that bills real money: confirm the projected cost to start the load test.",
    );
  if (input.accelerated && !(abilities.local && abilities.operator))
    throw problem(
      403,
      "The accelerated clock exists only on the local platform and moves with the operator credential (the local key).",
    );
  if (input.accelerated && [...active.values()].some((a) => a.accelerated))
    throw problem(
      409,
      "Another load test is driving the platform's clock: stop it or wait for it to end.",
    );
  const endpoint = await getEndpoint(ctx.cloud, input.endpointId);
  if (endpoint.type === "LOAD_BALANCER")
    throw problem(400, "Load tests send jobs to a queue endpoint; this one is a load balancer.");
  const settings = await settingsOf(ctx.cloud, endpoint);
  const clock = input.accelerated
    ? await acceleratedClock(
        ctx.cloud,
        acceleratedStepMs(sendDurationMs(input.requests, input.rate)),
      )
    : wallClock();
  const run = ctx.store.insert({
    owner: ctx.owner,
    endpointId: endpoint.id,
    requests: input.requests,
    rate: input.rate,
    accelerated: input.accelerated,
    body: input.body,
    settings,
  });
  const abort = new AbortController();
  const done = driveLoadTest({
    cloud: ctx.cloud,
    store: ctx.store,
    owner: ctx.owner,
    run,
    clock,
    signal: abort.signal,
  })
    .catch((error: unknown) => console.error("[hangar] load test runner failed", error))
    .finally(() => active.delete(run.id));
  active.set(run.id, { owner: ctx.owner, abort, done, accelerated: input.accelerated });
  return run;
}

/** Stops a run: the runner records "stopped" and cancels the jobs it left queued. */
export async function stopLoadTest(ctx: LoadTestContext, id: string): Promise<LoadTestRun> {
  const run = ctx.store.get(ctx.owner, id);
  if (!run) throw problem(404, `No load test ${id} for this account.`);
  const running = active.get(id);
  if (running && running.owner === ctx.owner) {
    running.abort.abort();
    // The runner writes "stopped" first and then cancels leftovers; wait only for the first.
    for (let i = 0; i < 50 && ctx.store.get(ctx.owner, id)?.status === "running"; i++)
      await new Promise((r) => setTimeout(r, 100));
  } else if (run.status === "running") {
    ctx.store.markStopped(ctx.owner, id, "Stopped by you (no console process was driving it).");
  }
  return ctx.store.get(ctx.owner, id)!;
}
