import { expect } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { platformPost, test, uniqueName } from "./support";

const H100 = "NVIDIA H100 80GB HBM3";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("create a cluster with a network volume, see its member pods, open one, and find them on the pods page", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const volume = await platformPost<{ id: string; name: string }>(request, "/v2/network-volumes", {
    name: uniqueName("shared"),
    size: 20,
    dataCenter: "EU-SE-1",
  });
  const name = uniqueName("trainers");
  await page.goto("/clusters");
  const form = page.getByRole("form", { name: "Create a cluster" });
  await form.getByLabel("Cluster name").fill(name);
  await form.getByLabel("GPU type").selectOption(H100);
  await form.getByLabel("GPUs per node").fill("2");
  await form.getByLabel("Nodes", { exact: true }).fill("3");
  await expect(
    form.getByText(/≈ \$28\.14 per hour while running \(3 nodes × 2 × H100/),
  ).toBeVisible();
  await form.getByLabel("Network volume (optional)").selectOption(volume.id);
  await expect(form.getByLabel("Network volume (optional)")).toHaveAccessibleDescription(
    "Mounted at /workspace on every node.",
  );
  await expect(form.getByLabel("Data center")).toBeDisabled();
  await form.getByRole("button", { name: "Create cluster" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Cluster ${name} created with 3 pods` }),
  ).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(`3 nodes × 2 × ${H100}`);
  await expect(row).toContainText("EU-SE-1");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(`${volume.id} at /workspace on every node`)).toBeVisible();
  const members = page.getByRole("table", { name: `Member pods of ${name}` });
  await expect(members.getByRole("row")).toHaveCount(4); // header + 3 nodes
  for (const rank of [0, 1, 2])
    await expect(members.getByRole("link", { name: `${name}-node-${rank}` })).toBeVisible();

  await members.getByRole("link", { name: `${name}-node-0` }).click();
  await expect(page).toHaveURL(/\/pods\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: `${name}-node-0` })).toBeVisible();

  // The pod list leaves cluster members out until asked; then each carries its cluster.
  await page.goto("/pods");
  const toggle = page.getByRole("checkbox", { name: "Show cluster pods" });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByRole("link", { name: `${name}-node-0` })).toHaveCount(0);
  await toggle.check();
  await expect(page).toHaveURL(/\/pods\?clusters=show$/);
  const member = page.getByRole("row", { name: new RegExp(`${name}-node-1`) });
  await expect(member.getByRole("link", { name: `cluster ${name}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Show cluster pods" })).toBeChecked();
  await expect(page.getByRole("link", { name: `${name}-node-2` })).toBeVisible();
});

test("the create form checks name, GPU type and node count before anything is sent", async ({
  page,
  csp,
}) => {
  void csp;
  await page.goto("/clusters");
  const form = page.getByRole("form", { name: "Create a cluster" });
  await form.getByRole("button", { name: "Create cluster" }).click();
  await expect(form.getByLabel("Cluster name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("GPU type")).toHaveAccessibleDescription(/Choose a GPU type/);
  await form.getByLabel("Nodes", { exact: true }).fill("1");
  await expect(form.getByLabel("Nodes", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("rename a cluster, then delete it after typing its name: its pods are terminated", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const cluster = await platformPost<{ id: string; name: string; primary: { podId: string } }>(
    request,
    "/v2/clusters",
    {
      name: uniqueName("ray"),
      type: "RAY",
      image: "rayproject/ray:latest",
      compute: { gpuTypeId: H100, gpuCountPerPod: 1, podCount: 2 },
    },
  );
  const renamed = uniqueName("ray-renamed");
  await page.goto("/clusters");
  const row = page.getByRole("row", { name: new RegExp(cluster.name) });
  await row.getByRole("button", { name: `Rename ${cluster.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Rename ${cluster.name}` });
  await dialog.getByLabel("New name").fill(renamed);
  await dialog.getByRole("button", { name: "Rename cluster" }).click();
  await expect(dialog).toBeHidden();
  const renamedRow = page.getByRole("row", { name: new RegExp(renamed) });
  await expect(renamedRow.getByRole("link", { name: renamed })).toBeVisible();

  await renamedRow.getByRole("link", { name: renamed }).click();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${renamed}?` });
  await expect(confirm).toContainText("All 2 of its pods are terminated");
  await confirm.getByLabel(/to confirm/).fill(renamed);
  await confirm.getByRole("button", { name: "Delete cluster" }).click();
  await expect(page).toHaveURL(/\/clusters$/);
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);

  const headers = { authorization: `Bearer ${E2E_KEY}` };
  expect(
    (await request.get(`${PLATFORM_URL}/v2/clusters/${cluster.id}`, { headers })).status(),
  ).toBe(404);
  const primary = await request.get(`${PLATFORM_URL}/v2/pods/${cluster.primary.podId}`, {
    headers,
  });
  if (primary.ok())
    expect(((await primary.json()) as { status: string }).status).toBe("TERMINATED");
  else expect(primary.status()).toBe(404);
});
