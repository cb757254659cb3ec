import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "@/lib/worker";
import { postgresMissing } from "./support/backends";
import { createEndpoint, eventually, FAST_JOBS_ENV, workerEnvOf } from "./support/jobs";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const JOBS = 2000;
const ENV = { ...FAST_JOBS_ENV, PLATFORM_JOB_RATE_LIMITS: "off" };

/**
 * Several instances on one PostgreSQL: jobs are claimed atomically (FOR UPDATE SKIP LOCKED), so
 * with workers pulling from both instances every job runs exactly once.
 */
describe.skipIf(postgresMissing !== null)("two platform instances on one PostgreSQL schema", () => {
  let a: TestPlatform;
  let b: TestPlatform;
  let key: string;
  const workers: RunningWorker[] = [];

  beforeAll(async () => {
    a = await startTestPlatform({ backend: "postgres", env: ENV });
    key = a.key;
    // Same schema (the URL carries `search_path`), its own data folder and port.
    b = await startTestPlatform({
      backend: "postgres",
      env: ENV,
      reuse: { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl, schema: undefined },
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    await b?.close();
    await a?.close();
  });

  const req = (tp: TestPlatform, path: string, init: RequestInit & { json?: unknown } = {}) =>
    tp.request(path, { ...init, auth: key });

  it(`runs ${JOBS} jobs submitted to both instances exactly once, with workers pulling from both`, async () => {
    // workers.max 4: the queue may hold 2000 jobs (max(50, 4 × 500)), so a slow drain never meets the queue-size 429.
    const ep = await createEndpoint(
      a,
      { image: "acme/counter:1", workers: { min: 0, max: 4 } },
      key,
    );
    const handled = new Map<string, number>();
    const byWorker = new Map<string, number>();
    for (const [i, tp] of [a, b, a, b].entries()) {
      const env = await (async () => {
        const res = await req(tp, `/_platform/endpoints/${ep}/worker-env?workerId=w${i}`);
        return ((await res.json()) as { env: Record<string, string> }).env;
      })();
      expect(env.RUNPOD_WEBHOOK_GET_JOB).toContain(tp.url);
      workers.push(
        startWorker({
          env,
          concurrency: 4,
          handler: async (job) => {
            handled.set(job.id, (handled.get(job.id) ?? 0) + 1);
            byWorker.set(`w${i}`, (byWorker.get(`w${i}`) ?? 0) + 1);
            return { n: (job.input as { n: number }).n };
          },
        }),
      );
    }
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, lane) => {
        while (next < JOBS) {
          const n = next++;
          const tp = (n + lane) % 2 === 0 ? a : b;
          const res = await req(tp, `/v2/${ep}/run`, { method: "POST", json: { input: { n } } });
          expect(res.status).toBe(200);
          ids.push(((await res.json()) as { id: string }).id);
        }
      }),
    );
    await eventually(
      async () => {
        const h = (await (await req(b, `/v2/${ep}/health`)).json()) as {
          jobs: { completed: number };
        };
        expect(h.jobs.completed).toBe(JOBS);
      },
      120_000,
      250,
    );
    expect(ids).toHaveLength(JOBS);
    expect(handled.size).toBe(JOBS);
    expect([...handled.values()].every((n) => n === 1)).toBe(true);
    // Both instances handed out work.
    expect((byWorker.get("w0") ?? 0) + (byWorker.get("w2") ?? 0)).toBeGreaterThan(0);
    expect((byWorker.get("w1") ?? 0) + (byWorker.get("w3") ?? 0)).toBeGreaterThan(0);
    const sample = ids.filter((_, i) => i % 97 === 0);
    for (const id of sample) {
      const s = (await (await req(a, `/v2/${ep}/status/${id}`)).json()) as {
        status: string;
        retries?: number;
      };
      expect(s).toMatchObject({ status: "COMPLETED" });
      expect(s.retries).toBeUndefined();
    }
  }, 180_000);

  it("a /runsync held on one instance answers when a built-in worker of the other completes the job", async () => {
    const ep = await createEndpoint(a, { workers: { min: 1, max: 1 } }, key);
    await eventually(async () => {
      const h = (await (await req(a, `/v2/${ep}/health`)).json()) as { workers: { ready: number } };
      expect(h.workers.ready).toBe(1);
    }, 15_000);
    for (const tp of [a, b]) {
      const res = await req(tp, `/v2/${ep}/runsync`, {
        method: "POST",
        json: { input: { mock_return: tp.url } },
      });
      expect(await res.json()).toMatchObject({ status: "COMPLETED", output: tp.url });
    }
  }, 60_000);

  it("the worker-env of either instance serves the same queue", async () => {
    const ep = await createEndpoint(a, { image: "acme/echo:1" }, key);
    const envB = await workerEnvOf(
      { ...b, request: (p, i = {}) => req(b, p, i) } as TestPlatform,
      ep,
    );
    const w = startWorker({ env: envB, handler: async (job) => job.input });
    workers.push(w);
    const res = await req(a, `/v2/${ep}/runsync`, {
      method: "POST",
      json: { input: { via: "a" } },
    });
    expect(await res.json()).toMatchObject({ status: "COMPLETED", output: { via: "a" } });
  });
});
