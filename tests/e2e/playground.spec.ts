import { expect, test, type Page } from "@playwright/test";
import { usd } from "@/components/forms/format";
import { findModel } from "@/lib/models";
import { CONSOLE_URL, E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, platformPost, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

const status = (page: Page) => page.getByLabel("Job status");

test("run an image model with changed inputs: live status, then the image and its cost; copy its request code", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: CONSOLE_URL });
  await page.goto("/playground");
  await page.getByLabel("Search models").fill("flux dev");
  await expect(page).toHaveURL(/q=flux/);
  await page.getByRole("link", { name: /FLUX\.1 \[dev\]/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "FLUX.1 [dev]" })).toBeVisible();
  await expect(page.getByText("$0.02 per megapixel.")).toBeVisible();

  const prompt = `A lighthouse in a thunderstorm, oil painting (${uniqueName("e2e")})`;
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  await page.getByText("Additional settings").click();
  // Bounds come from the catalogue schema: 700 is not a multiple of 64.
  await page.getByLabel("Width", { exact: true }).fill("700");
  await expect(page.getByText("width must be divisible by 64")).toBeVisible();
  await page.getByLabel("Width", { exact: true }).fill("768");
  await page.getByLabel("Steps", { exact: true }).fill("40");
  const price = usd(findModel("black-forest-labs-flux-1-dev")!.cost({ width: 768, height: 1024 }));
  await expect(page.getByText("This run:")).toContainText(price);

  // The JSON view shows the same input, defaults included.
  await page.getByRole("button", { name: "JSON" }).click();
  const json = page.getByLabel("Input (JSON)");
  await expect(json).toHaveValue(/"width": 768/);
  await expect(json).toHaveValue(/"image_format": "jpeg"/);
  await page.getByRole("button", { name: "Form" }).click();
  await expect(page.getByLabel("Width", { exact: true })).toHaveValue("768");

  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText(/IN_QUEUE|IN_PROGRESS/);
  await expect(page).toHaveURL(/\?run=run_/);
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByRole("img", { name: "Generated image" })).toBeVisible();
  await expect(page.getByText("Synthetic output of the local platform")).toBeVisible();
  await expect(page.getByLabel("Timings")).toContainText(price);
  await expect(page.getByLabel("Timings")).toContainText(/Queue \+ cold start\s*\d/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download image" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.jpe?g$/);

  await page.getByRole("tab", { name: "JSON" }).click();
  await expect(page.getByRole("tabpanel", { name: "JSON" })).toContainText('"image_url"');

  await page.getByRole("button", { name: "Request code" }).click();
  const drawer = page.getByRole("dialog", { name: "Request code" });
  await expect(drawer.getByLabel("Code")).toContainText(
    `${PLATFORM_URL}/v2/black-forest-labs-flux-1-dev/run`,
  );
  await expect(drawer.getByLabel("Code")).toContainText('"width": 768');
  await expect(drawer.getByLabel("Code")).toContainText("RUNPOD_API_KEY");
  await drawer.getByRole("tab", { name: "Python", exact: true }).click();
  await expect(drawer.getByLabel("Code")).toContainText("requests.post");
  await drawer.getByLabel("Operation").selectOption("status");
  await expect(drawer.getByLabel("Code")).toContainText("/status/");
  await drawer.getByRole("button", { name: "Copy code" }).click();
  await expect(drawer.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The drawer fills in the job of the current run for /status, /stream and /cancel.
  const jobId = (await page.getByText(/^Job /).textContent())?.replace(/^Job\s*/, "").trim();
  expect(copied).toContain(`${PLATFORM_URL}/v2/black-forest-labs-flux-1-dev`);
  expect(copied).toContain("/status/");
  expect(copied).toContain(`JOB_ID = "${jobId}"`);
  expect(copied).not.toContain(E2E_KEY);
  await drawer.getByRole("button", { name: "Close" }).click();

  // The history keeps the run, with its thumbnail.
  const history = page.getByRole("table", { name: /Your recent runs of FLUX/ });
  const row = history.getByRole("row").filter({ hasText: prompt });
  await expect(row.getByText("COMPLETED")).toBeVisible();
  await expect(row.getByRole("img", { name: `Result of run ${jobId}` })).toBeVisible();
});

test("a text model streams its answer: tokens appear while the job is still running", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto("/playground?kind=text");
  await expect(page.getByRole("link", { name: /FLUX/ })).toHaveCount(0);
  await page.getByRole("link", { name: /Qwen3 32B AWQ/ }).click();
  await page
    .getByLabel("Prompt", { exact: true })
    .fill("Tell me about lighthouses and the people who kept them");

  // The platform's clock stands still, so the answer advances only when the test moves it: the
  // first tokens must be on screen while the job is still running, however slow the machine.
  await platformPost(request, "/_platform/clock", { mode: "manual" });
  try {
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const output = page.getByLabel("Output text");
    // Each step reads the page first and moves the clock only while no text is shown yet (a
    // batch of 4 tokens takes 100 ms), so at most a few batches exist when the first one shows.
    await expect
      .poll(
        async () => {
          if ((await output.count()) > 0) return (await output.textContent()) ?? "";
          const running = (await status(page).textContent()) === "IN_PROGRESS";
          await platformPost(request, "/_platform/clock/advance", { ms: running ? 100 : 250 });
          return "";
        },
        { intervals: [500], timeout: 60_000 },
      )
      .toContain("This is a synthetic");
    await expect(status(page)).toHaveText("IN_PROGRESS");
    await expect(output).not.toContainText("You asked");
  } finally {
    await platformPost(request, "/_platform/clock", { mode: "real" });
  }
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByLabel("Output text")).toContainText(
    'You asked: "Tell me about lighthouses and the people who kept them".',
  );
  await expect(page.getByText(/Tokens: \d+ in, \d+ out/)).toBeVisible();
});

test("cancel a slow run of your own endpoint, opened from its page", async ({ page, request }) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-cancel"));
  await page.goto(`/serverless/${endpoint.id}/requests`);
  await page.getByRole("link", { name: "Open in playground" }).click();
  await expect(page).toHaveURL(new RegExp(`/playground/endpoint/${endpoint.id}$`));
  await page.getByLabel("Input (JSON)").fill('{"mock_return": "too late", "mock_delay": 120}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText(/IN_QUEUE|IN_PROGRESS/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(status(page)).toHaveText("CANCELLED");
  await expect(page.getByText("The job was cancelled.")).toBeVisible();
});

test("run your own endpoint from its page and see its output, then re-run it from the history", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-run"));
  await page.goto(`/serverless/${endpoint.id}/requests`);
  await page.getByRole("link", { name: "Open in playground" }).click();
  await expect(page.getByLabel("Input (JSON)")).toHaveValue(
    /"mock_return": "Hello from the playground"/,
  );
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByLabel("Output text")).toHaveText("Hello from the playground");
  await expect(page.getByLabel("Timings")).toContainText(/Execution\s*\d/);

  const history = page.getByRole("table", { name: /Your recent runs of/ });
  await expect(history.getByRole("row")).toHaveCount(2);
  await history.getByRole("button", { name: /Re-run/ }).click();
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
});

test("a generator endpoint's chunks are shown as they stream", async ({ page, request }) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-gen"), {
    args: "--generator",
  });
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  await page
    .getByLabel("Input (JSON)")
    .fill('{"mock_return": ["one ", "two ", "three"], "mock_delay": 0}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByLabel("Output text")).toHaveText("one two three");
});

test("compare two runs with different inputs: both outputs side by side, the differing field highlighted", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-compare"));
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  const input = page.getByLabel("Input (JSON)");
  await input.fill('{"mock_return": "first answer", "mock_delay": 0}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByLabel("Output text")).toHaveText("first answer");
  await input.fill('{"mock_return": "second answer", "mock_delay": 0}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByLabel("Output text")).toHaveText("second answer");

  const history = page.getByRole("table", { name: /Your recent runs of/ });
  await expect(history.getByRole("row")).toHaveCount(3);
  const picks = history.getByRole("checkbox", { name: /to compare$/ });
  await picks.nth(0).check();
  await picks.nth(1).check();
  await page.getByRole("link", { name: "Compare", exact: true }).click();
  await expect(page).toHaveURL(/\/playground\/compare\?a=run_[^&]+&b=run_/);
  await expect(page.getByRole("heading", { level: 1, name: "Compare runs" })).toBeVisible();

  // The older run is A, the newer B; each output sits in its own column.
  await expect(
    page.getByRole("region", { name: "Output of run A" }).getByLabel("Output text"),
  ).toHaveText("first answer");
  await expect(
    page.getByRole("region", { name: "Output of run B" }).getByLabel("Output text"),
  ).toHaveText("second answer");

  const inputs = page.getByRole("table", { name: "Input, field by field" });
  const changed = inputs.getByRole("row").filter({ hasText: "mock_return" });
  await expect(changed).toHaveAttribute("data-differs", "true");
  await expect(changed.getByText("Differs")).toBeVisible();
  await expect(changed).toContainText("first answer");
  await expect(changed).toContainText("second answer");
  const same = inputs.getByRole("row").filter({ hasText: "mock_delay" });
  await expect(same).not.toHaveAttribute("data-differs");
  await expect(same.getByText("Differs")).toHaveCount(0);

  const run = page.getByRole("table", { name: "Status, timings and cost" });
  await expect(run.getByRole("row").filter({ hasText: "Status" })).toContainText(
    /COMPLETED.*COMPLETED/,
  );
});

test("on the local platform the delay is split into queue wait and cold start", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-split"));
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  await page.getByLabel("Input (JSON)").fill('{"mock_return": "split", "mock_delay": 0}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  const timings = page.getByLabel("Timings");
  await expect(timings).toContainText(/Queue \+ cold start\s*\d/);
  await expect(timings).toContainText(/Queue wait\s*\d/);
  // The endpoint had no worker yet: the first job waited for one to start.
  await expect(timings).toContainText(/Cold start\s*\d/);
});

test("request code for a large input: the drawer sends the input in a POST body, bad bodies get a problem", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-large"));
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  // ~60 kB: far beyond what a URL's query string can carry.
  const large = `${"lighthouse ".repeat(6_000)}THE END`;
  await page.getByLabel("Input (JSON)").fill(JSON.stringify({ mock_return: large }));
  await page.getByRole("button", { name: "Request code" }).click();
  const drawer = page.getByRole("dialog", { name: "Request code" });
  await expect(drawer.getByLabel("Code")).toContainText(`/v2/${endpoint.id}/run`);
  await expect(drawer.getByLabel("Code")).toContainText("THE END");

  // The session cookie travels with page.request: these reach the handler's validation.
  const notJson = await page.request.post("/api/playground/snippet", {
    headers: { "content-type": "application/json" },
    // A Buffer is sent as is (a string would be JSON-encoded for a JSON content type).
    data: Buffer.from("{not json"),
  });
  expect(notJson.status()).toBe(400);
  expect(notJson.headers()["content-type"]).toMatch(/^application\/problem\+json/);
  const noTarget = await page.request.post("/api/playground/snippet", {
    data: { language: "curl", operation: "run", input: {} },
  });
  expect(noTarget.status()).toBe(422);
  expect(await noTarget.json()).toMatchObject({ status: 422 });
  const badLanguage = await page.request.post("/api/playground/snippet", {
    data: { language: "cobol", operation: "run", endpoint: endpoint.id },
  });
  expect(badLanguage.status()).toBe(422);
});

/** Runs an own endpoint from its playground until COMPLETED; returns the job id. */
async function runOwnEndpoint(page: Page, endpointId: string, input: string) {
  await page.goto(`/playground/endpoint/${endpointId}`);
  await page.getByLabel("Input (JSON)").fill(input);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText(/IN_QUEUE|IN_PROGRESS|COMPLETED/);
  const job = page.getByText(/^Job /);
  await expect(job).toBeVisible();
  return (await job.textContent())!.replace(/^Job\s*/, "").trim();
}

test("an own endpoint's run costs what its Requests tab estimates, in the result and the history", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-cost"));
  const jobId = await runOwnEndpoint(
    page,
    endpoint.id,
    '{"mock_return": "priced", "mock_delay": 1}',
  );
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  const cost = page.getByLabel("Timings").getByRole("group", { name: "Cost" });
  await expect(cost).toContainText(/≈ \$\d/);
  const estimate = (await cost.getByRole("definition").textContent())!.trim();

  const history = page.getByRole("table", { name: /Your recent runs of/ });
  await expect(history.getByRole("row").nth(1)).toContainText(estimate);

  await page.goto(`/serverless/${endpoint.id}/requests`);
  const row = page.getByRole("table", { name: "Recent requests" }).getByRole("row", {
    name: new RegExp(jobId),
  });
  await expect(row).toContainText(estimate);
});

test("the history row of a run ends when the result pane does, without waiting for the history's next poll", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("pg-sync"), {
    flashboot: "PRIORITY_FLASHBOOT",
  });
  // Long enough that the history shows the run before it ends, even on a busy machine (3 s was
  // not: the page's first history read came after the job had completed).
  await runOwnEndpoint(page, endpoint.id, '{"mock_return": "in step", "mock_delay": 8}');
  const row = page
    .getByRole("table", { name: /Your recent runs of/ })
    .getByRole("row")
    .nth(1);
  await expect(row).toContainText(/IN_QUEUE|IN_PROGRESS/);
  // From now on the history's own reads never answer: only the run's live updates can move it.
  await page.route(
    (url) => url.pathname === "/api/playground/runs",
    () => {},
  );
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(row).toContainText("COMPLETED");
});

test("runs of an own endpoint are named after the endpoint in the history of every run", async ({
  page,
  request,
}) => {
  const name = uniqueName("pg-named");
  const endpoint = await createQueueEndpoint(request, name);
  const jobId = await runOwnEndpoint(
    page,
    endpoint.id,
    '{"mock_return": "named", "mock_delay": 0}',
  );
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 25_000 });

  await page.goto("/playground");
  const row = page
    .getByRole("table", { name: "Your recent runs" })
    .getByRole("row", { name: new RegExp(jobId) });
  await expect(row.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(row).not.toContainText(endpoint.id);
});

test("every gallery card shows a picture of what its model makes, and each picture loads", async ({
  page,
}) => {
  await page.goto("/playground");
  const cards = page.getByRole("listitem").filter({ has: page.locator("img[data-preview]") });
  const pictures = page.locator("img[data-preview]");
  await expect(pictures.first()).toBeVisible();
  const count = await pictures.count();
  expect(count).toBeGreaterThanOrEqual(10);
  expect(await cards.count()).toBe(count);
  for (let i = 0; i < count; i++) {
    const img = pictures.nth(i);
    await img.scrollIntoViewIfNeeded();
    // Decoded from the console's own static file, 480 × 300.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(480);
  }
  // Decorative: the card's link is named by its text, not by the picture.
  await expect(pictures.first()).toHaveAttribute("alt", "");
});
