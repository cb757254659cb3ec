import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { settledPage } from "./console-routes";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, holdScripts, isHydrated, uniqueName } from "./support";

// Forms whose code loads when the user reaches for them show the server's HTML until then: it must
// already hold their defaults and their choices. Read here with every script file refused, so what
// shows is the server's HTML (Next's inline scripts still reveal the streamed page).
test("forms that load on demand show their defaults and choices before any script runs", async ({
  page,
  browser,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("html-form-ep"));
  await signInWithPastedKey(page, E2E_KEY);
  const html = await browser.newContext({ storageState: await page.context().storageState() });
  await html.route("**/_next/static/**/*.js", (route) => route.abort());
  const noScript = await html.newPage();

  await noScript.goto("/clusters", { waitUntil: "commit" });
  const cluster = noScript.getByRole("form", { name: "Create a cluster" });
  await expect(cluster.getByLabel("Container image")).toHaveValue(/^runpod\/pytorch:/);
  await expect(cluster.getByLabel("Nodes", { exact: true })).toHaveValue("2");
  await expect(cluster.getByLabel("GPUs per node")).toHaveValue("1");
  await expect(cluster.getByLabel(/Start SSH on every node/)).toBeChecked();
  // The choices come from the platform (prefetched on the server), not a "Loading …".
  expect(await cluster.getByLabel("GPU type").locator("option").count()).toBeGreaterThan(1);
  expect(await cluster.getByLabel("Data center").locator("option").count()).toBeGreaterThan(1);

  await noScript.goto("/storage", { waitUntil: "commit" });
  const volume = noScript.getByRole("form", { name: "Create a network volume" });
  await expect(volume.getByLabel("Size (GB)")).toHaveValue("50");
  expect(await volume.getByLabel("Data center").locator("option").count()).toBeGreaterThan(0);

  await noScript.goto("/templates/new", { waitUntil: "commit" });
  await expect(noScript.getByLabel("Pods")).toBeChecked();
  await expect(noScript.getByLabel("Container disk (GB)")).toHaveValue("20");

  await noScript.goto("/account", { waitUntil: "commit" });
  await expect(noScript.getByRole("form", { name: "Add an SSH key" })).toBeVisible();
  await expect(noScript.getByRole("form", { name: "Add a registry credential" })).toBeVisible();

  // The playgrounds' input forms (zod, react-hook-form and the model catalogue load on demand).
  await noScript.goto("/playground/black-forest-labs-flux-1-dev", { waitUntil: "commit" });
  await expect(noScript.getByLabel("Prompt", { exact: true })).toHaveValue(/masked DJ/);
  await expect(noScript.getByLabel("Width", { exact: true })).toHaveValue(/^\d+$/);
  await expect(noScript.getByRole("button", { name: "Run", exact: true })).toBeVisible();
  await noScript.goto(`/playground/endpoint/${endpoint.id}`, { waitUntil: "commit" });
  await expect(noScript.getByRole("heading", { level: 1, name: endpoint.name })).toBeVisible();
  await expect(noScript.getByLabel("Input (JSON)")).toHaveValue(/mock_return/);
  await html.close();
});

test("an untouched form that loads on demand stays the server's HTML until the user reaches for it", async ({
  page,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  // Pages whose form holds a select without a default (the volume's tier: the browser shows its
  // first option) must not read as changed by the user: that would load the form's code at once.
  const forms = [
    { url: "/storage", form: "Create a network volume", field: "Name" },
    { url: "/clusters", form: "Create a cluster", field: "Container image" },
    { url: "/account", form: "Add an SSH key", field: "Public key" },
  ];
  // Scripts requested and not yet arrived: a form asking for its code at once would be one.
  const inFlight = new Set<string>();
  page.on("request", (r) => void (r.resourceType() === "script" && inFlight.add(r.url())));
  page.on("requestfinished", (r) => void inFlight.delete(r.url()));
  page.on("requestfailed", (r) => void inFlight.delete(r.url()));
  for (const { url, form, field } of forms) {
    await page.goto(url);
    await settledPage(page);
    await page.waitForLoadState("load");
    await expect.poll(() => inFlight.size, { message: `scripts still loading on ${url}` }).toBe(0);
    const input = page.getByRole("form", { name: form }).getByLabel(field, { exact: true });
    expect(await isHydrated(input), `${form} on ${url} hydrated before anyone reached for it`).toBe(
      false,
    );
    await input.focus();
    await expect.poll(() => isHydrated(input), { message: `${form} on ${url}` }).toBe(true);
  }
});

test("an image chosen in a playground form before its code has loaded is uploaded once it has", async ({
  page,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  // Every script waits until the file is chosen: the page is the server's HTML, nothing listens.
  const scripts = await holdScripts(page);
  await page.goto("/playground/nano-banana-edit", { waitUntil: "commit" });
  // Straight into the file input: no pointer or focus reached the form first.
  await page.getByLabel("Upload images").setInputFiles({
    name: "early.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  scripts.release();
  await expect(page.getByRole("img", { name: "Preview of early.png" })).toBeVisible();
});

/**
 * A new queue endpoint's playground, loaded and settled, with its scripts held from then on: the
 * input form is the server's HTML until `scripts.release()`.
 */
async function heldEndpointPlayground(page: Page, request: APIRequestContext, name: string) {
  await signInWithPastedKey(page, E2E_KEY);
  const endpoint = await createQueueEndpoint(request, uniqueName(name));
  await page.goto(`/playground/endpoint/${endpoint.id}`);
  await settledPage(page);
  await page.waitForLoadState("load");
  return holdScripts(page);
}

test("a run submitted in the endpoint playground before its form's code arrived sends what was typed, not the example", async ({
  page,
  request,
}) => {
  const scripts = await heldEndpointPlayground(page, request, "held-run");
  const form = page.getByRole("form", { name: "Input" });
  await form
    .getByLabel("Input (JSON)")
    .fill('{"mock_return": "typed before the code", "mock_delay": 0}');
  await expect.poll(scripts.waiting).toBeGreaterThan(0);
  await form.getByRole("button", { name: "Run", exact: true }).click();
  expect(new URL(page.url()).search).toBe(""); // held: not the browser's own GET submit

  // The held run is made once the code is here, with the text the user typed (the form's state
  // learns it from the replayed edit before the run reads it).
  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && (r.postData() ?? "").includes('"target"'),
  );
  scripts.release();
  expect((await sent).postData()).toContain('"mock_return":"typed before the code"');
  await expect(page.getByLabel("Job status")).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByLabel("Output text")).toHaveText("typed before the code");
});

test("text selected in a form's field before its code arrived stays selected once it has, so typing replaces it", async ({
  page,
  request,
}) => {
  const scripts = await heldEndpointPlayground(page, request, "caret");
  const input = page.getByLabel("Input (JSON)");
  await input.focus();
  await input.press("ControlOrMeta+a");
  const length = (await input.inputValue()).length;
  await expect.poll(scripts.waiting).toBeGreaterThan(0);

  // Hydrating a <textarea> moves its caret to the start unless the form puts it back.
  scripts.release();
  await expect.poll(() => isHydrated(input)).toBe(true);
  expect(
    await input.evaluate((t: HTMLTextAreaElement) => [t.selectionStart, t.selectionEnd]),
  ).toEqual([0, length]);
  await page.keyboard.type('{"mock_return": "replaced"}');
  await expect(input).toHaveValue('{"mock_return": "replaced"}');
});
