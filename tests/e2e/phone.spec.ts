import { expect, test } from "@playwright/test";
import { createRouteFixtures, consoleUrls, settledPage } from "./console-routes";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, uniqueName } from "./support";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
  test(`no console page scrolls sideways at ${viewport.width} px`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const { urls, unfilled } = consoleUrls(await createRouteFixtures(request));
    expect(unfilled, "dynamic routes this test does not know how to fill in").toEqual([]);
    const rows: { url: string; width: number }[] = [];
    for (const url of urls) {
      await page.goto(url);
      await settledPage(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      rows.push({ url, width });
    }
    console.log(
      [
        `page width at ${viewport.width} px:`,
        ...rows.map((r) => `${String(r.width).padStart(6)}  ${r.url}`),
      ].join("\n"),
    );
    expect(rows.filter((r) => r.width > viewport.width)).toEqual([]);
  });
}

test("on a phone the navigation folds into a menu above the page, and following a link folds it again", async ({
  page,
}) => {
  await page.goto("/serverless");
  const toggle = page.getByLabel("Navigation menu");
  await expect(toggle).toBeVisible();
  // No navigation takes the phone's width until asked for: the sidebar is hidden, the menu folded.
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav).toHaveCount(0);
  await toggle.click();
  await expect(nav).toHaveCount(1);
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Pods", exact: true }).click();
  await expect(page).toHaveURL(/\/pods$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pods" })).toBeVisible();
  await expect(nav).toHaveCount(0);
});

test("on a wide screen the navigation is the sidebar and there is no menu", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/serverless");
  await expect(page.getByLabel("Navigation menu")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
});

test("on a phone a list page shows each row as a list item of label: value lines, not a table that scrolls sideways", async ({
  page,
  request,
}) => {
  const name = uniqueName("phone-list");
  await createQueueEndpoint(request, name);
  await page.goto("/serverless");
  const table = page.getByRole("table", { name: "Serverless endpoints" });
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  const layout = () =>
    row.evaluate((tr) => {
      const cell = tr.querySelector("td")!;
      const box = tr.closest("table")!.parentElement!;
      return {
        row: getComputedStyle(tr).display,
        label: getComputedStyle(cell, "::before").content,
        scrollsSideways: box.scrollWidth > box.clientWidth,
        header: getComputedStyle(tr.closest("table")!.querySelector("thead")!).display,
      };
    });
  // One block per endpoint, each cell a line led by its column's name; no header row.
  expect(await layout()).toEqual({
    row: "block",
    label: '"Name"',
    scrollsSideways: false,
    header: "none",
  });

  // The same markup is a table again on a wide screen.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await layout()).toMatchObject({ row: "table-row", header: "table-header-group" });
});
