import { expect, type Page } from "@playwright/test";
import { CONSOLE_URL, E2E_KEY, PLATFORM_URL } from "./env";
import { createQueueEndpoint, test, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(E2E_KEY);
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page).toHaveURL(/\/serverless$/, { timeout: 30_000 });
});

/** The shell has hydrated (its keyboard shortcuts listen) once the theme select is enabled. */
async function hydrated(page: Page) {
  await expect(page.getByLabel("Theme")).toBeEnabled({ timeout: 30_000 });
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const combobox = (page: Page) =>
  palette(page).getByRole("combobox", { name: "Search or run a command" });

/** Opens the palette with the keyboard shortcut; the search field has the focus. */
async function openPalette(page: Page) {
  await hydrated(page);
  await page.keyboard.press("Control+k");
  await expect(palette(page)).toBeVisible();
  await expect(combobox(page)).toBeFocused();
}

/** The option the combobox points at (aria-activedescendant). */
async function activeOption(page: Page) {
  const id = await combobox(page).getAttribute("aria-activedescendant");
  expect(id, "an active option").toBeTruthy();
  return palette(page).locator(`[id="${id}"]`);
}

test("Ctrl+K then typing an endpoint's name and Enter opens that endpoint; arrows move the active option", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const name = uniqueName("palette-ep");
  const endpoint = await createQueueEndpoint(request, name);
  await page.goto("/pods");
  await openPalette(page);
  await page.keyboard.type(name);

  const endpoints = palette(page).getByRole("group", { name: "Endpoints" });
  await expect(endpoints.getByRole("option", { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(
    endpoints.getByRole("option", { name: `Run ${name} in the playground` }),
  ).toBeVisible();
  const first = await activeOption(page);
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(first).toContainText(name);
  await expect(first).toContainText(endpoint.id);

  // Down moves to the next option, Up comes back; only one option is selected at a time.
  await page.keyboard.press("ArrowDown");
  await expect(await activeOption(page)).toContainText(`Run ${name} in the playground`);
  await expect(palette(page).locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expect(await activeOption(page)).toContainText(endpoint.id);

  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/serverless/${endpoint.id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("a hosted model opened from the palette runs and shows its result", async ({ page, csp }) => {
  void csp;
  await page.goto("/serverless");
  await openPalette(page);
  await page.keyboard.type("flux dev");
  const models = palette(page).getByRole("group", { name: "Models" });
  await expect(models.getByRole("option").first()).toContainText("FLUX.1 [dev]");
  await expect(await activeOption(page)).toContainText("Run FLUX.1 [dev]");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/playground\/black-forest-labs-flux-1-dev$/);
  await expect(page.getByRole("heading", { level: 1, name: "FLUX.1 [dev]" })).toBeVisible();
  await page
    .getByLabel("Prompt", { exact: true })
    .fill(`A harbour at dawn (${uniqueName("palette")})`);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByLabel("Job status")).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByRole("img", { name: "Generated image" })).toBeVisible();
});

test("copying an endpoint's request URL from the palette puts its /runsync URL on the clipboard", async ({
  page,
  context,
  request,
  csp,
}) => {
  void csp;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: CONSOLE_URL });
  const name = uniqueName("palette-url");
  const endpoint = await createQueueEndpoint(request, name);
  await page.goto("/serverless");
  await openPalette(page);
  await page.keyboard.type(`copy request url ${name}`);
  await expect(await activeOption(page)).toContainText(`Copy the request URL of ${name}`);
  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
  await expect(page.getByText(`Copied: Request URL of ${name}`)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${PLATFORM_URL}/v2/${endpoint.id}/runsync`);
});

test("Escape closes the palette and gives the focus back; the top bar button opens it too", async ({
  page,
  csp,
}) => {
  void csp;
  await page.goto("/templates");
  await hydrated(page);
  const podsLink = page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Pods" });
  await podsLink.focus();
  await openPalette(page);
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();
  await expect(podsLink).toBeFocused();

  const button = page.getByRole("button", { name: /Search or run a command/ });
  await expect(button).toContainText(/Ctrl K|⌘K/);
  await button.click();
  await expect(combobox(page)).toBeFocused();
  // Nothing typed: the common actions come first.
  await expect(await activeOption(page)).toContainText("New endpoint");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/serverless\/new$/);
});

test("? lists the keyboard shortcuts outside text fields; g then a letter goes to a section", async ({
  page,
  csp,
}) => {
  void csp;
  await page.goto("/serverless");
  await hydrated(page);
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("?");
  const overlay = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText("Open the command palette")).toBeVisible();
  await expect(overlay.getByText("Storage (network volumes)")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();

  // In a text field, ? is just a character.
  await page.goto("/playground");
  const search = page.getByLabel("Search models");
  await search.click();
  await page.keyboard.type("?");
  await expect(search).toHaveValue("?");
  await expect(overlay).toBeHidden();

  await hydrated(page);
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("g");
  await page.keyboard.press("p");
  await expect(page).toHaveURL(/\/pods$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pods" })).toBeVisible();
});
