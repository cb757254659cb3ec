import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { platformPost, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

const A100 = "NVIDIA A100-SXM4-80GB";

test("edit a pod's env and lock it and see the stop action refused with a clear message", async ({
  page,
  request,
}) => {
  // The platform's lifecycle takes 15 s of (real-clock) platform time to reach RUNNING.
  test.setTimeout(90_000);
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("locked"),
    image: "runpod/pytorch:latest",
    gpu: { id: A100, count: 1 },
    ports: ["22/tcp"],
  });
  await page.goto("/pods");
  const row = page.getByRole("row", { name: new RegExp(pod.name) });
  await expect(row).toContainText(/\$\d+\.\d+\/h/);
  await row.getByRole("link", { name: pod.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: pod.name })).toBeVisible();

  const edit = page.getByRole("form", { name: "Edit pod" });
  await edit.getByRole("button", { name: "Add variable" }).click();
  await edit.getByLabel("Variable 1 name").fill("MODEL_NAME");
  await edit.getByLabel("Variable 1 value").fill("llama");
  const lock = edit.getByRole("checkbox", { name: /Lock this pod/ });
  await expect(lock).toHaveAccessibleDescription(/A locked pod cannot be stopped or reset/);
  await lock.check();
  await edit.getByRole("button", { name: "Save pod" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pod saved" })).toBeVisible();

  await page.reload();
  await expect(edit.getByLabel("Variable 1 name")).toHaveValue("MODEL_NAME");
  await expect(edit.getByRole("checkbox", { name: /Lock this pod/ })).toBeChecked();

  const status = page.getByRole("status", { name: "Status" });
  await expect(status).toHaveText("RUNNING", { timeout: 30_000 });
  await expect(page.getByRole("figure").filter({ hasText: "SSH command" })).toContainText("ssh ");
  await expect(page.getByText("Uptime")).toBeVisible();

  await page.getByRole("button", { name: `Stop ${pod.name}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: "was not stopped" })).toContainText(
    /a locked pod cannot be stopped or reset; unlock it first/,
  );
  // The optimistic EXITED rolled back.
  await expect(status).toHaveText("RUNNING");
});

test("attach a network volume at deploy and then try to swap it and see the rule explained", async ({
  page,
  request,
}) => {
  const volume = (label: string) =>
    platformPost<{ id: string; name: string }>(request, "/v2/network-volumes", {
      name: uniqueName(label),
      size: 20,
      dataCenter: "EU-RO-1",
    });
  const first = await volume("first-vol");
  const second = await volume("second-vol");
  const name = uniqueName("with-volume");
  await page.goto("/pods/new");
  const form = page.getByRole("form", { name: "Deploy a pod" });
  await form.getByLabel("Pod name").fill(name);
  await form.getByLabel("GPU type").selectOption(A100);
  await expect(form.getByText(/per hour while running \(1 × /)).toBeVisible();
  await form.getByLabel("Container image").fill("runpod/pytorch:latest");
  await form.getByRole("radio", { name: "Community Cloud" }).check();
  await expect(form.getByLabel("Network volume")).toBeDisabled();
  await form.getByRole("radio", { name: "Secure Cloud" }).check();
  await form.getByLabel("Network volume").selectOption(first.id);
  await expect(form.getByLabel("Mount path")).toHaveValue("/workspace");
  await form.getByRole("button", { name: "Deploy pod" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const edit = page.getByRole("form", { name: "Edit pod" });
  const mounts = edit.getByRole("group", { name: "Mounts" });
  await expect(mounts).toContainText("A network volume cannot be swapped for another");
  const mounted = mounts.getByLabel("Network volume");
  await expect(mounted).toHaveValue(first.id);
  await mounted.selectOption(second.id);
  await expect(mounts).toContainText(/The platform will refuse this mount change/);
  await edit.getByRole("button", { name: "Save pod" }).click();
  await expect(mounts.getByRole("alert")).toContainText(
    /is immutable: a network mount cannot change volume/,
  );
});

test("terminating a pod is confirmed by typing its name", async ({ page, request }) => {
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("doomed"),
    image: "runpod/pytorch:latest",
    gpu: { id: A100, count: 1 },
  });
  await page.goto("/pods");
  const row = page.getByRole("row", { name: new RegExp(pod.name) });
  await row.getByRole("button", { name: `Terminate ${pod.name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Terminate ${pod.name}?` });
  await expect(confirm.getByRole("button", { name: "Terminate pod" })).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill(pod.name);
  await confirm.getByRole("button", { name: "Terminate pod" }).click();
  await expect(page.getByRole("row", { name: new RegExp(pod.name) })).toHaveCount(0);
});
