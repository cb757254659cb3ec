import { expect, type Page } from "@playwright/test";

export async function signInWithPastedKey(page: Page, key: string) {
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page).toHaveURL(/\/serverless$/);
}

export async function signInWithLocalKey(page: Page) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Use the local platform key" }).click();
  await expect(page).toHaveURL(/\/serverless$/);
}
