import { expect, test } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { settledPage } from "./console-routes";
import { signInWithPastedKey } from "./sign-in";
import { holdScripts, platformPost, uniqueName } from "./support";

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

test("the key of this session is marked, and deleting it asks to sign out, then signs out with a message", async ({
  page,
  request,
}) => {
  // A key of the same account to sign in with, so deleting it leaves the suite's key alone.
  const name = uniqueName("session-key");
  const created = await platformPost<{ id: string; key: string }>(request, "/_platform/keys", {
    name,
  });
  await signInWithPastedKey(page, created.key);
  await page.goto("/keys");
  const own = page.getByRole("row", { name: new RegExp(name) });
  await expect(own).toContainText("this session");
  await expect(page.getByText("this session")).toHaveCount(1);

  await own.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog).toContainText("This console session is signed in with this key");
  await expect(dialog).toContainText("signs you out");
  const confirm = dialog.getByRole("button", { name: "Delete key and sign out" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(name);
  await confirm.click();

  await expect(page).toHaveURL(/\/sign-in\?reason=/);
  // Next.js adds its own (empty) role="alert" route announcer once the page hydrates.
  await expect(page.getByRole("alert").filter({ hasText: /sign in again/i })).toBeVisible();
  await expect(page.getByLabel("API key")).toBeVisible();
  const keys = await request.get(`${PLATFORM_URL}/_platform/keys`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
  });
  expect(((await keys.json()) as { keys: { id: string }[] }).keys.map((k) => k.id)).not.toContain(
    created.id,
  );
  // The session is over: the console sends the browser back to sign in.
  await page.goto("/serverless");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the create-key form's code loads when the user reaches for it, and what was typed, chosen and submitted before it arrived is kept", async ({
  page,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  await page.goto("/keys");
  await settledPage(page);
  await page.waitForLoadState("load");

  // From here on, scripts wait until the test lets them through.
  const scripts = await holdScripts(page, "**/_next/static/chunks/**");

  const name = uniqueName("early");
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByLabel("Key name").fill(name);
  // Focusing the form asked for its code (nothing had loaded it with the page).
  await expect.poll(scripts.waiting).toBeGreaterThan(0);
  // A choice in a <select>: hydrating puts the server's choice back, so only its change event kept it.
  await form.getByLabel("Permission").selectOption("read");
  await form.getByRole("button", { name: "Create key" }).click();
  // The browser did not submit the form itself (a GET with the name in the address).
  expect(new URL(page.url()).search).toBe("");

  scripts.release();
  const shown = page.getByRole("status", { name: "New API key" });
  await expect(shown).toContainText(`Key ${name} created`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Read only");
});

test("a choice made before the page's code ran is kept once the create-key form loads", async ({
  page,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  // Every script (not the style sheets) waits from the start: the page is the server's HTML,
  // nothing listens yet.
  const scripts = await holdScripts(page);
  await page.goto("/keys", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Create an API key" });
  const name = uniqueName("before-code");
  await form.getByLabel("Key name").fill(name);
  await form.getByLabel("Permission").selectOption("read");

  scripts.release();
  await settledPage(page);
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("status", { name: "New API key" })).toContainText(
    `Key ${name} created`,
  );
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Read only");
});
