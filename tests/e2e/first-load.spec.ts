import { gzipSync } from "node:zlib";
import { expect, test, type Browser } from "@playwright/test";
import { consoleUrls, createRouteFixtures, settledPage } from "./console-routes";
import { E2E_KEY } from "./env";
import { watchCsp } from "./support";

/** The budget: gzip bytes of every script a fresh, signed-in page load fetches. */
const BUDGET_KB = 170;
/** kB as the browser's network panel and Next's build output count them. */
const KB = 1000;

/**
 * Loads `url` in a new browser context (an empty cache) with the given session, and sums the gzip
 * size of every script response until the page has settled and no script is still in flight.
 */
async function measure(browser: Browser, storageState: string | undefined, url: string) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const csp = await watchCsp(page);
  const inFlight = new Set<string>();
  const bodies: Promise<{ url: string; gzip: number; error: string }>[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") inFlight.add(request.url());
  });
  page.on("requestfailed", (request) => inFlight.delete(request.url()));
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response
        .body()
        // Gzip the body ourselves: the server's content-length may be identity or brotli.
        .then((body) => ({ url: response.url(), gzip: gzipSync(body).length, error: "" }))
        .catch((error: Error) => ({ url: response.url(), gzip: 0, error: error.message }))
        .finally(() => inFlight.delete(response.url())),
    );
  });
  await page.goto(url);
  await settledPage(page);
  await page.waitForLoadState("load");
  await expect.poll(() => inFlight.size, { message: `scripts still loading on ${url}` }).toBe(0);
  const scripts = await Promise.all(bodies);
  await context.close();
  const unread = scripts.filter((s) => s.error).map((s) => `${s.url}: ${s.error}`);
  expect(unread, `script bodies that could not be read on ${url}`).toEqual([]);
  expect(csp.violations, `Content Security Policy violations on ${url}`).toEqual([]);
  return {
    url,
    kB: scripts.reduce((sum, s) => sum + s.gzip, 0) / KB,
    count: scripts.length,
  };
}

test("every console route loads at most 170 kB of gzip JavaScript on a fresh, signed-in page load", async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const fixtures = await createRouteFixtures(request);

  // One sign-in; each measured load starts from its cookies in a context of its own.
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(E2E_KEY);
  await page.getByRole("button", { name: "Sign in with this key" }).click();
  await expect(page).toHaveURL(/\/serverless$/, { timeout: 30_000 });
  const session = testInfo.outputPath("session.json");
  await page.context().storageState({ path: session });

  const { urls, unfilled } = consoleUrls(fixtures);
  expect(unfilled, "dynamic routes the test does not know how to fill in").toEqual([]);

  const rows = [await measure(browser, undefined, "/sign-in")];
  for (const url of urls) rows.push(await measure(browser, session, url));

  const label = (url: string) =>
    url
      .replace(fixtures.endpointId, "<id>")
      .replace(fixtures.jobId, "<jobId>")
      .replace(fixtures.podId, "<id>")
      .replace(fixtures.templateId, "<id>")
      .replace(fixtures.clusterId, "<id>");
  const table = [
    `| route | first-load JS (kB gzip) | scripts |`,
    `| --- | ---: | ---: |`,
    ...rows.map((r) => `| \`${label(r.url)}\` | ${r.kB.toFixed(1)} | ${r.count} |`),
  ].join("\n");
  console.log(
    `\nFirst-load JavaScript (gzip, 1 kB = ${KB} bytes), budget ${BUDGET_KB} kB\n${table}\n`,
  );
  await testInfo.attach("first-load.md", { body: table, contentType: "text/markdown" });

  const over = rows
    .filter((r) => r.kB > BUDGET_KB)
    .map((r) => `${label(r.url)} ${r.kB.toFixed(1)} kB`);
  expect(over, `routes over the ${BUDGET_KB} kB budget`).toEqual([]);
});
