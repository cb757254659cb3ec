import { expect, type Page } from "@playwright/test";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, createTestKey, revokeTestKey, test, uniqueName } from "./support";

// A key deleted or disabled while its session is open: the next request the platform refuses
// ends the session and lands on the sign-in page saying why — from a page load, a client poll and
// a form submit alike. A restricted key's 403 says which permission is missing, in place.

const REVOKED = "Your API key was revoked or disabled — sign in again.";

async function expectSignedOutWithReason(page: Page) {
  await expect(page).toHaveURL(/\/sign-in\?reason=key-revoked$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to the console" }),
  ).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: REVOKED })).toBeVisible();
  // The session is over: console pages send back to sign-in (still saying why while the browser
  // keeps the ended session's cookie).
  await page.goto("/storage");
  await expect(page).toHaveURL(/\/sign-in(\?reason=key-revoked)?$/);
  await expect(page.getByRole("button", { name: "Sign in with this key" })).toBeVisible();
}

test("a key disabled mid-session: the next page signs out with the reason", async ({
  page,
  request,
  csp,
}) => {
  const created = await createTestKey(request, uniqueName("revoke-nav"));
  await signInWithPastedKey(page, created.key);
  await page.goto("/storage");
  await expect(page.getByRole("heading", { level: 1, name: "Storage" })).toBeVisible();

  // Leave the console first, so no poll of the open page meets the 401 before the page load does.
  await page.goto("about:blank");
  await revokeTestKey(request, created.id, "disable");
  await page.goto("/pods");
  await expectSignedOutWithReason(page);
  expect(csp.violations).toEqual([]);
});

test("a key deleted mid-session: a client poll (route handler) signs out with the reason", async ({
  page,
  request,
}) => {
  const created = await createTestKey(request, uniqueName("revoke-poll"));
  const endpoint = await createQueueEndpoint(request, uniqueName("polled"));
  await signInWithPastedKey(page, created.key);
  await page.goto(`/serverless/${endpoint.id}`);
  await expect(page.getByRole("heading", { level: 1, name: endpoint.name })).toBeVisible();

  await revokeTestKey(request, created.id, "delete");
  // No navigation: the endpoint page's own polling meets the 401 and leaves for sign-in.
  await expect(page).toHaveURL(/\/sign-in\?reason=key-revoked$/, { timeout: 15_000 });
  await expectSignedOutWithReason(page);
});

test("a key deleted mid-session: submitting a form (server action) signs out with the reason", async ({
  page,
  request,
}) => {
  const created = await createTestKey(request, uniqueName("revoke-form"));
  await signInWithPastedKey(page, created.key);
  await page.goto("/storage");
  const form = page.getByRole("form", { name: "Create a network volume" });
  await form.getByLabel("Name").fill(uniqueName("vol"));
  await form.getByLabel("Size (GB)").fill("10");

  // The page's polls (volumes, their pods: every 2 s while a pod starts) are held from here, so the
  // submit is what meets the revoked key first: a poll that did would sign out before the click.
  await page.route(
    (url) => url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/auth/"),
    () => undefined,
  );
  await revokeTestKey(request, created.id, "delete");
  await form.getByRole("button", { name: "Create volume" }).click();
  await expectSignedOutWithReason(page);
});

test("a read-only key submitting a create form sees which permission is missing, in place", async ({
  page,
  request,
}) => {
  const created = await createTestKey(request, uniqueName("read-only"), { type: "read" });
  await signInWithPastedKey(page, created.key);
  await page.goto("/storage");
  const form = page.getByRole("form", { name: "Create a network volume" });
  await form.getByLabel("Name").fill(uniqueName("vol"));
  await form.getByLabel("Size (GB)").fill("10");
  await form.getByRole("button", { name: "Create volume" }).click();

  await expect(form.getByRole("alert")).toContainText("This key cannot write network volumes");
  await expect(page).toHaveURL(/\/storage$/);
  // Still signed in: a 403 is not a reason to leave.
  await page.goto("/serverless");
  await expect(page.getByRole("heading", { level: 1, name: "Serverless" })).toBeVisible();
});
