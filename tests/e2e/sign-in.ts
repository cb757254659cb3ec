import { expect, type Page } from "@playwright/test";

// A console page left open polls its session: once a test clears the cookies, that page's own
// redirect to the sign-in page can abort the test's navigation (net::ERR_ABORTED). Leaving it
// for a blank page first makes signing in independent of what the tab showed before.
async function openSignIn(page: Page) {
  if (page.url() !== "about:blank") await page.goto("about:blank");
  await page.goto("/sign-in");
}

export async function signInWithPastedKey(page: Page, key: string) {
  await openSignIn(page);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page).toHaveURL(/\/serverless$/);
}

export async function signInWithLocalKey(page: Page) {
  await openSignIn(page);
  await page.getByRole("button", { name: "Use the local platform key" }).click();
  await expect(page).toHaveURL(/\/serverless$/);
}
