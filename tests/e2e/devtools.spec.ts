import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, formListens, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

/** A queue endpoint whose built-in worker starts within a fraction of a second. */
const fastEndpoint = (request: Parameters<typeof createQueueEndpoint>[0], name: string) =>
  createQueueEndpoint(request, name, {
    flashboot: "PRIORITY_FLASHBOOT",
    workers: { min: 0, max: 1 },
  });

async function sendRequest(page: Page, endpointId: string, body: unknown) {
  await page.goto(`/serverless/${endpointId}/requests`);
  await formListens(page.getByLabel("Request body (JSON)"));
  await page.getByLabel("Request body (JSON)").fill(JSON.stringify(body));
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText(/Request .+ queued/)).toBeVisible();
}

test("the local platform tools are in the navigation and the clock sits on the band", async ({
  page,
}) => {
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const link of ["Faults", "Webhook inbox", "Requests", "State"])
    await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
  const clock = page.getByRole("group", { name: "Platform clock" });
  await expect(clock.getByTestId("platform-clock")).toContainText("(real)");
});

test("inject “fail next job” on an endpoint, run a job from the console: it fails with the injected error and the fault is gone", async ({
  page,
  request,
}) => {
  const endpoint = await fastEndpoint(request, uniqueName("faulty"));
  await page.goto("/dev/faults");
  await expect(page.getByRole("heading", { name: "No active faults" })).toBeVisible();
  await page.getByRole("combobox", { name: "Fault" }).selectOption("job.fail");
  await page.getByRole("combobox", { name: "Endpoint" }).selectOption(endpoint.id);
  await page.getByLabel("Times").fill("1");
  await page.getByLabel("Error message").fill("e2e injected failure");
  await page.getByRole("button", { name: "Inject fault" }).click();
  const active = page.getByRole("table", { name: "Active faults" });
  await expect(active.getByRole("row", { name: new RegExp(endpoint.id) })).toContainText("1 more");

  await sendRequest(page, endpoint.id, { input: { mock_return: "never returned" } });
  const recent = page.getByRole("table", { name: "Recent requests" });
  await expect(recent.getByRole("row").nth(1)).toContainText("FAILED", { timeout: 20_000 });
  await recent.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Job / })).toBeVisible();
  await expect(page.getByRole("alert", { name: "The job failed" })).toContainText(
    "e2e injected failure",
  );
  // Drawn on one time axis, summed up in a sentence; every event in the table behind it.
  const drawn = page.getByRole("figure", { name: /^Waited .* in the queue/ });
  await expect(drawn.locator("figcaption")).toHaveText(/, ran [\d.]+ m?s, then failed\.$/);
  await expect(drawn.locator("[data-lane=queue] > div")).toHaveCount(1);
  await expect(drawn.locator("[data-lane=running] > div")).toHaveCount(1);
  await page.getByText(/^Every event \(\d+\)$/).click();
  const timeline = page.getByRole("table", { name: "Events of the job, oldest first" });
  await expect(timeline).toContainText("Injected fault");
  await expect(timeline).toContainText("Failed");

  await page.goto("/dev/faults");
  await expect(page.getByRole("heading", { name: "No active faults" })).toBeVisible();
});

test("a fault can be removed with one click", async ({ page, request }) => {
  const endpoint = await fastEndpoint(request, uniqueName("removable"));
  await page.goto("/dev/faults");
  await page.getByRole("combobox", { name: "Fault" }).selectOption("webhook.down");
  await page.getByRole("combobox", { name: "Endpoint" }).selectOption(endpoint.id);
  await page.getByRole("combobox", { name: "Lasts" }).selectOption("removed");
  await page.getByRole("button", { name: "Inject fault" }).click();
  const remove = page.getByRole("button", { name: new RegExp(`Remove fault .*${endpoint.id}`) });
  await expect(remove).toBeVisible();
  await remove.click();
  await expect(page.getByRole("heading", { name: "No active faults" })).toBeVisible();
});

test("a job with a webhook to the built-in receiver shows its delivery in the inbox", async ({
  page,
  request,
}) => {
  const endpoint = await fastEndpoint(request, uniqueName("hooked"));
  await page.goto("/dev/inbox");
  const receiverUrl = (
    await page.getByRole("figure", { name: "Receiver URL" }).locator("code").textContent()
  )?.trim();
  expect(receiverUrl).toMatch(/\/_platform\/inbox\/[a-f0-9]+$/);
  const marker = uniqueName("delivered");

  await sendRequest(page, endpoint.id, { input: { mock_return: marker }, webhook: receiverUrl });
  await page.goto("/dev/inbox");
  await expect(page.getByRole("list", { name: "Received payloads" })).toContainText(marker, {
    timeout: 20_000,
  });
  const deliveries = page.getByRole("table", { name: "Webhook deliveries, newest first" });
  await expect(deliveries.getByRole("row").nth(1)).toContainText("delivered");
  await expect(deliveries.getByRole("row").nth(1)).toContainText("#1: 200");
});

test("export, reset and import bring the same endpoints back", async ({ page, request }) => {
  const names = [uniqueName("keep-a"), uniqueName("keep-b")];
  for (const name of names) await createQueueEndpoint(request, name);
  await page.goto("/serverless");
  for (const name of names) await expect(page.getByText(name)).toBeVisible();

  await page.goto("/dev/state");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export state" }).click(),
  ]);
  const file = await download.path();
  expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ format: "hangar-state" });

  await page.getByRole("button", { name: "Reset to empty" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset", exact: true }).click();
  await expect(page.getByText("Your account is empty")).toBeVisible();
  await page.goto("/serverless");
  await expect(page.getByRole("heading", { level: 1, name: "Serverless" })).toBeVisible();
  for (const name of names) await expect(page.getByText(name)).toHaveCount(0);

  await page.goto("/dev/state");
  await page.getByLabel("Import state from a file").setInputFiles(file);
  await expect(page.getByText(/State imported from/)).toBeVisible();
  await page.goto("/serverless");
  for (const name of names) await expect(page.getByText(name)).toBeVisible();
});

test("the request inspector shows a failed request with its key's name, filtered by status", async ({
  page,
  request,
}) => {
  const missing = `/v2/templates/${uniqueName("missing")}`;
  const answer = await request.get(`${PLATFORM_URL}${missing}`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
  });
  expect(answer.status()).toBe(404);
  await page.goto("/dev/requests");
  await page.getByRole("combobox", { name: "Status" }).selectOption("404");
  await page.getByLabel("Path contains").fill(missing);
  const row = page
    .getByRole("table", { name: "Served requests, newest first" })
    .getByRole("row")
    .nth(1);
  await expect(row).toContainText(missing);
  await expect(row).toContainText("GET");
  await expect(row).toContainText("default");
  await expect(page.getByText(E2E_KEY)).toHaveCount(0);
});

test("a queued job's page says why it waits", async ({ page, request }) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("capped"), {
    workers: { min: 0, max: 0 },
  });
  await sendRequest(page, endpoint.id, { input: {} });
  await page
    .getByRole("table", { name: "Recent requests" })
    .getByRole("row")
    .nth(1)
    .getByRole("link")
    .click();
  await expect(page.getByRole("heading", { name: "Why is this job waiting?" })).toBeVisible();
  await expect(page.getByTestId("why-waiting")).toContainText("MAX_WORKERS");
  // The wait is drawn as a span still going, and said so.
  const drawn = page.getByRole("figure", { name: /^Waited .* in the queue/ });
  await expect(drawn.locator("figcaption")).toHaveText(/in the queue, and is still going\.$/);
  await expect(drawn.locator("[data-lane=queue] > div")).toHaveCount(1);
  await expect(drawn.locator("[data-lane=running]")).toBeEmpty();
  await page.getByText(/^Every event \(\d+\)$/).click();
  await expect(page.getByRole("table", { name: "Events of the job, oldest first" })).toContainText(
    "Queued",
  );
});

test("the band's clock freezes platform time, advances it by a step and goes back to real time", async ({
  page,
  request,
}) => {
  const clock = page.getByRole("group", { name: "Platform clock" });
  const time = clock.getByTestId("platform-clock");
  try {
    await clock.getByRole("button", { name: "Freeze time" }).click();
    await expect(time).toContainText("(manual)");
    const frozen = (await time.textContent()) ?? "";
    await clock.getByRole("button", { name: "Advance the platform clock 1 day" }).click();
    await expect(time).not.toHaveText(frozen);
    const day = (text: string) => Number(/\d{4}-\d\d-(\d\d)/.exec(text)?.[1]);
    expect(day((await time.textContent()) ?? "")).not.toBe(day(frozen));
    await clock.getByRole("button", { name: "Use real time" }).click();
    await expect(time).toContainText("(real)");
  } finally {
    // Whatever happened above, later tests need a running clock.
    await request.post(`${PLATFORM_URL}/_platform/clock`, {
      headers: { authorization: `Bearer ${E2E_KEY}` },
      data: { mode: "real" },
    });
  }
});

test("“Use real time” puts the platform clock back on the wall clock, and the clock bar draws its mode instead of a glyph the font lacks", async ({
  page,
  request,
}) => {
  const clock = page.getByRole("group", { name: "Platform clock" });
  const time = clock.getByTestId("platform-clock");
  const platformSkew = async () => {
    const answer = await request.get(`${PLATFORM_URL}/_platform/clock`, {
      headers: { authorization: `Bearer ${E2E_KEY}` },
    });
    return Math.abs(((await answer.json()) as { now: number }).now - Date.now());
  };
  try {
    await clock.getByRole("button", { name: "Freeze time" }).click();
    await expect(time).toContainText("(manual)");
    // Printable ASCII only: nothing the monospace font could be missing.
    await expect(time).toHaveText(/^[\x20-\x7E]+$/);
    const frozen = (await time.textContent()) ?? "";
    await clock.getByRole("button", { name: "Advance the platform clock 1 min" }).click();
    await expect(time).not.toHaveText(frozen);
    await clock.getByRole("button", { name: "Use real time" }).click();
    await expect(time).toContainText("(real)");
    await expect(time).toHaveText(/^[\x20-\x7E]+$/);
    await expect.poll(platformSkew).toBeLessThan(5_000);

    // A resource created now is created "now", not "in 44 seconds".
    const name = uniqueName("clock-now");
    await createQueueEndpoint(request, name);
    await page.goto("/serverless");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(/in \d+ (second|minute)/);
  } finally {
    await request.post(`${PLATFORM_URL}/_platform/clock`, {
      headers: { authorization: `Bearer ${E2E_KEY}` },
      data: { mode: "real" },
    });
  }
});
