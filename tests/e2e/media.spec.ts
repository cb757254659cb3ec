import { expect, type Page } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { platformPost, test, uniqueName } from "./support";

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
