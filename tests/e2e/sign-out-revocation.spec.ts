import { expect, test } from "@playwright/test";
import { CONSOLE_URL } from "./env";
import { signInWithLocalKey } from "./sign-in";

// The session is a self-contained encrypted cookie; signing out must also end it on the server,
// so a copy of the cookie taken before (a stolen one, another tab's) is refused afterwards.

test("a session cookie saved before signing out is refused afterwards: pages redirect to sign-in and route handlers answer 401", async ({
  page,
  browser,
  playwright,
}) => {
  await signInWithLocalKey(page);
  const saved = (await page.context().cookies()).filter((c) =>
    c.name.startsWith("next-auth.session-token"),
  );
  expect(saved.length).toBeGreaterThan(0);
  const cookie = saved.map((c) => `${c.name}=${c.value}`).join("; ");
  // A client with no cookie jar of its own: only the replayed header authenticates it.
  const raw = await playwright.request.newContext({ baseURL: CONSOLE_URL });

  // Before signing out the copy works, so the refusals below are the sign-out's doing.
  const before = await raw.get("/api/keys", { headers: { cookie } });
  expect(before.status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  const replay = await browser.newContext({ baseURL: CONSOLE_URL });
  await replay.addCookies(saved);
  const replayed = await replay.newPage();
  for (const path of ["/serverless", "/keys"]) {
    await replayed.goto(path);
    await expect(replayed).toHaveURL(/\/sign-in$/);
    await expect(
      replayed.getByRole("heading", { level: 1, name: "Sign in to the console" }),
    ).toBeVisible();
  }

  const keys = await raw.get("/api/keys", { headers: { cookie } });
  expect(keys.status()).toBe(401);
  expect(keys.headers()["content-type"]).toContain("application/problem+json");
  expect(await keys.json()).toMatchObject({ status: 401 });

  // next-auth's own session endpoint no longer answers (or renews) the session either.
  const session = await raw.get("/api/auth/session", { headers: { cookie } });
  expect(await session.json()).toEqual({});

  await replay.close();
  await raw.dispose();
});
