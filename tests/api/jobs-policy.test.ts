import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import {
  advance,
  createEndpoint,
  jobApi,
  run,
  settle,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";

const HOUR = 3_600_000;

/** Seed "Job policy and retention". */
describeEachBackend("job policy", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  it("without policy.executionTimeout the endpoint's timeout applies: a running job past it is TIMED_OUT", async () => {
    const ep = await createEndpoint(tp, { timeout: 8000 });
    const id = await run(tp, ep, { mock_delay: 60 });
    await advance(tp, 7999);
    expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 1);
    const s = (await status(tp, ep, id)).body;
    expect(s).toMatchObject({
      status: "TIMED_OUT",
      executionTime: 8000,
      error: expect.any(String),
    });
  });

  it("policy.executionTimeout overrides the endpoint's timeout for that job only", async () => {
    const ep = await createEndpoint(tp, { timeout: 600_000, workers: { min: 2, max: 2 } });
    const short = await run(tp, ep, { mock_delay: 60 }, { policy: { executionTimeout: 5000 } });
    const normal = await run(tp, ep, { mock_delay: 60 });
    await advance(tp, 5000);
    expect((await status(tp, ep, short)).body.status).toBe("TIMED_OUT");
    expect((await status(tp, ep, normal)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 55_000);
    expect((await status(tp, ep, normal)).body.status).toBe("COMPLETED");
  });

  it("the default endpoint timeout is 300000 ms and policy may raise it (up to 7 days)", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 2, max: 2 } });
    const byEndpoint = await run(tp, ep, { mock_delay: 1000 });
    const raised = await run(
      tp,
      ep,
      { mock_delay: 1000 },
      { policy: { executionTimeout: 600_000 } },
    );
    await advance(tp, 300_000);
    expect((await status(tp, ep, byEndpoint)).body.status).toBe("TIMED_OUT");
    expect((await status(tp, ep, raised)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 300_000);
    expect((await status(tp, ep, raised)).body.status).toBe("TIMED_OUT");
  });

  it("the execution timeout is enforced only while running: time in the queue does not count", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, { mock_delay: 3 }, { policy: { executionTimeout: 5000 } });
    await advance(tp, 60_000);
    expect((await status(tp, ep, id)).body.status).toBe("IN_QUEUE");
    await tp.request(`/v2/serverless/${ep}`, {
      method: "PATCH",
      json: { workers: { min: 0, max: 1 } },
    });
    await advance(tp, 3000);
    expect((await status(tp, ep, id)).body).toMatchObject({
      status: "COMPLETED",
      delayTime: 60_000,
    });
  });

  it("the default ttl is 24 hours, covering queue time: a job never picked up is deleted then", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, {});
    await advance(tp, 24 * HOUR - 1);
    expect((await status(tp, ep, id)).body.status).toBe("IN_QUEUE");
    await advance(tp, 1);
    expect((await status(tp, ep, id)).status).toBe(404);
  });

  it("ttl covers queue plus execution: time queued counts toward it", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    const id = await run(tp, ep, { mock_delay: 30 }, { policy: { ttl: 40_000 } });
    await advance(tp, 20_000);
    await tp.request(`/v2/serverless/${ep}`, {
      method: "PATCH",
      json: { workers: { min: 0, max: 1 } },
    });
    await settle(tp);
    expect((await status(tp, ep, id)).body.status).toBe("IN_PROGRESS");
    await advance(tp, 20_000);
    expect((await status(tp, ep, id)).status).toBe(404);
  });

  it("a result is never kept beyond the job's ttl, even inside the retention window", async () => {
    const ep = await createEndpoint(tp);
    const id = await run(tp, ep, { mock_delay: 5 }, { policy: { ttl: 10_000 } });
    await advance(tp, 5000);
    expect((await status(tp, ep, id)).body.status).toBe("COMPLETED");
    await advance(tp, 5000);
    expect((await status(tp, ep, id)).status).toBe(404);
  });

  it("policy.lowPriority jobs are accepted and run by existing workers", async () => {
    const ep = await createEndpoint(tp, { workers: { min: 1, max: 1 } });
    await settle(tp);
    const r = await jobApi(tp, ep, "/runsync", {
      method: "POST",
      json: { input: { mock_return: "low" }, policy: { lowPriority: true } },
    });
    expect(r.body).toMatchObject({ status: "COMPLETED", output: "low" });
  });
});
