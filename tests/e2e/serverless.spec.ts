import { expect, test } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, formListens, platformPost, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("create a queue endpoint from a template: the platform's rejection of the template's CUDA pin lands on its field first", async ({
  page,
  request,
}) => {
  // The template pins a CUDA version no GPU in the catalogue offers (there was no 11.7 host
  // driver); only the platform resolves the template and checks its pins against the pools.
  const template = await platformPost<{ id: string; name: string }>(request, "/v2/templates", {
    name: uniqueName("worker-tpl"),
    image: "runpod/mock-worker:latest",
    serverless: true,
    env: { MODEL_NAME: "tiny", LOG_LEVEL: "info" },
    allowedCudaVersions: ["11.7"],
  });
  const name = uniqueName("queue");
  await page.goto("/serverless/new");
  await page.getByLabel("Endpoint name").fill(name);
  await page.getByRole("radio", { name: "From a template" }).check();
  await page.getByRole("combobox", { name: "Template", exact: true }).selectOption(template.id);
  const preview = page.getByRole("region", { name: "Template preview" });
  await expect(preview).toContainText("runpod/mock-worker:latest");
  await expect(preview).toContainText("MODEL_NAME=tiny (from the template)");
  // Environment variables are in the collapsed advanced section.
  await page
    .getByText("Advanced: execution timeout, FlashBoot, ports, disk and environment")
    .click();
  await page.getByRole("button", { name: "Add variable" }).click();
  await page.getByLabel("Variable 1 name").fill("MODEL_NAME");
  await page.getByLabel("Variable 1 value").fill("large");
  await expect(preview).toContainText("MODEL_NAME=large (yours, replaces the template's)");

  // The CUDA picker offers what the chosen pool's GPUs offer; nothing checked keeps the template's pin.
  const cuda = page.getByRole("group", { name: "Allowed CUDA versions" });
  await expect(cuda.getByRole("checkbox")).toHaveCount(0);
  await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();
  await expect(
    page.getByText(/Projected cost: each running worker on AMPERE_48 costs/),
  ).toBeVisible();
  await expect(cuda.getByRole("checkbox", { name: "CUDA 12.8" })).not.toBeChecked();
  await expect(cuda.getByRole("checkbox", { name: "CUDA 11.7" })).toHaveCount(0);
  await expect(cuda).toHaveAccessibleDescription(/None checked: the template's 11\.7\./);
  await page.getByRole("button", { name: "Create endpoint" }).click();

  await expect(cuda).toHaveAttribute("aria-invalid", "true");
  await expect(cuda).toHaveAccessibleDescription(
    /CUDA 11\.7 \(from the template\) is not offered by the GPU types of pools AMPERE_48/,
  );
  await expect(cuda.getByRole("checkbox").first()).toBeFocused();
  await expect(page).toHaveURL(/\/serverless\/new$/);

  // Pinning an offered version replaces the template's pin.
  await cuda.getByRole("checkbox", { name: "CUDA 12.8" }).check();
  await page.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/serverless\/[a-z0-9]+$/);
  await expect(page.getByRole("button", { name: "Copy Run sync URL" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Jobs queued" })).toContainText("0");

  // The Settings form shows the stored pin in the same picker.
  await page
    .getByRole("navigation", { name: "Endpoint sections" })
    .getByRole("link", { name: "Settings" })
    .click();
  const pinned = page.getByRole("group", { name: "Allowed CUDA versions" });
  await expect(pinned.getByRole("checkbox", { name: "CUDA 12.8" })).toBeChecked();
  await expect(pinned.getByRole("checkbox", { name: "CUDA 12.9" })).not.toBeChecked();

  await page.goto("/serverless");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("link", { name })).toBeVisible();
  await expect(row).toContainText("0 queued");
});

test("network volumes: one per data center, and a volume confines workers to its data center", async ({
  page,
  request,
}) => {
  const volume = (label: string, dataCenter: string) =>
    platformPost<{ id: string; name: string }>(request, "/v2/network-volumes", {
      name: uniqueName(label),
      size: 20,
      dataCenter,
    });
  const ro = await volume("ro-a", "EU-RO-1");
  const roOther = await volume("ro-b", "EU-RO-1");
  const name = uniqueName("placed");
  await page.goto("/serverless/new");
  await page.getByLabel("Endpoint name").fill(name);
  await page.getByLabel("Container image").fill("runpod/mock-worker:latest");
  await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();

  const dataCenters = page.getByRole("group", { name: "Data centers" });
  await dataCenters.getByRole("checkbox", { name: /US-KS-2/ }).check();
  await page.getByRole("checkbox", { name: new RegExp(ro.name) }).check();
  await expect(page.getByRole("checkbox", { name: new RegExp(roOther.name) })).toBeDisabled();
  await expect(page.locator("label", { hasText: roOther.name })).toContainText(
    `${ro.name} is already attached in EU-RO-1: one volume per data center`,
  );
  await expect(dataCenters).toHaveAccessibleDescription(
    new RegExp(`confines workers to its data center: EU-RO-1 \\(${ro.name}\\)`),
  );
  await expect(dataCenters.getByRole("checkbox", { name: /EU-RO-1/ })).toBeChecked();
  await expect(dataCenters.getByRole("checkbox", { name: /US-KS-2/ })).not.toBeChecked();
  await expect(dataCenters.getByRole("checkbox", { name: /US-KS-2/ })).toBeDisabled();

  await page.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Endpoint sections" })
    .getByRole("link", { name: "Settings" })
    .click();
  const placed = page.getByRole("group", { name: "Data centers" });
  await expect(placed.getByRole("checkbox", { name: /EU-RO-1/ })).toBeChecked();
  await expect(placed.getByRole("checkbox", { name: /EU-RO-1/ })).toBeDisabled();
});

test("a load balancer scales on request count, and queue + request count hides the idle timeout", async ({
  page,
}) => {
  await page.goto("/serverless/new");
  const scaleOn = page.getByLabel("Scale on");
  await expect(page.getByRole("group", { name: "Load balancer settings" })).toHaveCount(0);
  await page.getByRole("radio", { name: /Load balancer/ }).check();
  await expect(scaleOn).toHaveValue("REQUEST_COUNT");
  await page.getByLabel("Health-check path (HEALTH_CHECK_PATH)").fill("/health");
  // The path is written as an environment variable, in the collapsed advanced section.
  await page
    .getByText("Advanced: execution timeout, FlashBoot, ports, disk and environment")
    .click();
  await expect(page.getByLabel("Variable 1 name")).toHaveValue("HEALTH_CHECK_PATH");
  await expect(page.getByLabel("Variable 1 value")).toHaveValue("/health");
  await expect(page.getByLabel("Idle timeout (s)")).toBeVisible();
  await page.getByRole("radio", { name: /Queue/ }).check();
  await expect(page.getByLabel("Idle timeout (s)")).toBeHidden();
  await expect(
    page.getByText(/No idle timeout: a queue endpoint scaling on request count/),
  ).toBeVisible();
  await scaleOn.selectOption("QUEUE_DELAY");
  await expect(page.getByLabel("Queue delay (s)")).toHaveValue("4");
  await expect(page.getByLabel("Idle timeout (s)")).toHaveValue("10");
});

test("the create form projects a daily cost from the expected traffic, and says when jobs would queue", async ({
  page,
}) => {
  await page.goto("/serverless/new");
  await expect(page.getByText("Choose a GPU pool to project a daily cost")).toBeVisible();
  await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();
  const traffic = page.getByRole("group", { name: "Cost at your traffic" });
  const perDay = async (rpm: number) => {
    const line = traffic.getByText(new RegExp(`At ${rpm} requests/min of 2 s each ≈`));
    await expect(line).toBeVisible();
    return Number((await line.textContent())?.match(/≈ \$([\d,.]+)\/day/)?.[1]?.replace(",", ""));
  };

  // Defaults: 10 requests/min of 2 s each, no always-on worker.
  await expect(traffic.getByLabel("Expected requests per minute")).toHaveValue("10");
  await expect(traffic.getByLabel("Average execution time (s)")).toHaveValue("2");
  const atTen = await perDay(10);
  expect(atTen).toBeGreaterThan(0);

  // Six times the traffic costs six times as much (to the cent).
  await traffic.getByLabel("Expected requests per minute").fill("60");
  expect(Math.abs((await perDay(60)) - 6 * atTen)).toBeLessThanOrEqual(0.06);
  await expect(traffic).not.toContainText("jobs would queue");

  // 120 requests/min × 2 s need 4 workers at once; max workers is 3.
  await traffic.getByLabel("Expected requests per minute").fill("120");
  await expect(traffic).toContainText(
    "This traffic needs 4 workers busy at once but max workers is 3: jobs would queue.",
  );
  await page.getByLabel("Max workers").fill("4");
  await expect(traffic).not.toContainText("jobs would queue");

  // An always-on worker is billed all day even for light traffic.
  await traffic.getByLabel("Expected requests per minute").fill("10");
  await page.getByLabel("Min workers").fill("1");
  await expect(traffic).toContainText(/includes \$[\d.]+\/day for 1 always-on worker/);
  expect(await perDay(10)).toBeGreaterThan(atTen);

  // The estimate fields are checked but never block or submit the endpoint form.
  await traffic.getByLabel("Average execution time (s)").fill("0");
  await expect(traffic.getByLabel("Average execution time (s)")).toHaveAccessibleDescription(
    /must be more than 0/i,
  );
  await traffic.getByLabel("Average execution time (s)").press("Enter");
  await expect(page).toHaveURL(/\/serverless\/new$/);
});

test("send a request from the endpoint page and see it complete", async ({ page, request }) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("run"));
  // The pools' prices come with the endpoint's frame from the server: its pages read no catalogue
  // (reads by the page signing in left, the endpoint list, are told apart by their referrer).
  const catalogueReads: string[] = [];
  page.on("request", (r) => {
    const from = r.headers()["referer"] ?? "";
    if (r.url().includes("/api/catalog/") && from.includes(`/serverless/${endpoint.id}`))
      catalogueReads.push(`${r.url()} from ${from}`);
  });
  await page.goto(`/serverless/${endpoint.id}/requests`);
  await expect(
    page
      .getByRole("navigation", { name: "Endpoint sections" })
      .getByRole("link", { name: "Requests" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "No requests yet" })).toBeVisible();
  await expect(page.getByLabel("Request body (JSON)")).toHaveValue(/"mock_return": "hello"/);
  await formListens(page.getByLabel("Request body (JSON)"));
  await page.getByRole("button", { name: "Send request" }).click();

  const table = page.getByRole("table", { name: "Recent requests" });
  await expect(table.getByText("COMPLETED")).toBeVisible({ timeout: 25_000 });

  // The finished request shows what it cost (execution time × the pool's $/s), and the total.
  const completed = table.getByRole("row").filter({ hasText: "COMPLETED" });
  await expect(completed).toContainText(/≈ \$0\.\d+/);
  const cost = (await completed.textContent())?.match(/≈ (\$0\.\d+)/)?.[1];
  await expect(
    page.getByText(`Estimated total for the 1 finished request(s) listed: ≈ ${cost}`),
  ).toBeVisible();
  await expect(page.getByText(/idle time and cold starts are not in these numbers/)).toBeVisible();
  // The header prices what the endpoint's workers cost now from the same prices.
  await expect(page.getByRole("group", { name: "Cost now" })).toContainText(/≈ \$[\d.]+\/s/);
  expect(catalogueReads).toEqual([]);

  // A failed request can be retried from its row: same id, queued again, then it fails again.
  await page.getByLabel("Request body (JSON)").fill('{"input": {"mock_error": true}}');
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(table.getByText("FAILED")).toHaveCount(1, { timeout: 25_000 });
  await table.getByRole("button", { name: /^Retry / }).click();
  await expect(page.getByRole("status").filter({ hasText: /Retrying / })).toBeVisible();
  await expect(table.getByText("FAILED")).toHaveCount(1, { timeout: 25_000 });
});

test("invalid JSON is reported on the request field before anything is sent", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("json"));
  await page.goto(`/serverless/${endpoint.id}/requests`);
  const body = page.getByLabel("Request body (JSON)");
  await formListens(body);
  await body.fill('{"input": ');
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(body).toHaveAccessibleDescription(/Not valid JSON/);
});

test("purge a queue after confirming with the endpoint's name", async ({ page, request }) => {
  // No workers may start, so requests stay queued until purged.
  const endpoint = await createQueueEndpoint(request, uniqueName("purge"), {
    workers: { min: 0, max: 0 },
  });
  await page.goto(`/serverless/${endpoint.id}/requests`);
  const table = page.getByRole("table", { name: "Recent requests" });
  await formListens(page.getByLabel("Request body (JSON)"));
  for (let i = 0; i < 2; i += 1) {
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(table.getByText("IN_QUEUE")).toHaveCount(i + 1);
  }
  await expect(page.getByRole("group", { name: "Jobs queued" })).toHaveText(/2$/);

  // Cancelling one request is confirmed too; "Keep it" leaves it queued.
  await table
    .getByRole("button", { name: /^Cancel / })
    .first()
    .click();
  const cancel = page.getByRole("dialog", { name: /^Cancel request / });
  await expect(cancel).toContainText("It leaves the queue without running.");
  await cancel.getByRole("button", { name: "Keep it" }).click();
  await expect(table.getByText("IN_QUEUE")).toHaveCount(2);
  await table
    .getByRole("button", { name: /^Cancel / })
    .first()
    .click();
  await cancel.getByRole("button", { name: "Cancel request" }).click();
  await expect(table.getByText("CANCELLED")).toHaveCount(1);
  await expect(table.getByText("IN_QUEUE")).toHaveCount(1);

  await page.getByRole("button", { name: "Purge queue" }).click();
  const dialog = page.getByRole("dialog", { name: "Purge the queue?" });
  const confirm = dialog.getByRole("button", { name: "Purge queue" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(endpoint.name);
  await confirm.click();
  await expect(page.getByText("Queue purged: 1 queued requests removed")).toBeVisible();
  await expect(table.getByText("IN_QUEUE")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Jobs queued" })).toHaveText(/0$/);
});

test("settings: change max workers, see it saved, then delete with typed-name confirmation", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("settings"));
  await page.goto(`/serverless/${endpoint.id}/settings`);
  await page.getByLabel("Max workers").fill("5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page
    .getByRole("navigation", { name: "Endpoint sections" })
    .getByRole("link", { name: "Overview" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/serverless/${endpoint.id}$`));
  await expect(page.getByText("0–5, idle 10 s")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Endpoint sections" })
    .getByRole("link", { name: "Settings" })
    .click();
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${endpoint.name}?` });
  await dialog.getByLabel(/to confirm/).fill(endpoint.name);
  await dialog.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/serverless$/);
  await expect(page.getByRole("link", { name: endpoint.name })).toHaveCount(0);
});

test("a worker running a job links to that job's page", async ({ page, request }) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("busy"));
  // A long job keeps its worker busy while the test looks; the run ends with the platform.
  const job = await platformPost<{ id: string }>(request, `/v2/${endpoint.id}/run`, {
    input: { mock_delay: 120 },
  });
  await page.goto(`/serverless/${endpoint.id}/workers`);
  const table = page.getByRole("table", { name: "Workers" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `Job ${job.id}` }) });
  await expect(row).toBeVisible({ timeout: 25_000 });
  await expect(row).toContainText("running");
  await row.getByRole("link", { name: `Job ${job.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/serverless/${endpoint.id}/jobs/${job.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Job ${job.id}` })).toBeVisible();
});

test("looking at a load balancer never starts a worker: its page and the list read the management API only", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = uniqueName("lb-look");
  const endpoint = await platformPost<{ id: string }>(request, "/v2/serverless", {
    name,
    type: "LOAD_BALANCER",
    image: "hangar/echo-lb",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "REQUEST_COUNT", requestCount: 1 },
    workers: { min: 0, max: 1 },
  });
  const workersOnPlatform = async () => {
    const answer = await request.get(`${PLATFORM_URL}/v2/serverless/${endpoint.id}/workers`, {
      headers: { authorization: `Bearer ${E2E_KEY}` },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { summary: { total: number } }).summary.total;
  };
  // Counts the console's answers to the page's live reads, to wait for whole refresh cycles.
  let reads = 0;
  page.on("response", (r) => {
    if (/\/api\/serverless\/(health|[^/]+\/health)$/.test(new URL(r.url()).pathname)) reads++;
  });
  // Polls the platform while the page refreshes `cycles` more times; every look must see 0 workers.
  async function expectNoWorkerFor(cycles: number) {
    const until = reads + cycles;
    await expect
      .poll(async () => ((await workersOnPlatform()) === 0 ? reads : -1), { timeout: 25_000 })
      .toBeGreaterThanOrEqual(until);
  }

  await page.goto(`/serverless/${endpoint.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("group", { name: "Running workers" })).toContainText("0");
  await expect(page.getByRole("group", { name: "Jobs queued" })).toContainText("—");
  await expectNoWorkerFor(3);
  await expect(page.getByText(/unavailable/i)).toHaveCount(0);

  await page
    .getByRole("navigation", { name: "Endpoint sections" })
    .getByRole("link", { name: "Workers" })
    .click();
  await expect(page.getByRole("region", { name: "No workers running" })).toBeVisible();
  await expectNoWorkerFor(2);

  await page.goto("/serverless");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("scaled to zero");
  await expect(row).toContainText("0 running, 0 idle");
  await expect(row).toContainText("no queue");
  await expectNoWorkerFor(2);
  await expect(row).not.toContainText("unknown");
  expect(await workersOnPlatform()).toBe(0);
});

test("releases read in people's words: the first release sets each setting, a later one says what changed from what to what", async ({
  page,
  request,
}) => {
  const ep = await createQueueEndpoint(request, uniqueName("releases"), {
    env: { MODEL: "tiny" },
  });
  const patch = await request.patch(`${PLATFORM_URL}/v2/serverless/${ep.id}`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
    data: { image: "runpod/mock-worker:2", env: { MODEL: "large", DEBUG: "1" } },
  });
  expect(patch.ok(), await patch.text()).toBe(true);
  await page.goto(`/serverless/${ep.id}/releases`);
  const latest = page.getByRole("listitem").filter({ hasText: "Version 2" });
  await expect(latest).toContainText(
    "Image changed from runpod/mock-worker:latest to runpod/mock-worker:2",
  );
  await expect(latest).toContainText("Environment variable MODEL changed from tiny to large");
  await expect(latest).toContainText("Environment variable DEBUG added: 1");
  const first = page.getByRole("listitem").filter({ hasText: "Version 1" });
  await expect(first).toContainText("Start command set to none");
  await expect(first).toContainText("Container disk set to");
  // Never the raw JSON of the old view.
  await expect(page.getByText('""')).toHaveCount(0);
});

test("each endpoint tab is an address of its own that shows it is loading when followed, and an old ?tab= link lands on it with the rest of its query", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("tab-links"));
  await page.goto(`/serverless/${endpoint.id}?tab=metrics&window=15m`);
  await expect(page).toHaveURL(new RegExp(`/serverless/${endpoint.id}/metrics\\?window=15m$`));
  await expect(page.getByRole("heading", { name: "Metrics of the last 15 min" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Endpoint sections" });
  await expect(tabs.getByRole("link", { name: "Metrics" })).toHaveAttribute("aria-current", "page");

  // While the next tab's page is on its way, its tab says so.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(
    (url) => url.pathname.endsWith(`/${endpoint.id}/releases`),
    async (route) => {
      const h = route.request().headers();
      if (h["rsc"] && !h["next-router-prefetch"]) await held;
      await route.continue();
    },
  );
  await tabs.getByRole("link", { name: "Releases" }).click();
  await expect(
    tabs.getByRole("link", { name: "Releases" }).getByTestId("tab-pending"),
  ).toBeVisible();
  answer();
  await expect(page).toHaveURL(new RegExp(`/serverless/${endpoint.id}/releases$`));
  await expect(tabs.getByTestId("tab-pending")).toHaveCount(0);
  await expect(tabs.getByRole("link", { name: "Releases" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("listitem").filter({ hasText: "Version 1" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Metrics of the last 15 min" })).toBeVisible();
});

test("the overview's quick start shows the first request in every language of the code drawer, by mouse and arrow keys", async ({
  page,
  request,
}) => {
  const ep = await createQueueEndpoint(request, uniqueName("quickstart"));
  await page.goto(`/serverless/${ep.id}`);
  const quick = page.getByRole("region", { name: "Quick start" });
  // It loads when it comes into view, below the request URLs.
  await quick.scrollIntoViewIfNeeded();
  const tabs = quick.getByRole("tab");
  await expect(tabs).toHaveText([
    "cURL",
    "Python",
    "JavaScript",
    "TypeScript",
    "Python SDK",
    "JavaScript SDK",
  ]);
  const code = quick.getByLabel("Code");
  await expect(code).toContainText(`/v2/${ep.id}/runsync`);
  await expect(code).toContainText("RUNPOD_API_KEY");
  await quick.getByRole("tab", { name: "Python", exact: true }).click();
  await expect(code).toContainText("import requests");
  await expect(quick.getByRole("tab", { name: "Python", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.keyboard.press("ArrowRight");
  await expect(quick.getByRole("tab", { name: "JavaScript", exact: true })).toBeFocused();
  await expect(code).toContainText("fetch(");
  await page.keyboard.press("End");
  await expect(quick.getByRole("tab", { name: "JavaScript SDK" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(code).toContainText("runpod-sdk");
});
