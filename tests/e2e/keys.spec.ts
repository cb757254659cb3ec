import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { uniqueName } from "./support";

test("create a restricted key, see it once, and see its 403 rendered as a clear message", async ({
  page,
  browser,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  const name = uniqueName("restricted");
  await page.goto("/keys");
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByLabel("Key name").fill(name);
  await form.getByLabel("Permission").selectOption("restricted");
  await form.getByLabel("storage").selectOption("read");
  await form.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("status", { name: "New API key" });
  await expect(shown).toContainText("it is shown only once");
  const key = (await shown.locator("code").textContent())!.trim();
  expect(key).toMatch(/^rpa_/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Restricted (storage: read)");

  // The restricted key may read storage but not serverless.
  const other = await browser.newContext();
  const restrictedPage = await other.newPage();
  await signInWithPastedKey(restrictedPage, key);
  await expect(
    restrictedPage.getByRole("alert", { name: "Could not load endpoints" }),
  ).toContainText("This API key is not allowed to do that (403 Forbidden)");
  await restrictedPage.goto("/storage");
  await expect(restrictedPage.getByRole("heading", { level: 1, name: "Storage" })).toBeVisible();
  await expect(
    restrictedPage.getByRole("alert", { name: /Could not load network volumes/ }),
  ).toHaveCount(0);
  await other.close();

  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(row).toContainText("disabled");
  await row.getByRole("button", { name: `Enable ${name}` }).click();
  await expect(row).toContainText("enabled");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await dialog.getByLabel(/to confirm/).fill(name);
  await dialog.getByRole("button", { name: "Delete key" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});
