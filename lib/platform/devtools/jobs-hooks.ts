import type { JobOperation } from "@/lib/schemas/devtools";
import { JobOperation as JobOperationSchema } from "@/lib/schemas/devtools";
import { problem } from "../http/problem";
import type { JobEngine } from "../jobs/engine/engine";
import type { EngineInterceptors, TakenJobFault } from "../jobs/engine/hooks";
import type { EndpointRecord } from "../management/endpoints/endpoint-record";
import type { Devtools } from "./devtools";

/**
 * Hooks the developer tools into one job engine: the job timeline records the engine's events,
 * the fault service intercepts where the engine lets it (see jobs/engine/hooks.ts), and its
 * duration faults end on the engine's scheduler (so advancing the platform clock ends them too).
 * Called as soon as the engine exists, before anything runs on it.
 */
export function installDevtools(devtools: Devtools, e: JobEngine): void {
  const { faults, trace, metrics } = devtools;
  e.hooks.subscribe((ev) => {
    trace.record(ev.endpointId, ev.jobId, ev.type, ev.workerId ?? null, ev.detail ?? null);
    metrics.observe(ev);
  });
  metrics.start({
    activeEndpoints: async () =>
      (await e.db.selectFrom("workers").select("endpoint_id").distinct().execute()).map(
        (r) => r.endpoint_id,
      ),
    sample: async (endpointId) => {
      const [workers, jobs] = await Promise.all([
        e.workers.summary(endpointId),
        e.db
          .selectFrom("jobs")
          .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
          .where("endpoint_id", "=", endpointId)
          .where("status", "in", ["IN_QUEUE", "IN_PROGRESS"])
          .groupBy("status")
          .execute(),
      ]);
      const count = (s: string) => Number(jobs.find((j) => j.status === s)?.n ?? 0);
      return { ...workers, inQueue: count("IN_QUEUE"), inProgress: count("IN_PROGRESS") };
    },
  });
  e.hooks.install(faultInterceptors(devtools));
  e.scheduler.addSource({
    name: "devtools.faults",
    nextDue: () => Promise.resolve(faults.nextDue()),
    fire: (now) => faults.expire(now),
  });
  faults.onDue = (due) => e.scheduler.hint("devtools.faults", due);
  // Capacity came back: every endpoint with THROTTLED workers gets another look.
  faults.onCapacityRestored = () => void e.scheduler.run(() => e.scaler.poll());
}

/** The fault service as the engine's interceptors: active while any fault is. */
function faultInterceptors({ faults, trace }: Devtools): EngineInterceptors {
  const target = (endpoint: EndpointRecord) => ({
    accountId: endpoint.accountId,
    endpointId: endpoint.id,
  });
  return {
    get active() {
      return faults.size > 0;
    },

    /** `coldstart.slow`: the fault's cold start, else the configured one. */
    coldStartMs(endpoint, configured) {
      const hit = faults.take("coldstart.slow", target(endpoint));
      return hit?.coldStartSeconds != null ? Math.round(hit.coldStartSeconds * 1000) : configured;
    },

    /**
     * What a worker does with the job it just took. Built-in and external workers both ask, once
     * per job they take, so a fault's count is used up by whichever serves.
     */
    takenJobFault(endpoint, jobId): TakenJobFault | undefined {
      const t = target(endpoint);
      const fail = faults.take("job.fail", t);
      if (fail) {
        trace.record(endpoint.id, jobId, "fault", null, "job.fail");
        return { kind: "fail", message: fail.message ?? "injected fault" };
      }
      if (faults.take("job.timeout", t)) {
        trace.record(endpoint.id, jobId, "fault", null, "job.timeout");
        return { kind: "timeout" };
      }
      if (faults.take("worker.crash", t)) {
        trace.record(endpoint.id, jobId, "fault", null, "worker.crash");
        return { kind: "crash" };
      }
      return undefined;
    },

    /** `job.rate-limit`: the job operation answers 429 while the fault lasts. */
    beforeJobOperation(endpoint, op) {
      const parsed = JobOperationSchema.safeParse(op);
      if (!parsed.success) return;
      const operation: JobOperation = parsed.data;
      const hit = faults.take(
        "job.rate-limit",
        target(endpoint),
        (f) => f.operation === null || f.operation === operation,
      );
      if (hit) {
        throw problem(429, `injected fault: job.rate-limit on ${operation}`, undefined, {
          "Retry-After": "1",
        });
      }
    },

    /** `webhook.down`: the delivery fails as if the receiver answered 503. */
    webhookDown(d) {
      return (
        faults.take(
          "webhook.down",
          { accountId: d.account_id, endpointId: d.endpoint_id },
          (f) => f.url === null || d.url.includes(f.url),
        ) !== undefined
      );
    },
  };
}
