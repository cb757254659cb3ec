import { expect, test } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { platformPost, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("a pod's spend shows per day and per resource, beside the balance", async ({
  page,
  request,
}) => {
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("billed"),
    image: "runpod/pytorch:latest",
    gpu: { id: "NVIDIA A100-SXM4-80GB", count: 1 },
  });
  // Running pods are charged once a minute; stopping one settles its charge at once.
  await platformPost(request, `/v2/pods/${pod.id}/action`, { action: "stop" });
  await page.goto("/billing");
  await expect(page.getByRole("group", { name: "Balance" })).toContainText(/\$\d/);
  await expect(page.getByRole("group", { name: "Spent, last 30 days" })).not.toContainText(
    /\$0\.00$/,
  );
  await expect(
    page.getByRole("img", { name: "Spend per day over 30 days, by product" }),
  ).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(pod.name) });
  await expect(row).toContainText("Pod");
  await expect(row).toContainText(/\$\d/);
});

test("the billing period lives in the URL: a preset, then a custom range by week", async ({
  page,
}) => {
  await page.goto("/billing");
  const period = page.getByRole("form", { name: "Billing period" });
  await period.getByLabel("Period").selectOption("24h");
  await expect(page).toHaveURL(/\/billing\?range=24h$/);
  await expect(page.getByRole("group", { name: "Spent, last 24 hours" })).toBeVisible();

  await page.reload();
  await expect(period.getByLabel("Period")).toHaveValue("24h");

  await period.getByLabel("Period").selectOption("custom");
  await period.getByLabel("From").fill("2026-11-20");
  await period.getByLabel("To (inclusive)").fill("2026-11-01");
  await period.getByRole("button", { name: "Show" }).click();
  await expect(period.getByLabel("To (inclusive)")).toHaveAccessibleDescription(
    /end date must be after the start date/,
  );
  await period.getByLabel("From").fill("2026-10-01");
  await period.getByLabel("Per", { exact: true }).selectOption("week");
  await period.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/range=custom&start=2026-10-01&end=2026-11-01&bucket=week/);
  await expect(
    page.getByRole("group", { name: "Spent, 2026-10-01 to 2026-11-01, by week" }),
  ).toBeVisible();
});

test("hosted-model spend is one named row, and the full-width chart reads out each day by pointer and keyboard, in local time with UTC on hover", async ({
  page,
  request,
}) => {
  const slug = "black-forest-labs-flux-1-schnell";
  const headers = { authorization: `Bearer ${E2E_KEY}` };
  const job = await platformPost<{ id: string }>(request, `/v2/${slug}/run`, {
    input: { prompt: "a lighthouse at dusk" },
  });
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`${PLATFORM_URL}/v2/${slug}/status/${job.id}`, { headers })
          ).json()) as { status: string }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("COMPLETED");

  await page.goto("/billing");
  const row = page.getByRole("row", { name: /All hosted models/ });
  await expect(row).toContainText("The billing API totals hosted models together");
  await expect(row.getByRole("link", { name: "All hosted models" })).toHaveAttribute(
    "href",
    "/playground",
  );
  await expect(page.getByRole("row", { name: /hosted-models/ })).toHaveCount(0);

  // The read-out starts on the latest day with spend: today, with the model's cost in it.
  const readout = page.getByTestId("spend-readout");
  await expect(readout).toContainText(/Hosted models \$\d/);
  await expect(readout.locator("time")).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  const today = (await readout.textContent()) ?? "";

  const chart = page.getByRole("group", { name: /^Spend per day: use the arrow keys/ });
  await chart.focus();
  await page.keyboard.press("Home");
  await expect(readout).not.toHaveText(today);
  const first = (await readout.textContent()) ?? "";
  await page.keyboard.press("End");
  await expect(readout).toHaveText(today);

  // The pointer over the first day reads that day.
  const plot = page.getByRole("img", { name: /^Spend per day over \d+ days/ });
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.075, box.y + box.height / 2);
  await expect(readout).toHaveText(first);
  // Across the page, not half of it.
  const main = (await page.getByRole("main").boundingBox())!;
  expect(box.width).toBeGreaterThan(main.width * 0.8);
});
