import { expect as baseExpect, type Page } from "@playwright/test";
import { E2E_KEY } from "./env";
import { createQueueEndpoint, test, uniqueName } from "./support";

// The run's live numbers come from the console's server once a second; a busy machine needs room.
const expect = baseExpect.configure({ timeout: 30_000 });

// Signs in like signInWithPastedKey, with room for a busy machine's first render.
test.beforeEach(async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(E2E_KEY);
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page).toHaveURL(/\/serverless$/, { timeout: 30_000 });
});

/** The value of one of the run's numbers (a dt/dd pair of the "Load test numbers" list). */
const stat = (page: Page, label: string) =>
  page
    .locator('[aria-label="Load test numbers"] > div')
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator("dd");

async function fillForm(page: Page, requests: string, rate: string, body: string) {
  await page.getByLabel("Requests (N)").fill(requests);
  await page.getByLabel("Rate (requests per second)").fill(rate);
  await page.getByLabel("Request body (JSON)").fill(body);
}

test("a load test of 200 requests at 20/s runs in the console's server: workers scale up to max, the numbers move, and the summary suggests more workers", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(300_000);
  const endpoint = await createQueueEndpoint(request, uniqueName("load"), {
    workers: { min: 0, max: 3, idleTimeout: 5 },
    scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    flashboot: "PRIORITY_FLASHBOOT",
  });

  // First-load JavaScript (compressed, as the browser received it) of the Overview tab and of the
  // Load test tab, whose panel is a lazy chunk: printed, and the tab may add at most 20 kB.
  const firstLoadJs = async (tab: string) => {
    await page.goto(`/serverless/${endpoint.id}${tab === "overview" ? "" : `/${tab}`}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 90_000 });
    if (tab === "load-test")
      await expect(page.getByRole("heading", { name: "No load test yet" })).toBeVisible({
        timeout: 90_000,
      });
    return page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
    );
  };
  const overview = await firstLoadJs("overview");
  const loadTest = await firstLoadJs("load-test");
  console.log(
    `first-load JS of /serverless/[id]: ${(overview / 1024).toFixed(1)} kB; with the Load test tab: ${(loadTest / 1024).toFixed(1)} kB (compressed)`,
  );
  expect(loadTest - overview).toBeLessThanOrEqual(20 * 1024);

  await expect(page.getByText(/Projected cost: at most \$/)).toBeVisible();
  await fillForm(page, "200", "20", '{"input": {"mock_delay": 0.3}}');
  await page.getByRole("button", { name: "Start load test" }).click();

  const status = page.getByTestId("load-test-status");
  await expect(status).toHaveText("Running");
  await expect(page.getByRole("heading", { name: "Live: 200 requests at 20/s" })).toBeVisible();
  // Live: requests go out and workers come up while it runs.
  await expect(stat(page, "Sent")).not.toHaveText("0 of 200");
  await expect(stat(page, "Workers running")).not.toHaveText("0", { timeout: 20_000 });
  await expect(stat(page, "Completed")).not.toHaveText("0");
  const table = page.getByRole("table", { name: "Load tests" });
  await expect(table.getByRole("row").nth(1)).toContainText("Running");

  // The summary, next to the endpoint's scaling settings, once every job has ended.
  await expect(status).toHaveText("Completed", { timeout: 150_000 });
  await expect(page.getByRole("heading", { name: "Summary: 200 requests at 20/s" })).toBeVisible();
  await expect(stat(page, "Sent")).toHaveText("200 of 200");
  await expect(stat(page, "Completed")).toHaveText("200");
  await expect(stat(page, "Failed")).toHaveText("0");
  await expect(stat(page, "Peak workers")).toHaveText("3");
  await expect(stat(page, "Latency p95")).toHaveText(/\d/);
  await expect(stat(page, "Cost")).toHaveText(/^\$/);
  await expect(page.getByText("Queue delay, 1 s")).toBeVisible();
  await expect(
    page.getByText(/while all 3 workers were up: raise max workers to \d+ \(projected \$/),
  ).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText("Completed");
});

test("a running load test stops at once and is listed as stopped; a rate above the job API's limit is refused with the limit", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(90_000);
  const endpoint = await createQueueEndpoint(request, uniqueName("stop"), {
    workers: { min: 0, max: 1, idleTimeout: 5 },
  });
  await page.goto(`/serverless/${endpoint.id}/load-test`);

  await fillForm(page, "1000", "150", '{"input": {"mock_delay": 1}}');
  await page.getByRole("button", { name: "Start load test" }).click();
  await expect(page.getByLabel("Rate (requests per second)")).toHaveAccessibleDescription(
    /At most 100 requests per second: the job API allows 1000 \/run requests per 10 seconds per endpoint\./,
  );
  await expect(page.getByRole("heading", { name: "No load test yet" })).toBeVisible();

  await page.getByLabel("Rate (requests per second)").fill("5");
  await page.getByRole("button", { name: "Start load test" }).click();
  const status = page.getByTestId("load-test-status");
  await expect(status).toHaveText("Running");
  await expect(stat(page, "Sent")).not.toHaveText("0 of 1000");
  await page.getByRole("button", { name: "Stop load test" }).click();
  await expect(status).toHaveText("Stopped", { timeout: 20_000 });
  await expect(page.getByText("Stopped by you.")).toBeVisible();
  const row = page.getByRole("table", { name: "Load tests" }).getByRole("row").nth(1);
  await expect(row).toContainText("Stopped");
  await expect(row).toContainText("1000 at 5/s");

  // Closing the tab stops nothing: a reload finds the run as the server recorded it.
  await page.reload();
  await expect(page.getByTestId("load-test-status")).toHaveText("Stopped", { timeout: 30_000 });
});
