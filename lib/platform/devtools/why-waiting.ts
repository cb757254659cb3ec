import type { WaitReason, WhyWaiting } from "@/lib/schemas/devtools";
import type { JobStatus } from "@/lib/schemas/jobs";
import type { JobEngine } from "../jobs/engine/engine";
import type { JobsTable } from "../store/schema-jobs";
import { builtinImageFor } from "../workers/builtin-images";

const secs = (ms: number) => `${Math.max(0, Math.ceil(ms / 1000))} s`;

/**
 * Why a queued job has not started, from the same facts the scaler and the dispatcher use: the
 * endpoint's limits, its workers' states, capacity, priority and the queue ahead. Every reason
 * that holds is listed, the most decisive first.
 */
export async function whyWaiting(e: JobEngine, job: JobsTable): Promise<WhyWaiting> {
  const status = job.status as JobStatus;
  if (status !== "IN_QUEUE") return { waiting: false, status, jobsAhead: null, reasons: [] };
  const now = e.clock.now();
  const reasons: WaitReason[] = [];
  const ahead = await e.db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("endpoint_id", "=", job.endpoint_id)
    .where("status", "=", "IN_QUEUE")
    .where("seq", "<", job.seq)
    .executeTakeFirst();
  const jobsAhead = Number(ahead?.n ?? 0);
  const endpoint = await e.endpoints.get(job.endpoint_id);
  if (!endpoint) {
    return { waiting: true, status, jobsAhead, reasons: [] };
  }
  const workers = await e.workers.rows(endpoint.id);
  const busy = await e.repo.busyByWorker(endpoint.id);
  const builtin = Boolean(builtinImageFor(endpoint.image));
  const ready = workers.filter((w) => w.status === "READY");
  const idle = ready.filter((w) => !(busy.get(w.id) ?? 0) && !e.workers.runner(w.id)?.busy);
  const initializing = workers.filter((w) => w.status === "INITIALIZING");
  const throttled = workers.filter((w) => w.status === "THROTTLED");
  const unhealthy = workers.filter((w) => w.status === "UNHEALTHY");

  if (workers.length > 0 && unhealthy.length === workers.length) {
    reasons.push({
      code: "ALL_WORKERS_UNHEALTHY",
      message: `all ${workers.length} worker(s) of the endpoint are unhealthy`,
    });
  }
  if (!builtin && workers.length === 0) {
    reasons.push({
      code: "NO_WORKER_CONNECTED",
      message: `the image ${endpoint.image} runs in your own worker process, and none is connected`,
    });
  }
  if (
    throttled.length > 0 ||
    (builtin && workers.length < endpoint.workers.max && !(await e.scaler.place(endpoint)))
  ) {
    reasons.push({
      code: "OUT_OF_CAPACITY",
      message:
        throttled.length > 0
          ? `${throttled.length} worker(s) wait THROTTLED: no listed GPU pool has capacity in an allowed data center`
          : "no listed GPU pool has capacity in an allowed data center",
    });
  }
  if (initializing.length > 0) {
    const soonest = Math.min(...initializing.map((w) => Number(w.ready_at ?? now)));
    reasons.push({
      code: "COLD_START",
      message: `${initializing.length} worker(s) are cold-starting; the first is ready in ${secs(soonest - now)}`,
    });
  }
  const active = workers.filter((w) => w.status !== "UNHEALTHY").length;
  if (active >= endpoint.workers.max && idle.length === 0 && initializing.length === 0) {
    reasons.push({
      code: "MAX_WORKERS",
      message: `the endpoint runs its maximum of ${endpoint.workers.max} worker(s) and all are busy`,
    });
  }
  if (job.low_priority === 1 && idle.length === 0) {
    reasons.push({
      code: "LOW_PRIORITY",
      message: "a low-priority job never makes the endpoint scale up; it waits for a free worker",
    });
  }
  if (
    builtin &&
    job.low_priority === 0 &&
    endpoint.type === "QUEUE" &&
    endpoint.scaling.type === "QUEUE_DELAY" &&
    active > 0 &&
    active < endpoint.workers.max &&
    idle.length === 0 &&
    throttled.length === 0
  ) {
    const delayMs = endpoint.scaling.queueDelay * 1000;
    const waited = now - Number(job.queued_at);
    if (waited <= delayMs) {
      reasons.push({
        code: "QUEUE_DELAY",
        message: `another worker starts once a job waited ${endpoint.scaling.queueDelay} s (queue delay); ${secs(delayMs - waited)} to go`,
      });
    }
  }
  if (jobsAhead > 0) {
    reasons.push({
      code: "JOBS_AHEAD",
      message: `${jobsAhead} queued job(s) of the endpoint are ahead of this one`,
    });
  }
  if (reasons.length === 0 && idle.length > 0) {
    reasons.push({
      code: "RATE_OF_DISPATCH",
      message: "a worker is free: the job is being handed over now",
    });
  }
  return { waiting: true, status, jobsAhead, reasons };
}
