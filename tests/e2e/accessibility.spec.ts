import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ENDPOINT_TABS as TAB_IDS } from "@/components/endpoints/endpoint-tabs";
import { consoleRoutes } from "./console-routes";
import { PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { isHydrated, platformPost, test, uniqueName } from "./support";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

/** One line per failing node: rule id, its help text and the node's selector. */
async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact}): ${v.help} — ${node.target.join(" ")}`),
  );
}

/** Audits what is on screen now; soft, so one run lists every page's violations at once. */
async function audit(page: Page, what: string) {
  expect.soft(await violationsOf(page), `axe WCAG 2.2 AA violations on ${what}`).toEqual([]);
}

/** A console page is settled when its h1 is there and no "Loading …" placeholder remains. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0);
}

async function chooseTheme(page: Page, theme: Theme) {
  const select = page.getByLabel("Theme");
  await expect(select).toBeEnabled();
  await select.selectOption(theme);
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** A new account per test (the operator creates it), so its lists start empty. */
async function freshAccount(request: APIRequestContext) {
  const created = await platformPost<{ key: { key: string } }>(request, "/_platform/accounts", {
    name: uniqueName("a11y"),
  });
  const key = created.key.key;
  const post = async <T>(route: string, data: unknown): Promise<T> => {
    const answer = await request.post(`${PLATFORM_URL}${route}`, {
      headers: { authorization: `Bearer ${key}` },
      data,
    });
    if (!answer.ok()) throw new Error(`${route}: ${answer.status()} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return { key, post };
}

interface Fixtures {
  endpointId: string;
  jobId: string;
  podId: string;
  templateId: string;
  /** POST to the platform as the test's account (for routes whose resource is made on demand). */
  post: <T>(route: string, data: unknown) => Promise<T>;
}

/** How each dynamic route is filled in; a new dynamic route must be added here (the test says so). */
const DYNAMIC_ROUTES: Record<string, (f: Fixtures) => string | Promise<string>> = {
  "/[...missing]": () => "/no-such-page/anywhere",
  "/clusters/[id]": async (f) => {
    const cluster = await f.post<{ id: string }>("/v2/clusters", {
      name: uniqueName("a11y-ray"),
      type: "RAY",
      image: "rayproject/ray:latest",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
    });
    return `/clusters/${cluster.id}`;
  },
  "/playground/[slug]": () => "/playground/black-forest-labs-flux-1-dev",
  "/playground/endpoint/[id]": (f) => `/playground/endpoint/${f.endpointId}`,
  "/pods/[id]": (f) => `/pods/${f.podId}`,
  "/serverless/[id]": (f) => `/serverless/${f.endpointId}`,
  "/serverless/[id]/jobs/[jobId]": (f) => `/serverless/${f.endpointId}/jobs/${f.jobId}`,
  "/templates/[id]": (f) => `/templates/${f.templateId}`,
};

const ENDPOINT_TAB_ROUTES = new Set(
  TAB_IDS.filter((t) => t.id !== "overview").map((t) => `/serverless/[id]/${t.id}`),
);

const ENDPOINT_TABS = [
  "Overview",
  "Metrics",
  "Requests",
  "Workers",
  "Logs",
  "Releases",
  "Load test",
  "Settings",
];

test("the sign-in page has no WCAG 2.2 AA violations, in light and dark", async ({ page, csp }) => {
  void csp;
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(
      theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await audit(page, `/sign-in (${theme})`);
    // The field's error state too.
    await page.getByRole("button", { name: "Sign in with this key" }).click();
    await expect(page.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
    await audit(page, `/sign-in with an error (${theme})`);
  }
});

for (const theme of THEMES) {
  test(`every console page, tab and dialog has no WCAG 2.2 AA violations (${theme} theme)`, async ({
    page,
    request,
    csp,
  }) => {
    void csp;
    test.setTimeout(360_000);
    const account = await freshAccount(request);
    await signInWithPastedKey(page, account.key);
    await chooseTheme(page, theme);

    // Empty lists first: the account is new.
    for (const route of ["/serverless", "/pods", "/storage", "/templates"]) {
      await page.goto(route);
      await settled(page);
      await audit(page, `${route}, empty (${theme})`);
    }

    const endpoint = await account.post<{ id: string; name: string }>("/v2/serverless", {
      name: uniqueName("a11y-ep"),
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["AMPERE_48"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    });
    const job = await account.post<{ id: string }>(`/v2/${endpoint.id}/run`, {
      input: { mock_return: "hello" },
    });
    const pod = await account.post<{ id: string }>("/v2/pods", {
      name: uniqueName("a11y-pod"),
      image: "runpod/pytorch:latest",
      gpu: { id: "NVIDIA A100-SXM4-80GB", count: 1 },
    });
    const template = await account.post<{ id: string }>("/v2/templates", {
      name: uniqueName("a11y-tpl"),
      image: "runpod/mock-worker:latest",
      serverless: true,
    });
    const fixtures: Fixtures = {
      endpointId: endpoint.id,
      jobId: job.id,
      podId: pod.id,
      templateId: template.id,
      post: account.post,
    };

    // The endpoint's tab routes are audited below, each reached through its own link.
    const routes = consoleRoutes().filter((r) => !ENDPOINT_TAB_ROUTES.has(r));
    const unfilled = routes.filter((r) => r.includes("[") && !(r in DYNAMIC_ROUTES));
    expect.soft(unfilled, "dynamic routes the audit does not know how to fill in").toEqual([]);
    for (const route of routes.filter((r) => !unfilled.includes(r))) {
      const url = (await DYNAMIC_ROUTES[route]?.(fixtures)) ?? route;
      await page.goto(url);
      await settled(page);
      await audit(page, `${url} (${theme})`);
    }

    // Each endpoint tab, reached through its own link.
    await page.goto(`/serverless/${endpoint.id}`);
    const sections = page.getByRole("navigation", { name: "Endpoint sections" });
    for (const tab of ENDPOINT_TABS) {
      await sections.getByRole("link", { name: tab }).click();
      await expect(sections.getByRole("link", { name: tab })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await settled(page);
      await audit(page, `endpoint tab ${tab} (${theme})`);
    }

    // Dialogs and forms that open over a page.
    await page.goto("/keys");
    await settled(page);
    const keyForm = page.getByRole("form", { name: "Create an API key" });
    const keyName = uniqueName("a11y-key");
    await keyForm.getByLabel("Key name").fill(keyName);
    await keyForm.getByLabel("Permission").selectOption("restricted");
    await audit(page, `/keys, create key form filled in (${theme})`);
    await keyForm.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("status", { name: "New API key" })).toBeVisible();
    await audit(page, `/keys, new key shown once (${theme})`);
    await page
      .getByRole("row", { name: new RegExp(keyName) })
      .getByRole("button", { name: `Delete ${keyName}` })
      .click();
    await expect(page.getByRole("dialog", { name: `Delete ${keyName}?` })).toBeVisible();
    await audit(page, `/keys, delete confirmation (${theme})`);
    await page.keyboard.press("Escape");

    await page.goto("/storage");
    await settled(page);
    const volumeForm = page.getByRole("form", { name: "Create a network volume" });
    const volumeName = uniqueName("a11y-vol");
    await volumeForm.getByLabel("Name").fill(volumeName);
    await volumeForm.getByLabel("Size (GB)").fill("5000");
    await volumeForm.getByRole("button", { name: "Create volume" }).click();
    await expect(volumeForm.getByLabel("Size (GB)")).toHaveAttribute("aria-invalid", "true");
    await audit(page, `/storage, create volume with an error (${theme})`);
    await volumeForm.getByLabel("Size (GB)").fill("50");
    await volumeForm.getByRole("button", { name: "Create volume" }).click();
    const volumeRow = page.getByRole("row", { name: new RegExp(volumeName) });
    await expect(volumeRow).toContainText("50 GB");
    await audit(page, `/storage with a volume (${theme})`);
    await volumeRow.getByRole("button", { name: `Grow ${volumeName}` }).click();
    await expect(page.getByRole("dialog", { name: `Grow ${volumeName}` })).toBeVisible();
    await audit(page, `/storage, grow dialog (${theme})`);
    await page.keyboard.press("Escape");
    await volumeRow.getByRole("button", { name: `Delete ${volumeName}` }).click();
    await expect(page.getByRole("dialog", { name: `Delete ${volumeName}?` })).toBeVisible();
    await audit(page, `/storage, delete confirmation (${theme})`);
    await page.keyboard.press("Escape");
  });
}

test("the new-endpoint and deploy-pod forms — cards chosen, advanced sections open, errors shown — have no violations, in light and dark", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(150_000);
  const account = await freshAccount(request);
  await signInWithPastedKey(page, account.key);
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await page.goto("/serverless/new");
    await settled(page);
    await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();
    await page.getByRole("radio", { name: "≥ 24 GB" }).check();
    await page.getByRole("button", { name: "Select all in Europe" }).click();
    await page.locator("details", { hasText: "Advanced:" }).locator("summary").click();
    await page.getByRole("button", { name: "Add variable" }).click();
    await audit(page, `/serverless/new, advanced open (${theme})`);
    await page.getByRole("button", { name: "Create endpoint" }).click();
    await expect(page.getByLabel("Endpoint name")).toHaveAttribute("aria-invalid", "true");
    await audit(page, `/serverless/new with errors (${theme})`);

    await page.goto("/pods/new");
    await settled(page);
    const form = page.getByRole("form", { name: "Deploy a pod" });
    await form.getByRole("radio", { name: /^A100 SXM\b/ }).check();
    await form.getByRole("searchbox", { name: "Search data centers" }).fill("EU");
    await form.locator("details", { hasText: "Advanced:" }).locator("summary").click();
    await audit(page, `/pods/new, advanced open (${theme})`);
    await form.getByRole("button", { name: "Deploy pod" }).click();
    await expect(form.getByLabel("Pod name")).toHaveAttribute("aria-invalid", "true");
    await audit(page, `/pods/new with errors (${theme})`);
  }
});

test("log views with lines, a search with matches, and an empty log have no violations, in light and dark", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(240_000);
  const account = await freshAccount(request);
  await signInWithPastedKey(page, account.key);
  const endpoint = await account.post<{ id: string }>("/v2/serverless", {
    name: uniqueName("a11y-logs"),
    type: "QUEUE",
    image: "runpod/mock-worker:latest",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    workers: { min: 1, max: 1 },
    flashboot: "FLASHBOOT",
  });
  const idle = await account.post<{ id: string }>("/v2/serverless", {
    name: uniqueName("a11y-nologs"),
    type: "QUEUE",
    image: "runpod/mock-worker:latest",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  });
  const job = await account.post<{ id: string }>(`/v2/${endpoint.id}/run`, { input: {} });
  const podName = uniqueName("a11y-logpod");
  const pod = await account.post<{ id: string }>("/v2/pods", {
    name: podName,
    image: "runpod/pytorch:latest",
    gpu: { id: "NVIDIA A100-SXM4-80GB", count: 1 },
  });
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await page.goto(`/serverless/${endpoint.id}/logs`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
    await settled(page);
    const all = page.getByRole("log", { name: "Logs of every worker of this endpoint" });
    await expect(all).toContainText(`Job ${job.id} done`, { timeout: 20_000 });
    await page.getByRole("searchbox", { name: "Search lines" }).fill(job.id);
    await expect(all.locator("mark").first()).toBeVisible();
    await audit(page, `endpoint Logs tab with a search (${theme})`);
    await page.getByRole("combobox", { name: "Worker" }).selectOption({ index: 1 });
    await expect(page).toHaveURL(/worker=/);
    await expect(page.getByRole("log", { name: /^Logs of worker / })).toContainText("Finished.");
    await audit(page, `one worker's logs (${theme})`);
    await page.goto(`/serverless/${idle.id}/logs`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await expect(page.getByText(/No worker has written a line yet/)).toBeVisible();
    await audit(page, `endpoint Logs tab without workers (${theme})`);
    await page.goto(`/pods/${pod.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await expect(page.getByRole("log", { name: `Logs of pod ${podName}` })).toContainText(
      "Pod created",
    );
    await audit(page, `pod page with its log (${theme})`);
  }
});

test("a model page after a run (image result) and its code drawer have no violations, in light and dark", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(120_000);
  const account = await freshAccount(request);
  await signInWithPastedKey(page, account.key);
  await page.goto("/playground/black-forest-labs-flux-1-dev");
  await settled(page);
  await page.getByLabel("Prompt", { exact: true }).fill(`A quiet harbour (${uniqueName("a11y")})`);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByLabel("Job status")).toHaveText("COMPLETED", { timeout: 25_000 });
  await expect(page.getByRole("img", { name: "Generated image" })).toBeVisible();
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await audit(page, `model page with an image result (${theme})`);
    await page.getByRole("button", { name: "Request code" }).click();
    const drawer = page.getByRole("dialog", { name: "Request code" });
    await expect(drawer.getByLabel("Code")).toContainText("/run");
    await audit(page, `code drawer (${theme})`);
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
  }
});

/** The focused element, and whether it shows the focus outline (`:focus-visible` with an outline). */
function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return {
      control: `<${el.tagName.toLowerCase()}> ${name}`,
      visible: el.matches(":focus-visible") && outlined,
    };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking every control it passes
 * shows the focus outline.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  const unseen: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const state = await focusState(page);
    if (state && !state.visible) unseen.push(state.control);
  }
  await expect(target).toBeFocused();
  expect(unseen, "controls that took focus without a visible focus outline").toEqual([]);
}

test("keyboard only: sign in with a pasted key, create an endpoint, send a request and open its result", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(120_000);
  const account = await freshAccount(request);

  await page.goto("/sign-in");
  const keyField = page.getByLabel("API key");
  await tabTo(page, keyField);
  await page.keyboard.type(account.key);
  await tabTo(page, page.getByRole("button", { name: "Sign in with this key" }));
  await tabTo(page, keyField, { back: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/serverless$/);

  // The page header's link (an empty list offers a second one below it).
  await tabTo(page, page.getByRole("link", { name: "New endpoint" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/serverless\/new$/);
  const name = uniqueName("keyboard");
  await tabTo(page, page.getByLabel("Endpoint name"));
  await page.keyboard.type(name);
  // A radio group is one stop: arrows move the choice within it.
  const queue = page.getByRole("radio", { name: /^Queue/ });
  await tabTo(page, queue);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: /^Load balancer/ })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(queue).toBeChecked();
  await tabTo(page, page.getByLabel("Container image"));
  await page.keyboard.type("runpod/mock-worker");
  const pool = page.getByRole("checkbox", { name: /AMPERE_48/ });
  await tabTo(page, pool);
  await page.keyboard.press("Space");
  await expect(pool).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Create endpoint" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/serverless\/[a-z0-9]+$/);

  const sections = page.getByRole("navigation", { name: "Endpoint sections" });
  const requestsTab = sections.getByRole("link", { name: "Requests" });
  await tabTo(page, requestsTab);
  await page.keyboard.press("Enter");
  await expect(requestsTab).toHaveAttribute("aria-current", "page");
  await tabTo(page, page.getByRole("button", { name: "Send request" }));
  await page.keyboard.press("Space");
  const table = page.getByRole("table", { name: "Recent requests" });
  await expect(table.getByText("COMPLETED")).toBeVisible({ timeout: 25_000 });

  const result = table.getByRole("row").filter({ hasText: "COMPLETED" }).getByRole("link");
  const jobId = (await result.textContent())!.trim();
  await tabTo(page, result);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(jobId);
  await expect(page.getByRole("figure").filter({ hasText: "Output" })).toContainText("hello");
});

test("a failed job's readable error, a queued run's waiting state and an uploaded image's preview have no violations, in light and dark", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  test.setTimeout(150_000);
  const account = await freshAccount(request);
  await signInWithPastedKey(page, account.key);
  const endpoint = await account.post<{ id: string }>("/v2/serverless", {
    name: uniqueName("a11y-fail"),
    type: "QUEUE",
    image: "runpod/mock-worker:latest",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    workers: { min: 0, max: 1 },
  });
  const job = await account.post<{ id: string }>(`/v2/${endpoint.id}/run`, {
    input: { mock_error: true },
  });
  await page.goto(`/serverless/${endpoint.id}/jobs/${job.id}`);
  const error = page.getByRole("alert", { name: "The job failed" });
  await expect(error).toBeVisible({ timeout: 25_000 });
  await error.getByText("Raw error (JSON)").click();
  await page.goto(`/serverless/${endpoint.id}/requests`);
  await expect(page.getByRole("link", { name: "Exception: Mock error" })).toBeVisible();
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await audit(page, `request list with a failed job (${theme})`);
  }
  await page.goto(`/serverless/${endpoint.id}/jobs/${job.id}`);
  await expect(error).toBeVisible();
  await error.getByText("Raw error (JSON)").click();
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await audit(page, `failed job page, raw error open (${theme})`);
  }

  const idle = await account.post<{ id: string }>("/v2/serverless", {
    name: uniqueName("a11y-queue"),
    type: "QUEUE",
    image: "runpod/mock-worker:latest",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    workers: { min: 0, max: 0 },
  });
  await page.goto(`/playground/endpoint/${idle.id}`);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByRole("status", { name: "Waiting for" })).toBeVisible();
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await audit(page, `playground, run waiting in the queue (${theme})`);
  }

  await page.goto("/playground/nano-banana-edit");
  await settled(page);
  // The audit is of the preview: the form is made live first (its code loads when reached for; a
  // file chosen before that is replayed, which tests/e2e/forms-on-demand.spec.ts covers).
  const prompt = page.getByLabel("Prompt", { exact: true });
  await prompt.focus();
  await expect.poll(() => isHydrated(prompt)).toBe(true);
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  await page.getByLabel("Upload images").setInputFiles({
    name: "dot.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(page.getByRole("img", { name: "Preview of dot.png" })).toBeVisible();
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await audit(page, `playground, uploaded image preview (${theme})`);
  }
});

for (const theme of THEMES) {
  test(`the load test tab — empty, a refused rate, a running and a finished run — has no WCAG 2.2 AA violations (${theme} theme)`, async ({
    page,
    request,
    csp,
  }) => {
    void csp;
    test.setTimeout(90_000);
    const account = await freshAccount(request);
    await signInWithPastedKey(page, account.key);
    await chooseTheme(page, theme);
    const endpoint = await account.post<{ id: string }>("/v2/serverless", {
      name: uniqueName("a11y-load"),
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["AMPERE_48"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      workers: { min: 0, max: 1 },
    });
    await page.goto(`/serverless/${endpoint.id}/load-test`);
    await settled(page);
    await audit(page, `load test tab, empty (${theme})`);

    await page.getByLabel("Rate (requests per second)").fill("500");
    await page.getByRole("button", { name: "Start load test" }).click();
    await expect(page.getByText(/At most 100 requests per second/)).toBeVisible();
    await audit(page, `load test tab, rate refused (${theme})`);

    await page.getByLabel("Requests (N)").fill("6");
    await page.getByLabel("Rate (requests per second)").fill("2");
    await page.getByLabel("Request body (JSON)").fill('{"input": {"mock_delay": 0.2}}');
    await page.getByRole("button", { name: "Start load test" }).click();
    const status = page.getByTestId("load-test-status");
    await expect(status).toHaveText("Running");
    await audit(page, `load test tab, running (${theme})`);
    await expect(status).toHaveText("Completed", { timeout: 60_000 });
    await page.getByText(/^Readings/).click();
    await audit(page, `load test tab, summary with readings (${theme})`);
  });
}

for (const theme of THEMES) {
  test(`the Metrics tab — charts with data, a read-out at the cursor, a data table open, and empty charts — has no WCAG 2.2 AA violations (${theme} theme)`, async ({
    page,
    request,
    csp,
  }) => {
    void csp;
    test.setTimeout(120_000);
    const account = await freshAccount(request);
    await signInWithPastedKey(page, account.key);
    await chooseTheme(page, theme);
    const endpoint = await account.post<{ id: string }>("/v2/serverless", {
      name: uniqueName("a11y-metrics"),
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["AMPERE_48"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      workers: { min: 0, max: 1, idleTimeout: 60 },
      flashboot: "PRIORITY_FLASHBOOT",
    });
    await account.post(`/v2/${endpoint.id}/run`, { input: { mock_delay: 0.2 } });
    await account.post(`/v2/${endpoint.id}/run`, { input: { mock_error: true } });

    await page.goto(`/serverless/${endpoint.id}/metrics?window=15m`);
    await settled(page);
    const requests = page
      .locator("figure")
      .filter({ has: page.locator("figcaption", { hasText: "Requests per interval" }) });
    const slider = requests.getByRole("slider");
    await expect(slider).toBeVisible({ timeout: 30_000 });
    await expect(requests).toContainText("Completed");
    await slider.focus();
    await page.keyboard.press("End");
    await expect(requests.getByRole("group", { name: /read-out$/ })).toContainText(/^At /);
    await requests.getByText("Show data table").click();
    await expect(requests.getByRole("table")).toBeVisible();
    await audit(page, `endpoint Metrics tab with data, read-out and data table (${theme})`);

    const idle = await account.post<{ id: string }>("/v2/serverless", {
      name: uniqueName("a11y-nometrics"),
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["AMPERE_48"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    });
    await page.goto(`/serverless/${idle.id}/metrics?window=7d`);
    await settled(page);
    await expect(page.getByText("No request ended in this window.")).toBeVisible();
    await audit(page, `endpoint Metrics tab without traffic (${theme})`);
  });
}

for (const theme of THEMES) {
  test(`the command palette (empty and with results) and the ? shortcuts overlay have no WCAG 2.2 AA violations (${theme} theme)`, async ({
    page,
    request,
    csp,
  }) => {
    void csp;
    test.setTimeout(90_000);
    const account = await freshAccount(request);
    const name = uniqueName("a11y-palette");
    await account.post("/v2/serverless", {
      name,
      type: "QUEUE",
      image: "runpod/mock-worker:latest",
      gpu: { pools: ["AMPERE_48"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    });
    await signInWithPastedKey(page, account.key);
    await chooseTheme(page, theme);

    // The palette opened with the shortcut: the common actions, then a search with results.
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const search = palette.getByRole("combobox", { name: "Search or run a command" });
    await expect(search).toBeFocused();
    await expect(palette.getByRole("option").first()).toBeVisible();
    await audit(page, `command palette, open (${theme})`);
    await page.keyboard.type(name);
    await expect(palette.getByRole("option", { name: new RegExp(`^${name}`) })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await audit(page, `command palette with results (${theme})`);
    await page.keyboard.type("zzzz-nothing-matches");
    await expect(palette.getByRole("option")).toHaveCount(0);
    await audit(page, `command palette without results (${theme})`);
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();

    // The ? overlay, outside a text field.
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("?");
    const overlay = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(overlay.getByText("Open the command palette")).toBeVisible();
    await audit(page, `keyboard shortcuts overlay (${theme})`);
    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();
  });
}
