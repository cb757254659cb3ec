import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CONSOLE_URL, E2E_KEY, SHELL_PAGES } from "./env";
import { signInWithLocalKey, signInWithPastedKey } from "./sign-in";

const NEEDLES = [E2E_KEY, Buffer.from(E2E_KEY).toString("base64"), encodeURIComponent(E2E_KEY)];
const contains = (text: string) => NEEDLES.some((n) => text.includes(n));

interface HarEntry {
  request: {
    url: string;
    method: string;
    headers: { name: string; value: string }[];
    postData?: { text?: string };
  };
  response: {
    status: number;
    headers: { name: string; value: string }[];
    content: { size: number; text?: string; encoding?: string };
  };
}

/**
 * Playwright's HAR recorder keeps every exchange with its body (HTML, JS chunks, RSC payloads,
 * JSON), including those of pages navigated away from, which response.body() cannot read.
 */
async function recordSession(
  browser: Browser,
  harPath: string,
  steps: (page: Page) => Promise<string>,
) {
  const context = await browser.newContext({
    baseURL: CONSOLE_URL,
    recordHar: { path: harPath, content: "embed" },
  });
  const page = await context.newPage();
  const readableState = await steps(page);
  const cookies = await context.cookies();
  await context.close(); // writes the HAR
  const har = JSON.parse(await readFile(harPath, "utf8")) as { log: { entries: HarEntry[] } };
  return { entries: har.log.entries, cookies, readableState };
}

function bodyOf(entry: HarEntry): string {
  const { text, encoding } = entry.response.content;
  if (text === undefined) return "";
  return encoding === "base64" ? Buffer.from(text, "base64").toString("utf8") : text;
}

async function visitEveryShellPage(page: Page): Promise<string> {
  // Full loads (HTML with the inlined flight data) …
  for (const { path, heading } of SHELL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // … client-side navigations (RSC payload requests) …
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const { link, heading } of SHELL_PAGES) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // … what browser code can read: document.cookie, storage, the DOM …
  const state = await page.evaluate(() =>
    JSON.stringify({
      cookie: document.cookie,
      local: { ...localStorage },
      session: { ...sessionStorage },
      html: document.documentElement.outerHTML,
    }),
  );
  // … and next-auth's public reads, the session first.
  for (const path of ["/api/auth/session", "/api/auth/providers", "/api/auth/csrf"]) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(200);
  }
  return state;
}

function assertRecorded(entries: HarEntry[]) {
  const paths = entries.map((e) => new URL(e.request.url).pathname);
  expect(
    paths.filter((p) => p.startsWith("/_next/static/") && p.endsWith(".js")).length,
  ).toBeGreaterThan(0);
  expect(entries.some((e) => e.request.headers.some((h) => h.name.toLowerCase() === "rsc"))).toBe(
    true,
  );
  expect(paths).toContain("/api/auth/session");
  for (const { path } of SHELL_PAGES) expect(paths).toContain(path);
  // Every answer with a body was captured with it, so the search below saw everything.
  const bodiless = entries.filter(
    (e) => e.response.content.size > 0 && e.response.content.text === undefined,
  );
  expect(bodiless.map((e) => e.request.url)).toEqual([]);
}

function leakingResponses(entries: HarEntry[]): string[] {
  return entries
    .filter((e) => contains(JSON.stringify(e.response.headers)) || contains(bodyOf(e)))
    .map((e) => `${e.response.status} ${e.request.url}`);
}

function leakingRequests(entries: HarEntry[]): string[] {
  return entries
    .filter(
      (e) =>
        contains(e.request.url) ||
        contains(JSON.stringify(e.request.headers)) ||
        contains(e.request.postData?.text ?? ""),
    )
    .map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`);
}

test("KEY-LEAK: after one-click local sign-in the key appears in no request, response, cookie or storage", async ({
  browser,
}, testInfo) => {
  const { entries, cookies, readableState } = await recordSession(
    browser,
    testInfo.outputPath("session.har"),
    async (page) => {
      await signInWithLocalKey(page);
      return visitEveryShellPage(page);
    },
  );

  assertRecorded(entries);
  expect(leakingResponses(entries)).toEqual([]);
  expect(leakingRequests(entries)).toEqual([]);
  expect(cookies.filter((c) => contains(c.value)).map((c) => c.name)).toEqual([]);
  expect(cookies.find((c) => c.name === "next-auth.session-token")).toMatchObject({
    httpOnly: true,
    sameSite: "Lax",
  });
  expect(contains(readableState)).toBe(false);
});

test("KEY-LEAK: after signing in with a pasted key no response, cookie or storage contains it", async ({
  browser,
}, testInfo) => {
  const { entries, cookies, readableState } = await recordSession(
    browser,
    testInfo.outputPath("session.har"),
    async (page) => {
      await signInWithPastedKey(page, E2E_KEY);
      return visitEveryShellPage(page);
    },
  );

  assertRecorded(entries);
  expect(leakingResponses(entries)).toEqual([]);
  // The one request that carries it is the sign-in POST the user typed it into.
  expect(leakingRequests(entries)).toEqual(["POST /api/auth/callback/api-key"]);
  expect(cookies.filter((c) => contains(c.value)).map((c) => c.name)).toEqual([]);
  expect(contains(readableState)).toBe(false);
});
