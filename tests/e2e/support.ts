import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";

/** Creates a resource straight on the platform (the test's own fixture), returning its body. */
export async function platformPost<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
): Promise<T> {
  const answer = await request.post(`${PLATFORM_URL}${path}`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
    data,
  });
  if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

export const uniqueName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function createQueueEndpoint(
  request: APIRequestContext,
  name: string,
  overrides: Record<string, unknown> = {},
) {
  return platformPost<{ id: string; name: string }>(request, "/v2/serverless", {
    name,
    type: "QUEUE",
    image: "runpod/mock-worker:latest",
    gpu: { pools: ["AMPERE_48"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    ...overrides,
  });
}

/** The platform's control API as the e2e operator: create a key for one test (shown once). */
export function createTestKey(
  request: APIRequestContext,
  name: string,
  permission: Record<string, unknown> = { type: "all" },
) {
  return platformPost<{ id: string; key: string }>(request, "/_platform/keys", {
    name,
    permission,
  });
}

/** Disables (`disable`) or deletes (`delete`) a key through the control API. */
export async function revokeTestKey(
  request: APIRequestContext,
  id: string,
  how: "disable" | "delete",
): Promise<void> {
  const url = `${PLATFORM_URL}/_platform/keys/${encodeURIComponent(id)}`;
  const headers = { authorization: `Bearer ${E2E_KEY}` };
  const answer =
    how === "delete"
      ? await request.delete(url, { headers })
      : await request.patch(url, { headers, data: { disabled: true } });
  if (!answer.ok()) throw new Error(`${how} key ${id}: ${answer.status()} ${await answer.text()}`);
}

/**
 * Records every Content Security Policy violation of a page, across its navigations: the
 * `securitypolicyviolation` events (through an init script) and the browser's own console
 * reports ("Refused to … because it violates the following Content Security Policy directive"),
 * plus Permissions-Policy header errors. Assert `expect(csp.violations).toEqual([])` at the end,
 * or use the `test` below, whose `csp` fixture does it for you.
 */
export async function watchCsp(page: Page): Promise<{ violations: string[] }> {
  const violations: string[] = [];
  await page.exposeBinding("__hangarCspViolation", (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __hangarCspViolation?: (t: string) => void })
        .__hangarCspViolation;
      report?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} (${location.pathname})`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Permissions-Policy/i.test(text)) violations.push(text);
  });
  return { violations };
}

/** Playwright's `test` with a `csp` fixture: the test fails if any page broke the policy. */
export const test = base.extend<{ csp: { violations: string[] } }>({
  csp: async ({ page }, provide) => {
    const csp = await watchCsp(page);
    await provide(csp);
    expect(csp.violations, "Content Security Policy violations").toEqual([]);
  },
});

/**
 * From now on, the page's script requests matching `pattern` wait until `release()`: the page stays
 * the server's HTML (or the code it already has), as on a slow network. `waiting()` counts the
 * requests held so far.
 */
export async function holdScripts(page: Page, pattern = "**/_next/static/chunks/**/*.js") {
  const held: (() => void)[] = [];
  let open = false;
  await page.route(pattern, async (route) => {
    if (!open) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return {
    waiting: () => held.length,
    release: () => {
      open = true;
      for (const resume of held.splice(0)) resume();
    },
  };
}

/**
 * Waits until the page's own code runs around the on-demand form that holds `field`: from then on
 * a submit made before the form's code arrives is held and made again (`hydrateOnInteraction`).
 * Before it, nothing in the page listens yet and a click on the submit button is the browser's own
 * GET submit (the page reloads with the values in its address) — a click within the first moments
 * of a page load on a busy machine. React marks each element it has hydrated; the form's wrapper
 * is its parent element.
 */
export async function formListens(field: Locator) {
  await expect.poll(() => isHydrated(field.locator("xpath=ancestor::form[1]/.."))).toBe(true);
}

/** React has hydrated the element: it marks each one; server HTML still waiting has no mark. */
export const isHydrated = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")));
