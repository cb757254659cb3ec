import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, platformPost, test, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

const status = (page: Page) => page.getByLabel("Job status");

test("a video model's result is a WebM video that plays in a <video> with controls and a caption", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto("/playground/wan-2-6-t2v");
  const prompt = `Waves rolling onto a beach at dusk (${uniqueName("e2e")})`;
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);

  // The platform's clock stands still: the run's cold start and footage time pass when the test
  // moves it, not with the wall clock.
  await platformPost(request, "/_platform/clock", { mode: "manual" });
  try {
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(/\?run=run_/);
    await expect
      .poll(
        async () => {
          const text = (await status(page).textContent()) ?? "";
          if (text !== "COMPLETED")
            await platformPost(request, "/_platform/clock/advance", { ms: 5_000 });
          return text;
        },
        { intervals: [500], timeout: 60_000 },
      )
      .toBe("COMPLETED");
  } finally {
    await platformPost(request, "/_platform/clock", { mode: "real" });
  }

  const video = page.getByRole("figure").locator("video");
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("src", /\/output\.webm$/);
  await expect(page.getByRole("figure")).toContainText(`Generated video of: ${prompt}`);
  // The browser decodes it: frames available, 5 s long, 16:9 at 480 px wide.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const meta = await video.evaluate((v: HTMLVideoElement) => ({
    duration: v.duration,
    width: v.videoWidth,
    height: v.videoHeight,
    error: v.error?.message ?? null,
  }));
  expect(meta).toEqual({ duration: 5, width: 480, height: 270, error: null });
  // And it plays: the playhead moves.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  await expect(page.getByRole("link", { name: "Download video" })).toBeVisible();

  // The run history shows a still of the video's first frame.
  const jobId = (await page.getByText(/^Job /).textContent())?.replace(/^Job\s*/, "").trim();
  const row = page.getByRole("row").filter({ hasText: prompt });
  await expect(row.getByRole("img", { name: `Result of run ${jobId}` })).toBeVisible();
  await expect
    .poll(() =>
      row
        .getByRole("img", { name: `Result of run ${jobId}` })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
});

test("a failed job reads as a message, a readable traceback and the raw JSON behind a toggle — on its page, in the request list and in the playground", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const endpoint = await createQueueEndpoint(request, uniqueName("fail"));
  const job = await platformPost<{ id: string }>(request, `/v2/${endpoint.id}/run`, {
    input: { mock_error: true },
  });

  // The request list says why each failed request failed, linking to its page.
  await page.goto(`/serverless/${endpoint.id}/requests`);
  const table = page.getByRole("table", { name: "Recent requests" });
  const row = table.getByRole("row").filter({ hasText: job.id });
  await expect(row.getByText("FAILED")).toBeVisible({ timeout: 25_000 });
  await row.getByRole("link", { name: "Exception: Mock error" }).click();

  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
  const error = page.getByRole("alert", { name: "The job failed" });
  await expect(error.getByTestId("job-error-message")).toHaveText("Exception: Mock error");
  // The traceback is a block of real lines, not one escaped string.
  const traceback = error.getByLabel("Traceback");
  await expect(traceback).toContainText('File "/handler.py", line 72, in _side_effects');
  const lines = (await traceback.textContent())!.split("\n");
  expect(lines[0]).toBe("Traceback (most recent call last):");
  expect(lines.at(-1)).toBe("Exception: Mock error");
  await expect(traceback).not.toContainText("\\n");
  // The raw JSON is there for whoever wants it, closed by default.
  const raw = error.getByLabel("Raw error JSON");
  await expect(raw).toBeHidden();
  await error.getByText("Raw error (JSON)").click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText("error_traceback");

  // The playground's result pane shows the same readable error.
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  await page.getByLabel("Input (JSON)").fill('{"mock_error": true}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("FAILED", { timeout: 25_000 });
  const pane = page.getByRole("alert", { name: "The job failed" });
  await expect(pane.getByTestId("job-error-message")).toHaveText("Exception: Mock error");
  await expect(pane.getByLabel("Traceback")).toContainText("raise Exception('Mock error')");
});

test("a queued job's page says it has no output yet instead of showing an 'Output null' box", async ({
  page,
  request,
}) => {
  // No worker may start: the job stays queued while the test looks.
  const endpoint = await createQueueEndpoint(request, uniqueName("queued"), {
    workers: { min: 0, max: 0 },
  });
  const job = await platformPost<{ id: string }>(request, `/v2/${endpoint.id}/run`, {
    input: { mock_return: "later" },
  });
  await page.goto(`/serverless/${endpoint.id}/jobs/${job.id}`);
  await expect(page.getByText("No output yet: the job is waiting in the queue.")).toBeVisible();
  await expect(page.getByText(/^null$/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Copy Output" })).toHaveCount(0);
});

test("an image-edit model takes an uploaded PNG: the preview shows, the run completes with an image; a wrong file type is refused in words", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 220, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  await page.goto("/playground/qwen-image-edit");
  await page.getByLabel("Prompt", { exact: true }).fill(`Make it blue (${uniqueName("e2e")})`);

  // A file that is not an image is refused before anything is sent.
  await page.getByLabel("Upload image").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(
    page.getByRole("alert").filter({ hasText: "notes.txt is not a PNG, JPEG or WebP image." }),
  ).toBeVisible();

  await page.getByLabel("Upload image").setInputFiles({
    name: "red.png",
    mimeType: "image/png",
    buffer: png,
  });
  const preview = page.getByRole("img", { name: "Preview of red.png" });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  // The URL option stays: removing the file brings the URL box back.
  await page.getByRole("button", { name: "Remove red.png" }).click();
  await expect(page.getByLabel("Image", { exact: true })).toBeVisible();
  await page.getByLabel("Upload image").setInputFiles({
    name: "red.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(preview).toBeVisible();

  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status(page)).toHaveText("COMPLETED", { timeout: 40_000 });
  await expect(page.getByRole("img", { name: "Generated image" })).toBeVisible();
  // The job's input carried the file itself.
  await page.getByRole("tab", { name: "JSON" }).click();
  await expect(page.getByRole("tabpanel", { name: "JSON" })).toContainText('"status": "COMPLETED"');

  // A list of images takes several files, each with its preview.
  await page.goto("/playground/nano-banana-edit");
  await page.getByLabel("Upload images").setInputFiles([
    { name: "one.png", mimeType: "image/png", buffer: png },
    { name: "two.png", mimeType: "image/png", buffer: png },
  ]);
  const uploaded = page.getByRole("list", { name: "Uploaded images" });
  await expect(uploaded.getByRole("img")).toHaveCount(2);
  await expect(uploaded.getByRole("img", { name: "Preview of two.png" })).toBeVisible();
});

test("Ctrl+Enter runs the model from inside the form; while queued the result says it is cold-starting a worker, with the time waited", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Hosted models run on per-account workers: a new account has none warm for this model (an
  // earlier test of the run may have warmed the shared account's), so its first run cold-starts.
  const account = await platformPost<{ key: { key: string } }>(request, "/_platform/accounts", {
    name: uniqueName("coldstart"),
  });
  await page.context().clearCookies();
  await signInWithPastedKey(page, account.key.key);
  await page.goto("/playground/wan-2-6-t2v");
  const run = page.getByRole("button", { name: "Run", exact: true });
  await expect(run).toHaveAttribute("aria-keyshortcuts", "Control+Enter Meta+Enter");
  await expect(run).toHaveAccessibleDescription(
    /Ctrl or ⌘ \+ Enter runs from anywhere in the form/,
  );

  // The clock stands still: the worker's cold start lasts until the test moves it.
  await platformPost(request, "/_platform/clock", { mode: "manual" });
  try {
    const prompt = page.getByLabel("Prompt", { exact: true });
    await prompt.fill(`A kite over a cliff (${uniqueName("e2e")})`);
    await prompt.press("Control+Enter");
    await expect(page).toHaveURL(/\?run=run_/);
    await expect(status(page)).toHaveText("IN_QUEUE");
    const waiting = page.getByRole("status", { name: "Waiting for" });
    await expect(waiting).toHaveText("Cold start: a worker is starting for this job");
    await expect(page.getByText(/^Waiting for \d+ s$/)).toBeVisible();
  } finally {
    await platformPost(request, "/_platform/clock", { mode: "real" });
  }
});

test("a run of an endpoint without workers says it waits in the queue and why", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("noworkers"), {
    workers: { min: 0, max: 0 },
  });
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  const json = page.getByLabel("Input (JSON)");
  await json.fill('{"mock_return": "later"}');
  // ⌘+Enter works too, from the JSON editor.
  await json.press("Meta+Enter");
  await expect(status(page)).toHaveText("IN_QUEUE");
  await expect(page.getByRole("status", { name: "Waiting for" })).toHaveText(
    "In queue: waiting for a free worker",
  );
  await expect(
    page.getByText("the endpoint runs its maximum of 0 worker(s) and all are busy"),
  ).toBeVisible();
});
