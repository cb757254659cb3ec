import { problems } from "../http/problem";
import { MANAGEMENT_FAMILIES, type PlatformServices } from "../platform";
import { Autoscaler } from "./engine/autoscaler";
import { Dispatcher } from "./engine/dispatcher";
import { hostedEndpointRecord, isHostedEndpointId } from "../models/hosted-endpoint";
import { EndpointCache } from "./engine/endpoint-cache";
import type { JobEngine } from "./engine/engine";
import { EngineHooks } from "./engine/hooks";
import { documentJobApi } from "./api/job-api.openapi";
import { handleJobApi } from "./api/job-api.routes";
import { resolveTarget, type JobContext } from "./api/job-http";
import { JobRateLimits } from "./api/job-rate-limits";
import { JobSignals } from "./engine/job-signals";
import { JobsRepository } from "./store/jobs.repository";
import { JobsService } from "./engine/jobs.service";
import { registerJobsControlRoutes } from "./api/jobs-control.routes";
import { LoadBalancer } from "./workers/load-balancer";
import { QueueLimit } from "./api/queue-limit";
import { handleOpenAi } from "./api/openai.routes";
import { Scheduler } from "./engine/scheduler";
import { SqliteJobStatements } from "./store/sqlite-fast-path";
import { WebhookService } from "./engine/webhooks";
import { WorkerPool } from "./workers/worker-pool";
import { WorkerProtocol } from "./workers/worker-protocol.service";
import { handleWorkerProtocol, isWorkerProtocolOp } from "./workers/worker-protocol.routes";

/** Builds the engine of one platform instance (no I/O). */
export function createJobEngine(s: PlatformServices): JobEngine {
  const e = {
    db: s.store.db,
    dialect: s.store.dialect,
    clock: s.clock,
    ids: s.ids,
    log: s.log.child({ module: "jobs" }),
    config: s.config.jobs,
    publicUrl: () => s.config.publicUrl,
    instanceId: s.info.instanceId,
    events: s.events,
    accounts: s.accounts,
    usage: s.usage,
    availability: s.availability,
    secrets: s.secrets,
    logs: s.logs,
    hooks: new EngineHooks(),
  } as JobEngine;
  e.fast = s.store.sqlite ? new SqliteJobStatements(s.store.sqlite) : null;
  e.repo = new JobsRepository(e.db, e.dialect, e.fast, s.store.pgPool);
  e.signals = new JobSignals(e.log);
  e.scheduler = new Scheduler(e.clock, e.log);
  e.endpoints = new EndpointCache(e.db, e.events, (id) => hostedEndpointRecord(id, e.instanceId));
  e.dispatcher = new Dispatcher(
    e.repo,
    e.endpoints,
    e.signals,
    e.clock,
    e.log,
    (_endpointId, rows) => {
      const due = rows.reduce<number | null>(
        (m, r) =>
          r.timeout_at !== null && (m === null || Number(r.timeout_at) < m)
            ? Number(r.timeout_at)
            : m,
        null,
      );
      e.scheduler.hint("jobs.timeout", due);
      // External workers start the job as they take it; built-in ones record it themselves.
      for (const r of rows) {
        if (!r.worker_id || e.workers.runner(r.worker_id)) continue;
        e.hooks.emit({
          endpointId: r.endpoint_id,
          jobId: r.id,
          type: "worker.assigned",
          workerId: r.worker_id,
        });
        e.hooks.emit({
          endpointId: r.endpoint_id,
          jobId: r.id,
          type: "started",
          workerId: r.worker_id,
        });
      }
    },
    (round) => e.scheduler.track(round),
  );
  e.jobs = new JobsService(e);
  e.workers = new WorkerPool(e);
  e.protocol = new WorkerProtocol(e);
  e.scaler = new Autoscaler(e);
  e.webhooks = new WebhookService(e);
  e.limits = new JobRateLimits(e, s.counters);
  e.queueLimit = new QueueLimit(e);
  return e;
}

function addSources(e: JobEngine): void {
  const { scheduler, repo } = e;
  scheduler.addSource({
    name: "jobs.timeout",
    nextDue: () => repo.nextDue("timeout_at"),
    fire: (now) => e.jobs.fireTimeouts(now),
  });
  scheduler.addSource({
    name: "jobs.expiry",
    nextDue: () => repo.nextDue("delete_at"),
    fire: (now) => e.jobs.fireExpiry(now),
  });
  scheduler.addSource({
    name: "workers.loss",
    nextDue: () => e.workers.nextLossDue(),
    fire: (now) => e.workers.fireLoss(now),
    poll: async () => {
      await e.workers.heartbeat();
      e.dispatcher.pollAll();
    },
  });
  scheduler.addSource({
    name: "webhooks",
    nextDue: () => e.webhooks.nextDue(),
    fire: (now) => e.webhooks.fire(now),
    poll: () => e.webhooks.poll(),
  });
  scheduler.addSource({
    name: "scaler",
    nextDue: () => e.scaler.nextDue(),
    fire: (now) => e.scaler.fire(now),
    poll: () => e.scaler.poll(),
  });
}

/**
 * The job engine: job API, worker protocol, load balancer, OpenAI relay (all under
 * `/v2/<endpoint id>/...`, authenticated here), its control routes, the scheduler and workers.
 */
export function registerJobsModule(s: PlatformServices): JobEngine {
  const e = createJobEngine(s);
  const lb = new LoadBalancer(e);
  s.workers = e.workers;
  addSources(e);
  registerJobsControlRoutes(s, e);
  documentJobApi(s.routes);

  const handle = async (c: JobContext, next: () => Promise<void>): Promise<Response | void> => {
    const segs = c.req.path.split("/").slice(2);
    const endpointId = segs.shift();
    // Management families and hosted models registered before this module answer their own paths.
    if (!endpointId || MANAGEMENT_FAMILIES.has(endpointId)) return next();
    let id: string;
    try {
      id = decodeURIComponent(endpointId);
    } catch {
      throw problems.notFound("endpoint");
    }
    // Hosted-model system endpoints are reached only through their model slug.
    if (isHostedEndpointId(id)) throw problems.notFound("endpoint");
    const target = await resolveTarget(c, e, id);
    while (segs.length > 0 && segs[segs.length - 1] === "") segs.pop();
    if (e.hooks.intercept.active) e.hooks.intercept.beforeJobOperation(target.endpoint, segs[0]);
    if (target.endpoint.type === "LOAD_BALANCER") return lb.handle(c, target, segs);
    const res =
      segs[0] === "openai"
        ? await handleOpenAi(c, e, target, segs)
        : isWorkerProtocolOp(segs[0])
          ? await handleWorkerProtocol(c, e, target, segs)
          : await handleJobApi(c, e, target, segs);
    if (!res) throw problems.routeNotFound(c.req.method, c.req.path);
    return res;
  };
  s.app.all("/v2/:endpointId", handle);
  s.app.all("/v2/:endpointId/*", handle);

  s.events.on("endpoint.deleted", async ({ endpointId }) => {
    const rows = await e.repo.cancelAllOf(endpointId, e.clock.now());
    for (const row of rows) {
      if (row.worker_id && row.started_at !== null)
        await e.workers.signalStop(row.worker_id, row.id, "endpoint deleted");
      e.jobs.afterTerminal(row);
    }
    for (const w of await e.workers.rows(endpointId))
      await e.workers.remove(w.id, "endpoint deleted");
  });
  s.events.on("endpoint.created", ({ endpointId }) => e.signals.emit("scale", endpointId));
  s.events.on("endpoint.updated", ({ endpointId }) => e.signals.emit("scale", endpointId));
  s.usage.addAccrualSource((now, accountId) => e.workers.accrue(now, accountId));

  e.scheduler.start();
  if (s.store.pgPool) {
    void e.signals.connect(s.store.pgPool, e.instanceId).catch((err: unknown) => {
      e.log.warn({ err }, "job signals: LISTEN unavailable; waiters poll the store");
    });
  }
  s.onClose(async () => {
    e.dispatcher.close();
    await e.scheduler.stop();
    await e.workers
      .shutdown()
      .catch((err: unknown) => e.log.error({ err }, "worker shutdown failed"));
    await e.signals.close();
  });
  return e;
}
