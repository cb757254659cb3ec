import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";

test("every page has an icon: the one the page links to and /favicon.ico answer 200", async ({
  page,
  request,
}) => {
  await page.goto("/sign-in");
  const href = await page.locator('head link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await request.get(new URL(href!, page.url()).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\//);
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);
});

test.describe("signed in", () => {
  test.beforeEach(async ({ page }) => {
    await signInWithPastedKey(page, E2E_KEY);
  });

  test("an unknown URL is a 404 inside the console, with ways back", async ({ page }) => {
    const answer = await page.goto("/no-such-page/anywhere");
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    // The console's own layout: its navigation is there.
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
    const back = page.getByRole("navigation", { name: "Ways back" });
    await back.getByRole("link", { name: "Serverless endpoints" }).click();
    await expect(page).toHaveURL(/\/serverless$/);
    await expect(page.getByRole("heading", { level: 1, name: "Serverless" })).toBeVisible();
  });

  test("an endpoint id the platform does not know says so and links to the list", async ({
    page,
  }) => {
    const id = "nosuchendpoint";
    await page.goto(`/serverless/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `No endpoint ${id}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByRole("alert", { name: /Could not load/ })).toHaveCount(0);
    await page.getByRole("link", { name: "All endpoints" }).click();
    await expect(page).toHaveURL(/\/serverless$/);

    await page.goto(`/playground/endpoint/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `No endpoint ${id}` })).toBeVisible();
  });
});
