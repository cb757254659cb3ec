import { expect, test, type Page, type Request, type Response } from "@playwright/test";
import { E2E_KEY, SHELL_PAGES } from "./env";
import { signInWithLocalKey, signInWithPastedKey } from "./sign-in";

const NEEDLES = [E2E_KEY, Buffer.from(E2E_KEY).toString("base64"), encodeURIComponent(E2E_KEY)];

interface Capture {
  /** Every response the browser received: URL, status, headers and body. */
  responses: { url: string; status: number; text: string }[];
  requests: { url: string; text: string }[];
  pending: Promise<void>[];
}

/** Records every response (HTML, JS chunks, RSC payloads, JSON) and request of the page. */
function capture(page: Page): Capture {
  const seen: Capture = { responses: [], requests: [], pending: [] };
  page.on("response", (response: Response) => {
    seen.pending.push(
      (async () => {
        const status = response.status();
        const headers = JSON.stringify(await response.allHeaders());
        // Redirects have no body to read; their headers (Location, Set-Cookie) are still checked.
        const body = status >= 300 && status < 400 ? "" : (await response.body()).toString("utf8");
        seen.responses.push({ url: response.url(), status, text: `${headers}\n${body}` });
      })(),
    );
  });
  page.on("request", (request: Request) => {
    seen.requests.push({
      url: request.url(),
      text: `${request.url()}\n${request.postData() ?? ""}`,
    });
  });
  return seen;
}

function leaks(texts: { url: string; text: string }[]): string[] {
  return texts.filter(({ text }) => NEEDLES.some((n) => text.includes(n))).map(({ url }) => url);
}

async function visitEveryShellPage(page: Page) {
  // Full loads (HTML + flight data inlined) …
  for (const { path, heading } of SHELL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // … and client-side navigations (RSC payload requests).
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const { link, heading } of SHELL_PAGES) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // The session endpoint browser code may read, and next-auth's other public reads.
  for (const path of ["/api/auth/session", "/api/auth/providers", "/api/auth/csrf"]) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(200);
  }
}

async function browserReadableState(page: Page): Promise<string> {
  await page.goto("/serverless");
  return page.evaluate(() =>
    JSON.stringify({
      cookie: document.cookie,
      local: { ...localStorage },
      session: { ...sessionStorage },
      html: document.documentElement.outerHTML,
    }),
  );
}

test("KEY-LEAK: after one-click local sign-in the key appears in no request, response, cookie or storage", async ({
  page,
}) => {
  const seen = capture(page);
  await signInWithLocalKey(page);
  await visitEveryShellPage(page);
  const state = await browserReadableState(page);
  await Promise.all(seen.pending);

  expect(seen.responses.length).toBeGreaterThan(20);
  expect(
    seen.responses.some((r) => r.url.includes("/_next/static/") && r.url.endsWith(".js")),
  ).toBe(true);
  expect(seen.responses.some((r) => r.url.includes("/api/auth/session"))).toBe(true);
  expect(leaks(seen.responses)).toEqual([]);
  expect(leaks(seen.requests)).toEqual([]);
  for (const cookie of await page.context().cookies()) {
    expect(
      NEEDLES.some((n) => cookie.value.includes(n)),
      `cookie ${cookie.name}`,
    ).toBe(false);
  }
  expect(NEEDLES.some((n) => state.includes(n))).toBe(false);
});

test("KEY-LEAK: after signing in with a pasted key no response, cookie or storage contains it", async ({
  page,
}) => {
  const seen = capture(page);
  await signInWithPastedKey(page, E2E_KEY);
  await visitEveryShellPage(page);
  const state = await browserReadableState(page);
  await Promise.all(seen.pending);

  expect(seen.responses.length).toBeGreaterThan(20);
  expect(leaks(seen.responses)).toEqual([]);
  // The one request that may carry it is the sign-in POST itself, typed by the user.
  expect(leaks(seen.requests).map((url) => new URL(url).pathname)).toEqual([
    "/api/auth/callback/api-key",
  ]);
  for (const cookie of await page.context().cookies()) {
    expect(
      NEEDLES.some((n) => cookie.value.includes(n)),
      `cookie ${cookie.name}`,
    ).toBe(false);
  }
  expect(NEEDLES.some((n) => state.includes(n))).toBe(false);
});
