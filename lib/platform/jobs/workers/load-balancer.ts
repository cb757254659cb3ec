import { problem, problems } from "../../http/problem";
import type { WorkersTable } from "../../store/schema-jobs";
import { builtinImageFor } from "../../workers/builtin-images";
import type { ClientSignal } from "../api/client-signal";
import type { JobEngine } from "../engine/engine";
import { requireAccess, type JobContext, type JobTarget, clientSignal } from "../api/job-http";

/** platform-notes §1.12: a request waits up to 2 minutes for a worker. */
const WORKER_WAIT_MS = 120_000;
const POLL_MS = 100;
/**
 * Methods forwarded to the worker's app. Others (TRACE, CONNECT, WebDAV verbs…) answer 405: the
 * fetch Request that carries the call to the worker cannot hold TRACE or CONNECT at all.
 */
const FORWARDED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * LOAD_BALANCER endpoints: `{base}` (= `/v2/<id>` on the local platform) forwards any method and
 * path to a healthy (READY) worker, least busy first; the answer carries `X-Runpod-Worker-Id`.
 * Waiting and in-flight requests are the scaler's REQUEST_COUNT demand. The health path answers 204
 * while no worker is ready. Built-in images serve in-process; the local platform cannot reach a
 * user's own load-balancer container, so other images answer 502.
 */
export class LoadBalancer {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly e: JobEngine) {}

  async handle(c: JobContext, target: JobTarget, segs: string[]): Promise<Response> {
    const { endpoint } = target;
    requireAccess(target, "write");
    if (!FORWARDED_METHODS.includes(c.req.method))
      throw problems.methodNotAllowed(FORWARDED_METHODS);
    const image = builtinImageFor(endpoint.image);
    if (!image) {
      throw problem(
        502,
        `the local platform serves load-balancer endpoints with built-in images only (runpod/mock-worker, hangar/echo-lb); ${endpoint.image} is not one`,
      );
    }
    const path = `/${segs.join("/")}`;
    const healthPath = endpoint.env.HEALTH_CHECK_PATH || "/ping";
    const isHealth = path === healthPath;
    this.e.scaler.addLbDemand(endpoint.id, isHealth ? 0 : 1);
    try {
      const worker = isHealth
        ? await this.pick(endpoint.id)
        : await this.waitForWorker(endpoint.id, clientSignal(c));
      if (!worker) {
        if (isHealth) return new Response(null, { status: 204 });
        throw problem(
          503,
          `no worker of endpoint ${endpoint.id} became ready within ${WORKER_WAIT_MS / 1000} s`,
        );
      }
      this.inFlight.set(worker.id, (this.inFlight.get(worker.id) ?? 0) + 1);
      try {
        const url = new URL(c.req.url);
        const forwarded = new Request(new URL(`${path}${url.search}`, url.origin), {
          method: c.req.method,
          headers: c.req.raw.headers,
          body:
            c.req.method === "GET" || c.req.method === "HEAD"
              ? undefined
              : await c.req.arrayBuffer(),
        });
        const res = await image.serveHttp(
          forwarded,
          { workerId: worker.id, path, healthPath },
          { args: endpoint.args, env: endpoint.env },
        );
        const headers = new Headers(res.headers);
        headers.set("X-Runpod-Worker-Id", worker.id);
        return new Response(res.body, { status: res.status, headers });
      } finally {
        const n = (this.inFlight.get(worker.id) ?? 1) - 1;
        if (n <= 0) this.inFlight.delete(worker.id);
        else this.inFlight.set(worker.id, n);
      }
    } finally {
      if (!isHealth) this.e.scaler.addLbDemand(endpoint.id, -1);
    }
  }

  private async pick(endpointId: string): Promise<WorkersTable | null> {
    const ready = (await this.e.workers.rows(endpointId)).filter((w) => w.status === "READY");
    if (ready.length === 0) return null;
    return ready.reduce((best, w) =>
      (this.inFlight.get(w.id) ?? 0) < (this.inFlight.get(best.id) ?? 0) ? w : best,
    );
  }

  private async waitForWorker(
    endpointId: string,
    signal: ClientSignal,
  ): Promise<WorkersTable | null> {
    const deadline = Date.now() + WORKER_WAIT_MS;
    for (;;) {
      const w = await this.pick(endpointId);
      if (w || signal.aborted || Date.now() >= deadline) return w;
      await new Promise<void>((resolve) => {
        const off = this.e.signals.on("scale", endpointId, () => {
          off();
          clearTimeout(t);
          resolve();
        });
        const t = setTimeout(() => {
          off();
          resolve();
        }, POLL_MS);
      });
    }
  }
}
