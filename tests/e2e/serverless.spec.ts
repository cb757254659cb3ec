import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { createQueueEndpoint, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("create a queue endpoint: a CUDA version only the platform rejects lands on its field first", async ({
  page,
}) => {
  const name = uniqueName("queue");
  await page.goto("/serverless/new");
  await page.getByLabel("Endpoint name").fill(name);
  await page.getByLabel("Container image").fill("runpod/mock-worker:latest");
  await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();
  await expect(
    page.getByText(/Projected cost: each running worker on AMPERE_48 costs/),
  ).toBeVisible();
  const cuda = page.getByLabel("Allowed CUDA versions");
  await cuda.fill("99.9");
  await page.getByRole("button", { name: "Create endpoint" }).click();

  await expect(cuda).toHaveAttribute("aria-invalid", "true");
  await expect(cuda).toHaveAccessibleDescription(/CUDA 99\.9 is not offered/);
  await expect(cuda).toBeFocused();
  await expect(page).toHaveURL(/\/serverless\/new$/);

  await cuda.fill("");
  await page.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/serverless\/[a-z0-9]+$/);
  await expect(page.getByRole("button", { name: "Copy Run sync URL" })).toBeVisible();

  await page.goto("/serverless");
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("a load balancer scales on request count, and queue + request count hides the idle timeout", async ({
  page,
}) => {
  await page.goto("/serverless/new");
  const scaleOn = page.getByLabel("Scale on");
  await page.getByRole("radio", { name: /Load balancer/ }).check();
  await expect(scaleOn).toHaveValue("REQUEST_COUNT");
  await expect(page.getByLabel("Idle timeout (s)")).toBeVisible();
  await page.getByRole("radio", { name: /Queue/ }).check();
  await expect(page.getByLabel("Idle timeout (s)")).toBeHidden();
  await expect(
    page.getByText(/No idle timeout: a queue endpoint scaling on request count/),
  ).toBeVisible();
  await scaleOn.selectOption("QUEUE_DELAY");
  await expect(page.getByLabel("Queue delay (s)")).toHaveValue("4");
  await expect(page.getByLabel("Idle timeout (s)")).toHaveValue("10");
});

test("send a request from the endpoint page and see it complete", async ({ page, request }) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("run"));
  await page.goto(`/serverless/${endpoint.id}?tab=requests`);
  await expect(page.getByRole("link", { name: "Requests" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("region", { name: "No requests yet" })).toBeVisible();
  await expect(page.getByLabel("Request body (JSON)")).toHaveValue(/"mock_return": "hello"/);
  await page.getByRole("button", { name: "Send request" }).click();

  const table = page.getByRole("table", { name: "Recent requests" });
  await expect(table.getByText("COMPLETED")).toBeVisible({ timeout: 25_000 });
});

test("invalid JSON is reported on the request field before anything is sent", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("json"));
  await page.goto(`/serverless/${endpoint.id}?tab=requests`);
  const body = page.getByLabel("Request body (JSON)");
  await body.fill('{"input": ');
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(body).toHaveAccessibleDescription(/Not valid JSON/);
});

test("purge a queue after confirming with the endpoint's name", async ({ page, request }) => {
  // No workers may start, so requests stay queued until purged.
  const endpoint = await createQueueEndpoint(request, uniqueName("purge"), {
    workers: { min: 0, max: 0 },
  });
  await page.goto(`/serverless/${endpoint.id}?tab=requests`);
  const table = page.getByRole("table", { name: "Recent requests" });
  for (let i = 0; i < 2; i += 1) {
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(table.getByText("IN_QUEUE")).toHaveCount(i + 1);
  }
  await page.getByRole("button", { name: "Purge queue" }).click();
  const dialog = page.getByRole("dialog", { name: "Purge the queue?" });
  const confirm = dialog.getByRole("button", { name: "Purge queue" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(endpoint.name);
  await confirm.click();
  await expect(page.getByText("Queue purged: 2 queued requests removed")).toBeVisible();
  await expect(table.getByText("IN_QUEUE")).toHaveCount(0);
});

test("settings: change max workers, see it saved, then delete with typed-name confirmation", async ({
  page,
  request,
}) => {
  const endpoint = await createQueueEndpoint(request, uniqueName("settings"));
  await page.goto(`/serverless/${endpoint.id}?tab=settings`);
  await page.getByLabel("Max workers").fill("5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/tab=overview$/);
  await expect(page.getByText("0–5, idle 10 s")).toBeVisible();

  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${endpoint.name}?` });
  await dialog.getByLabel(/to confirm/).fill(endpoint.name);
  await dialog.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/serverless$/);
  await expect(page.getByRole("link", { name: endpoint.name })).toHaveCount(0);
});
