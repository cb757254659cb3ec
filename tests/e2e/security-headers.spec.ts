import { expect, type APIResponse } from "@playwright/test";
import { CONSOLE_URL, E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, test, uniqueName, watchCsp } from "./support";

// Every console response carries the security headers; pages carry a strict, nonce-based CSP
// that the console itself never breaks (the `csp` fixture fails a test on any violation).

const SIGNED_IN_PAGES = [
  "/serverless",
  "/serverless/new",
  "/pods",
  "/pods/new",
  "/storage",
  "/templates",
  "/templates/new",
  "/keys",
  "/billing",
  "/playground",
  "/playground/black-forest-labs-flux-1-schnell",
  "/dev/faults",
  "/dev/inbox",
  "/dev/requests",
  "/dev/state",
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Asserts the policy of one answer and returns its script nonce. */
async function expectLockedDown(answer: APIResponse, path: string): Promise<string> {
  const h = answer.headers();
  const csp = h["content-security-policy"];
  expect(csp, `${path}: Content-Security-Policy`).toBeTruthy();
  const d = directives(csp!);
  const script = d.get("script-src") ?? [];
  const nonce = script.find((v) => v.startsWith("'nonce-"));
  expect(nonce, `${path}: script nonce`).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
  expect(script, path).toContain("'strict-dynamic'");
  expect(script.join(" "), path).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(d.get("default-src"), path).toEqual(["'self'"]);
  expect(d.get("frame-ancestors"), path).toEqual(["'none'"]);
  expect(d.get("connect-src"), path).toEqual(["'self'"]);
  expect(d.get("base-uri"), path).toEqual(["'self'"]);
  expect(d.get("form-action"), path).toEqual(["'self'"]);
  expect(d.get("object-src"), path).toEqual(["'none'"]);
  // Generated files load from the platform's own origin (configuration), nothing wider.
  for (const name of ["img-src", "media-src"]) {
    expect(d.get(name), `${path}: ${name}`).toEqual(["'self'", "data:", "blob:", PLATFORM_URL]);
  }
  expect(csp, path).not.toContain("*");
  expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  expect(h["x-content-type-options"], path).toBe("nosniff");
  expect(h["x-frame-options"], path).toBe("DENY");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
    expect(h["permissions-policy"], path).toContain(`${feature}=()`);
  }
  // Served over plain http here: no HSTS.
  expect(h["strict-transport-security"], path).toBeUndefined();

  // Every script in the HTML carries this response's nonce.
  if ((h["content-type"] ?? "").includes("text/html")) {
    const html = await answer.text();
    const value = nonce!.slice("'nonce-".length, -1);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${value}"`);
  }
  return nonce!;
}

test("every console route answers with the security headers and a fresh script nonce", async ({
  page,
  request,
  playwright,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  const signIn = await anonymous.get("/sign-in");
  expect(signIn.status()).toBe(200);
  const nonces = new Set([await expectLockedDown(signIn, "/sign-in")]);
  // Static files, route handlers and redirects get the same headers.
  const denied = await anonymous.get("/api/serverless");
  expect(denied.status()).toBe(401);
  expect(denied.headers()["x-content-type-options"]).toBe("nosniff");
  expect(denied.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const css = /href="(\/_next\/static\/[^"]+\.css)"/.exec(await signIn.text())?.[1];
  expect(css).toBeTruthy();
  expect((await anonymous.get(css!)).headers()["x-content-type-options"]).toBe("nosniff");
  // Behind a TLS-terminating proxy the console asks for HSTS.
  const https = await anonymous.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
  expect(https.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
  await anonymous.dispose();

  await signInWithPastedKey(page, E2E_KEY);
  const endpoint = await createQueueEndpoint(request, uniqueName("csp"));
  for (const path of [...SIGNED_IN_PAGES, `/serverless/${endpoint.id}`]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    nonces.add(await expectLockedDown(answer, path));
  }
  expect(nonces.size).toBe(SIGNED_IN_PAGES.length + 2);
});

test("walking the console, running a model and opening its request code breaks no policy", async ({
  page,
  request,
  csp,
}) => {
  await signInWithPastedKey(page, E2E_KEY);
  const endpoint = await createQueueEndpoint(request, uniqueName("csp-walk"));
  for (const path of [...SIGNED_IN_PAGES, `/serverless/${endpoint.id}`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  await page.goto("/playground/black-forest-labs-flux-1-schnell");
  await page.getByLabel("Prompt", { exact: true }).fill(`A paper boat (${uniqueName("csp")})`);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByLabel("Job status")).toHaveText("COMPLETED", { timeout: 25_000 });
  const image = page.getByRole("img", { name: "Generated image" });
  await expect(image).toBeVisible();
  // Loaded, not just placed: the platform's output origin is allowed.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await page.getByRole("button", { name: "Request code" }).click();
  const drawer = page.getByRole("dialog", { name: "Request code" });
  await expect(drawer.getByLabel("Code")).toContainText(
    `${PLATFORM_URL}/v2/black-forest-labs-flux-1-schnell/run`,
  );
  await drawer.getByRole("tab", { name: "Python", exact: true }).click();
  await expect(drawer.getByLabel("Code")).toContainText("requests.post");
  await drawer.getByRole("button", { name: "Close" }).click();
  expect(csp.violations).toEqual([]);
});

test("the violation recorder hears a blocked load (so an empty list means something)", async ({
  page,
}) => {
  const csp = await watchCsp(page);
  await page.goto("/sign-in");
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "http://203.0.113.7/not-allowed.png";
    document.body.append(img);
  });
  await expect.poll(() => csp.violations.length).toBeGreaterThan(0);
  expect(csp.violations.join("\n")).toContain("img-src");
});
