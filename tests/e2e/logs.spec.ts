import { readFile } from "node:fs/promises";
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { logRecordOf } from "@/lib/logs/log-buffer";
import { SseParser } from "@/lib/logs/sse";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { createQueueEndpoint, platformPost, test, uniqueName } from "./support";

const expect = baseExpect.configure({ timeout: 30_000 });

// Live logs in a real browser against the local platform: the built-in mock worker writes a
// system line when it takes and finishes a job and container lines (`INFO | <job> | Started.` and
// `Finished.`) while it runs one, each naming the job: a job id is the unique text to count.

// Generous limits: the runs share a busy machine (no assertion here is about speed).
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(E2E_KEY);
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page).toHaveURL(/\/serverless$/, { timeout: 30_000 });
});

const auth = { authorization: `Bearer ${E2E_KEY}` };

/** An endpoint whose one built-in mock worker is up (min workers 1, a short cold start). */
async function endpointWithWorker(request: APIRequestContext, prefix: string) {
  const endpoint = await createQueueEndpoint(request, uniqueName(prefix), {
    workers: { min: 1, max: 1 },
    flashboot: "FLASHBOOT",
  });
  let worker = "";
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${PLATFORM_URL}/v2/serverless/${endpoint.id}/workers`, {
          headers: auth,
        });
        const { workers } = (await answer.json()) as { workers: { id: string; status: string }[] };
        worker = workers.find((w) => w.status !== "INITIALIZING")?.id ?? "";
        return worker;
      },
      { timeout: 60_000 },
    )
    .not.toBe("");
  return { endpoint, worker };
}

const runJob = async (request: APIRequestContext, endpointId: string) =>
  (await platformPost<{ id: string }>(request, `/v2/${endpointId}/run`, { input: {} })).id;

async function openWorkerLogs(page: Page, endpointId: string, worker: string) {
  await page.goto(`/serverless/${endpointId}/workers`);
  await page.getByRole("link", { name: `Logs of worker ${worker}` }).click();
  await expect(page).toHaveURL(new RegExp(`/logs\\?worker=${worker}$`));
  const log = page.getByRole("log", { name: `Logs of worker ${worker}` });
  await expect(log).toContainText("Starting Serverless Worker");
  await expect(page.getByRole("status").filter({ hasText: /^Live/ })).toBeVisible();
  return log;
}

test("a worker's logs: new lines arrive live, filter by source, search highlights and counts matches", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const { endpoint, worker } = await endpointWithWorker(request, "logs-live");
  const log = await openWorkerLogs(page, endpoint.id, worker);

  const job = await runJob(request, endpoint.id);
  await expect(log).toContainText(`INFO   | ${job} | Finished.`);
  await expect(log).toContainText(`Job ${job} done: COMPLETED.`);

  const source = page.getByRole("combobox", { name: "Source" });
  await source.selectOption("system");
  await expect(log).toContainText(`Job ${job} taken.`);
  await expect(log).not.toContainText(`${job} | Started.`);
  await source.selectOption("container");
  await expect(log).toContainText(`INFO   | ${job} | Started.`);
  await expect(log).not.toContainText(`Job ${job} taken.`);
  await source.selectOption("all");

  await page.getByRole("searchbox", { name: "Search lines" }).fill(job);
  // taken, Started., Finished., done: four lines, each with the id once.
  await expect(page.getByRole("status").filter({ hasText: "4 matches in 4 lines" })).toBeVisible();
  await expect(log.locator("mark")).toHaveCount(4);
  await expect(log.locator("mark").first()).toHaveText(job);
  await expect(log).not.toContainText("Starting Serverless Worker");
});

test("a dropped connection resumes after the last line shown (Last-Event-ID): the lines written meanwhile arrive once each", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const { endpoint, worker } = await endpointWithWorker(request, "logs-drop");
  const done = async (job: string) =>
    expect
      .poll(async () => {
        const answer = await request.get(`${PLATFORM_URL}/v2/${endpoint.id}/status/${job}`, {
          headers: auth,
        });
        return ((await answer.json()) as { status: string }).status;
      })
      .toBe("COMPLETED");
  const before = await runJob(request, endpoint.id);
  await done(before);
  // What the first connection delivers before it drops: the worker's stream up to `before` done.
  const upstream = new AbortController();
  const answer = await fetch(
    `${PLATFORM_URL}/v2/serverless/${endpoint.id}/workers/${worker}/logs?tail=1000`,
    { headers: auth, signal: upstream.signal },
  );
  const reader = answer.body!.getReader();
  const parser = new SseParser();
  let partial = "";
  let lastId = "";
  for (let seen = false; !seen;) {
    const chunk = await reader.read();
    const text = new TextDecoder().decode(chunk.value);
    for (const event of parser.push(text)) {
      const record = logRecordOf(event);
      if (!record) continue;
      partial += `id: ${record.id}\ndata: ${event.data}\n\n`;
      lastId = record.id;
      if (record.line === `Job ${before} done: COMPLETED.`) seen = true;
    }
  }
  upstream.abort();
  // Lines written while the page is disconnected.
  const during = [await runJob(request, endpoint.id), await runJob(request, endpoint.id)];
  for (const job of during) await done(job);

  // The first stream ends after `partial` (a dropped connection); later ones go through.
  let first = true;
  await page.route("**/api/serverless/*/workers/*/logs*", async (route) => {
    if (!first) return route.continue();
    first = false;
    await route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
      body: `: log stream\n\n${partial}`,
    });
  });
  const resumed = page.waitForRequest(
    (r) => r.url().includes(`/workers/${worker}/logs`) && r.headers()["last-event-id"] === lastId,
  );
  await page.goto(`/serverless/${endpoint.id}/logs?worker=${worker}`);
  const log = page.getByRole("log", { name: `Logs of worker ${worker}` });
  await resumed;
  for (const job of during) await expect(log).toContainText(`Job ${job} done: COMPLETED.`);
  await expect(page.getByRole("status").filter({ hasText: /^Live/ })).toBeVisible();
  for (const job of [before, ...during]) {
    await page.getByRole("searchbox", { name: "Search lines" }).fill(job);
    await expect(
      page.getByRole("status").filter({ hasText: "4 matches in 4 lines" }),
    ).toBeVisible();
  }
  await page.getByRole("searchbox", { name: "Search lines" }).fill("Starting Serverless Worker");
  await expect(page.getByRole("status").filter({ hasText: "1 match in 1 line" })).toBeVisible();
});

test("the endpoint's Logs tab interleaves its workers' lines, each labelled with its worker", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const { endpoint, worker } = await endpointWithWorker(request, "logs-all");
  await page.goto(`/serverless/${endpoint.id}`);
  await page
    .getByRole("navigation", { name: "Endpoint sections" })
    .getByRole("link", { name: "Logs" })
    .click();
  const log = page.getByRole("log", { name: "Logs of every worker of this endpoint" });
  await expect(log).toContainText("Starting Serverless Worker");
  const job = await runJob(request, endpoint.id);
  const line = log.locator("[data-log-line]").filter({ hasText: `Job ${job} done` });
  await expect(line).toContainText(worker);
});

test("a pod's page shows its log, the download holds the loaded lines, and leaving ends the platform's stream", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const name = uniqueName("logs-pod");
  const pod = await platformPost<{ id: string }>(request, "/v2/pods", {
    name,
    image: "runpod/pytorch:2.4.0",
    gpu: { id: "NVIDIA GeForce RTX 4090" },
  });
  const streams = async () => {
    const answer = await request.get(`${PLATFORM_URL}/_platform/pods/${pod.id}/logs/streams`, {
      headers: auth,
    });
    return ((await answer.json()) as { streams: number }).streams;
  };
  await page.goto(`/pods/${pod.id}`);
  const log = page.getByRole("log", { name: `Logs of pod ${name}` });
  await expect(log).toContainText("Pod created");
  await expect.poll(streams).toBe(1);

  const shown = (await log.locator("[data-log-line] > span:last-child").allTextContents()).filter(
    (t) => t !== "",
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .log" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`pod-${pod.id}.log`);
  const text = await readFile((await download.path())!, "utf8");
  const fileLines = text.trimEnd().split("\n");
  // Every line on screen is in the file, in order, after its UTC time and source.
  expect(fileLines.length).toBeGreaterThanOrEqual(shown.length);
  shown.forEach((line, i) => expect(fileLines[i]).toContain(line));
  expect(fileLines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z system {4}Pod created/);

  await page.goto("/pods");
  await expect.poll(streams).toBe(0);
});
