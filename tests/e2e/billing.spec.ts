import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
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
