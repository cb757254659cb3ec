import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { uniqueName } from "./support";

// The create forms' layout (issue 13): GPU card grids with a VRAM filter, data centers by region
// with search and select-all, collapsed advanced sections, and a summary column beside the fields.

interface CatalogGpu {
  id: string;
  name: string;
  pool: string | null;
  memory: number;
  secure: boolean;
}
interface CatalogDataCenter {
  id: string;
  name: string;
  region: string;
}

async function catalog<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`${PLATFORM_URL}/v2/catalog/${path}`, {
    headers: { authorization: `Bearer ${E2E_KEY}` },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** Serverless pools and their VRAM (the smallest card in the pool), as the form derives them. */
async function poolMemory(request: APIRequestContext): Promise<Map<string, number>> {
  const { gpus } = await catalog<{ gpus: CatalogGpu[] }>(request, "gpus");
  const pools = new Map<string, number>();
  for (const g of gpus)
    if (g.pool) pools.set(g.pool, Math.min(pools.get(g.pool) ?? Infinity, g.memory));
  return pools;
}

const summaryOf = (page: Page) => page.getByRole("region", { name: "Summary" });

/** The <dd> beside a <dt> in the summary. */
const summaryValue = (summary: Locator, term: string) =>
  summary
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("new endpoint: the VRAM filter narrows the GPU pool cards, and a card chosen by keyboard shows in the summary with its cost", async ({
  page,
  request,
}) => {
  const pools = await poolMemory(request);
  const big = [...pools].filter(([, memory]) => memory >= 80).map(([id]) => id);
  expect(big.length).toBeGreaterThan(0);
  expect(big.length).toBeLessThan(pools.size);

  await page.goto("/serverless/new");
  const cards = page.getByRole("list", { name: "GPU pools" }).getByRole("checkbox");
  await expect(cards).toHaveCount(pools.size);
  await page.getByRole("radio", { name: "≥ 80 GB" }).check();
  await expect(cards).toHaveCount(big.length);
  for (const id of big)
    await expect(page.getByRole("checkbox", { name: new RegExp(id) })).toBeVisible();

  const summary = summaryOf(page);
  await expect(summaryValue(summary, "GPU pools")).toHaveText("None chosen");
  const cost = summary.getByText(/^Projected cost:/);
  await expect(cost).toContainText("choose a GPU pool");

  const first = page.getByRole("checkbox", { name: new RegExp(big[0]!) });
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await expect(summaryValue(summary, "GPU pools")).toContainText(big[0]!);
  await expect(cost).toContainText(new RegExp(`worker on ${big[0]} costs \\$[\\d.]+/s`));
  // The card's own price per second is the one the summary projects (one GPU per worker).
  const cardPrice = (await page.locator(`label[for="pool-${big[0]}"]`).textContent())!.match(
    /\$[\d.]+\/s/,
  )![0];
  await expect(cost).toContainText(`costs ${cardPrice}`);

  // Unchecking by keyboard takes it out of the summary again.
  await page.keyboard.press("Space");
  await expect(summaryValue(summary, "GPU pools")).toHaveText("None chosen");
});

test("deploy pod: the VRAM filter narrows the GPU type cards, and arrow keys move the choice and the summary's price", async ({
  page,
  request,
}) => {
  const { gpus } = await catalog<{ gpus: CatalogGpu[] }>(request, "gpus");
  const secure = gpus.filter((g) => g.secure);
  const big = secure.filter((g) => g.memory >= 80);
  expect(big.length).toBeGreaterThan(1);

  await page.goto("/pods/new");
  const form = page.getByRole("form", { name: "Deploy a pod" });
  const cards = form.getByRole("list", { name: "GPU types" }).getByRole("radio");
  await expect(cards).toHaveCount(secure.length);
  await form.getByRole("radio", { name: "≥ 80 GB" }).check();
  await expect(cards).toHaveCount(big.length);

  const summary = summaryOf(page);
  await expect(summaryValue(summary, "GPU")).toHaveText("None chosen");
  await cards.first().focus();
  await page.keyboard.press("Space");
  await expect(cards.first()).toBeChecked();
  await expect(summaryValue(summary, "GPU")).toHaveText(
    `1 × ${big[0]!.name} (${big[0]!.memory} GB)`,
  );
  const price = async (card: Locator) =>
    (await card.locator("xpath=ancestor::label[1]").textContent())!.match(/\$[\d.]+\/h/)![0];
  await expect(summary.getByText(/^Projected cost:/)).toContainText(
    `at ${await price(cards.first())}`,
  );

  await page.keyboard.press("ArrowRight");
  await expect(cards.nth(1)).toBeChecked();
  await expect(summaryValue(summary, "GPU")).toHaveText(
    `1 × ${big[1]!.name} (${big[1]!.memory} GB)`,
  );
  await expect(summary.getByText(/^Projected cost:/)).toContainText(
    `at ${await price(cards.nth(1))}`,
  );
});

test("data centers: the search filters them, a region's Select all chooses that region, and the count follows", async ({
  page,
  request,
}) => {
  const { dataCenters } = await catalog<{ dataCenters: CatalogDataCenter[] }>(
    request,
    "datacenters",
  );
  const europe = dataCenters.filter((dc) => dc.region === "EUROPE");
  expect(europe.length).toBeGreaterThan(1);
  const probe = dataCenters[0]!.id.slice(0, 3);
  const matching = dataCenters.filter(
    (dc) =>
      dc.id.toLowerCase().includes(probe.toLowerCase()) ||
      dc.name.toLowerCase().includes(probe.toLowerCase()),
  );
  expect(matching.length).toBeLessThan(dataCenters.length);

  await page.goto("/serverless/new");
  const group = page.getByRole("group", { name: "Data centers", exact: true });
  const boxes = group.getByRole("checkbox");
  await expect(boxes).toHaveCount(dataCenters.length);
  await group.getByRole("searchbox", { name: "Search data centers" }).fill(probe);
  await expect(boxes).toHaveCount(matching.length);
  await group.getByRole("searchbox", { name: "Search data centers" }).fill("");
  await expect(boxes).toHaveCount(dataCenters.length);

  await expect(group.getByText(`0 of ${dataCenters.length} chosen`)).toBeVisible();
  await group.getByRole("button", { name: "Select all in Europe" }).click();
  const region = group.getByRole("group", { name: "Europe" });
  for (const box of await region.getByRole("checkbox").all()) await expect(box).toBeChecked();
  await expect(region.getByRole("checkbox")).toHaveCount(europe.length);
  const others = group.getByRole("group", { name: "North America" }).getByRole("checkbox");
  for (const box of await others.all()) await expect(box).not.toBeChecked();
  await expect(group.getByText(`${europe.length} of ${dataCenters.length} chosen`)).toBeVisible();
  await expect(group.getByRole("button", { name: "Select all in Europe" })).toBeDisabled();
  await expect(summaryValue(summaryOf(page), "Data centers")).toHaveText(`${europe.length} chosen`);
});

test("advanced sections start collapsed and open on a validation error in them", async ({
  page,
}) => {
  await page.goto("/serverless/new");
  const advanced = page.locator("details", { hasText: "Advanced:" });
  const timeout = page.getByLabel("Execution timeout (ms)");
  await expect(advanced).not.toHaveAttribute("open");
  await expect(timeout).toBeHidden();
  await page.getByLabel("Endpoint name").fill(uniqueName("advanced"));
  await page.getByLabel("Container image").fill("runpod/mock-worker:latest");
  await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();
  await advanced.locator("summary").click();
  await timeout.fill("0");
  await advanced.locator("summary").click();
  await expect(timeout).toBeHidden();
  await page.getByRole("button", { name: "Create endpoint" }).click();
  await expect(advanced).toHaveAttribute("open");
  await expect(timeout).toHaveAttribute("aria-invalid", "true");
  await expect(timeout).toBeFocused();
  await expect(page).toHaveURL(/\/serverless\/new$/);

  await page.goto("/pods/new");
  const form = page.getByRole("form", { name: "Deploy a pod" });
  const podAdvanced = form.locator("details", { hasText: "Advanced:" });
  const ports = form.getByLabel("Exposed ports");
  await expect(podAdvanced).not.toHaveAttribute("open");
  await expect(ports).toBeHidden();
  await form.getByLabel("Pod name").fill(uniqueName("advanced"));
  await form.getByLabel("Container image").fill("runpod/pytorch:latest");
  await form.getByRole("list", { name: "GPU types" }).getByRole("radio").first().check();
  await podAdvanced.locator("summary").click();
  await ports.fill("not-a-port");
  await podAdvanced.locator("summary").click();
  await form.getByRole("button", { name: "Deploy pod" }).click();
  await expect(podAdvanced).toHaveAttribute("open");
  await expect(ports).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/pods\/new$/);
});

for (const [path, field] of [
  ["/serverless/new", "Endpoint name"],
  ["/pods/new", "Pod name"],
] as const) {
  test(`${path}: the summary column is beside the fields at 1440 px and stays in view, and below them at 390 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    const summary = summaryOf(page);
    const name = page.getByLabel(field);
    const wide = { s: (await summary.boundingBox())!, n: (await name.boundingBox())! };
    expect(wide.s.x).toBeGreaterThanOrEqual(wide.n.x + wide.n.width);
    expect(Math.abs(wide.s.y - wide.n.y)).toBeLessThan(150);
    // Sticky: at the bottom of the form the summary is still on screen.
    await page.getByRole("group", { name: "Data centers", exact: true }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(
      summary.getByRole("button", { name: /Create endpoint|Deploy pod/ }),
    ).toBeInViewport();

    await page.setViewportSize({ width: 390, height: 844 });
    const dataCenters = page.getByRole("group", { name: "Data centers", exact: true });
    const narrow = { s: (await summary.boundingBox())!, d: (await dataCenters.boundingBox())! };
    expect(narrow.s.y).toBeGreaterThanOrEqual(narrow.d.y + narrow.d.height);
    expect(narrow.s.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
}
