import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, platformPost, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("create, grow (never shrink) and delete a volume", async ({ page }) => {
  const name = uniqueName("vol");
  await page.goto("/storage");
  const form = page.getByRole("form", { name: "Create a network volume" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Size (GB)").fill("5000");
  await form.getByRole("button", { name: "Create volume" }).click();
  await expect(form.getByLabel("Size (GB)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Size (GB)")).toHaveAccessibleDescription(
    /over 4 TB\) are arranged with support/,
  );

  await form.getByLabel("Size (GB)").fill("100");
  await expect(form.getByText("≈ $7.00 per month")).toBeVisible();
  await form.getByRole("button", { name: "Create volume" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("100 GB");
  await expect(row).toContainText("$7.00");

  await row.getByRole("button", { name: `Grow ${name}` }).click();
  const grow = page.getByRole("dialog", { name: `Grow ${name}` });
  const size = grow.getByLabel("New size (GB)");
  await size.fill("50");
  await grow.getByRole("button", { name: "Grow volume" }).click();
  await expect(size).toHaveAccessibleDescription(
    /Volumes only grow: enter more than the current 100 GB/,
  );
  await size.fill("1200");
  await grow.getByRole("button", { name: "Grow volume" }).click();
  await expect(grow).toBeHidden();
  // 1000 GB × 0.07 + 200 GB × 0.05
  await expect(row).toContainText("1200 GB");
  await expect(row).toContainText("$80.00");

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await confirm.getByLabel(/to confirm/).fill(name);
  await confirm.getByRole("button", { name: "Delete volume" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("deleting an attached volume is refused with the platform's reason", async ({
  page,
  request,
}) => {
  const volume = await platformPost<{ id: string; name: string }>(request, "/v2/network-volumes", {
    name: uniqueName("attached"),
    size: 20,
    dataCenter: "EU-RO-1",
  });
  const endpoint = await createQueueEndpoint(request, uniqueName("with-volume"), {
    networkVolumes: [volume.id],
  });
  await page.goto("/storage");
  const row = page.getByRole("row", { name: new RegExp(volume.name) });
  await expect(row).toContainText(`endpoint ${endpoint.name}`);

  // Keyboard: the confirmation opens from the keyboard, Escape closes it, focus goes back.
  const remove = row.getByRole("button", { name: `Delete ${volume.name}` });
  await remove.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: `Delete ${volume.name}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await confirm.getByLabel(/to confirm/).fill(volume.name);
  await confirm.getByRole("button", { name: "Delete volume" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "was not deleted" })).toContainText(
    /is attached to serverless endpoint .*detach it from the endpoint first/i,
  );
  await expect(page.getByRole("row", { name: new RegExp(volume.name) })).toBeVisible();
});
