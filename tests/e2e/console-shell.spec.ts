import { expect, test } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL, SHELL_PAGES } from "./env";
import { signInWithLocalKey, signInWithPastedKey } from "./sign-in";

test("signing in with a pasted key shows the shell with navigation and the local-platform band", async ({
  page,
}) => {
  await signInWithPastedKey(page, E2E_KEY);

  await expect(page.getByRole("heading", { level: 1, name: "Serverless" })).toBeVisible();
  const band = page.getByRole("complementary", { name: "Platform environment" });
  await expect(band).toContainText(`Local platform · ${PLATFORM_URL} — nothing here costs money`);

  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Serverless", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const { link, heading, path } of SHELL_PAGES) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("one-click sign-in with the local platform key opens the console and names the account", async ({
  page,
  request,
}) => {
  const me = await request.get(`${PLATFORM_URL}/_platform/whoami`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
  });
  expect(me.status()).toBe(200);
  const { account } = (await me.json()) as { account: { name: string } };

  await signInWithLocalKey(page);

  await expect(page.getByRole("heading", { level: 1, name: "Serverless" })).toBeVisible();
  await expect(page.getByRole("banner").getByText(account.name, { exact: true })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Platform environment" })).toContainText(
    "Local platform",
  );
});

test("a wrong key shows the platform's 401 detail on the key field", async ({ page, request }) => {
  const wrongKey = "rpa_WRONGKEY00000000000000000000000000000000";
  const answer = await request.get(`${PLATFORM_URL}/v2/account/ssh-keys`, {
    headers: { authorization: `Bearer ${wrongKey}` },
  });
  expect(answer.status()).toBe(401);
  const { detail } = (await answer.json()) as { detail: string };

  await page.goto("/sign-in");
  const field = page.getByLabel("API key");
  await field.fill(wrongKey);
  await page.getByRole("button", { name: "Sign in with this key" }).click();

  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(detail, "i"));
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("an empty key is rejected on the field before anything is sent", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page.getByLabel("API key")).toHaveAccessibleDescription(/Paste an API key\./);
});

test("signing out returns to sign-in, and console pages then redirect to sign-in", async ({
  page,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  await page.getByRole("button", { name: "Sign out" }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to the console" }),
  ).toBeVisible();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain(
    "next-auth.session-token",
  );

  for (const { path } of [{ path: "/" }, ...SHELL_PAGES]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in$/);
  }
  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).toEqual({});
});

test("the theme can be switched to dark and back from the keyboard", async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
  const theme = page.getByLabel("Theme");
  await theme.focus();
  await theme.selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByLabel("Theme")).toHaveValue("dark");
  await page.getByLabel("Theme").selectOption("light");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});
