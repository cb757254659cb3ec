import { expect, test } from "@playwright/test";
import { settledPage } from "./console-routes";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { holdScripts, isHydrated, platformPost, uniqueName } from "./support";

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
  await form
    .getByRole("group", { name: "GPU type" })
    .getByRole("radio", { name: /^A100 SXM\b/ })
    .check();
  await expect(form.getByText(/per hour while running \(1 × /)).toBeVisible();
  await form.getByLabel("Container image").fill("runpod/pytorch:latest");
  await form.getByRole("radio", { name: "Community Cloud" }).check();
  await expect(form.getByLabel("Network volume")).toBeDisabled();
  await form.getByRole("radio", { name: "Secure Cloud" }).check();
  const dataCenters = form.getByRole("group", { name: "Data centers" });
  await dataCenters.getByRole("checkbox", { name: /US-KS-2/ }).check();
  await form.getByLabel("Network volume").selectOption(first.id);
  await expect(form.getByLabel("Mount path")).toHaveValue("/workspace");
  await expect(dataCenters).toHaveAccessibleDescription(
    /A network volume confines the pod to its data center: EU-RO-1/,
  );
  await expect(dataCenters.getByRole("checkbox", { name: /EU-RO-1/ })).toBeChecked();
  await expect(dataCenters.getByRole("checkbox", { name: /US-KS-2/ })).toBeDisabled();
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
    /This is immutable: a network mount cannot change volume/,
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

test("a pod page's actions load their code when reached for, and a click made before it arrived is made once it has", async ({
  page,
  request,
}) => {
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("held-action"),
    image: "runpod/pytorch:latest",
    gpu: { id: A100, count: 1 },
  });
  await page.goto(`/pods/${pod.id}`);
  await settledPage(page);
  await page.waitForLoadState("load");
  const terminate = page.getByRole("button", { name: `Terminate ${pod.name}` });
  // The buttons are the server's HTML until someone reaches for them: their code is not loaded.
  expect(await isHydrated(terminate)).toBe(false);

  const scripts = await holdScripts(page);
  await terminate.click();
  await expect.poll(scripts.waiting).toBeGreaterThan(0); // the click asked for the code
  const confirm = page.getByRole("dialog", { name: `Terminate ${pod.name}?` });
  await expect(confirm).toBeHidden();
  scripts.release();

  // The held click is made once the code is here: the confirmation opens, and terminating works.
  await expect(confirm).toBeVisible();
  await confirm.getByLabel(/to confirm/).fill(pod.name);
  await confirm.getByRole("button", { name: "Terminate pod" }).click();
  await expect(page).toHaveURL(/\/pods$/);
  await expect(page.getByRole("row", { name: new RegExp(pod.name) })).toHaveCount(0);
});

test("the pod filter lives in the URL", async ({ page, request }) => {
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("stopped"),
    image: "runpod/pytorch:latest",
    gpu: { id: A100, count: 1 },
  });
  await platformPost(request, `/v2/pods/${pod.id}/action`, { action: "stop" });
  await page.goto("/pods?status=stopped");
  const filter = page.getByRole("navigation", { name: "Pod filter" });
  await expect(filter.getByRole("link", { name: "Stopped" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("row", { name: new RegExp(pod.name) })).toContainText("EXITED");
  await filter.getByRole("link", { name: "Running" }).click();
  await expect(page).toHaveURL(/\/pods\?status=running$/);
  await expect(page.getByRole("row", { name: new RegExp(pod.name) })).toHaveCount(0);
});

test("apply a template and registry credentials to a pod: the preview shows what changes and how the env merges", async ({
  page,
  request,
}) => {
  const template = await platformPost<{ id: string; name: string }>(request, "/v2/templates", {
    name: uniqueName("pod-tpl"),
    image: "runpod/comfyui:latest",
    env: { MODEL: "sdxl", THEME: "dark" },
  });
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("templated"),
    image: "runpod/pytorch:latest",
    gpu: { id: A100, count: 1 },
    env: { THEME: "light" },
  });
  const registry = await platformPost<{ id: string; name: string }>(request, "/v2/registries", {
    name: uniqueName("private-registry"),
    username: "robot",
    password: "secret",
  });
  await page.goto(`/pods/${pod.id}`);
  const edit = page.getByRole("form", { name: "Edit pod" });
  await edit.getByLabel("Apply a template").selectOption(template.id);
  const preview = edit.getByRole("region", { name: "Template preview" });
  await expect(preview).toContainText("runpod/comfyui:latest");
  // The preview is the form's own rendering: its code is here (see the test below for a choice
  // made before that).
  await edit.getByLabel("Registry credentials").selectOption(registry.id);
  await expect(preview).toContainText("MODEL=sdxl (from the template)");
  await expect(preview).toContainText("THEME=light (yours, replaces the template's)");
  await edit.getByRole("button", { name: "Save pod" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pod saved" })).toBeVisible();
  await expect(edit.getByLabel("Container image")).toHaveValue("runpod/comfyui:latest");
  await expect(edit.getByLabel("Variable 1 name")).toHaveValue(/MODEL|THEME/);
  await expect(edit.getByLabel("Apply a template")).toHaveValue("");
  await page.reload();
  await expect(edit.getByLabel("Registry credentials")).toHaveValue(registry.id);
});

test("a registry chosen and saved in a pod's settings before the form's code arrives is saved", async ({
  page,
  request,
}) => {
  // The pod's PATCH sends only the fields react-hook-form marks dirty. A field changed before the
  // form's code arrived must reach it as a change (not be found already changed as it attaches,
  // which react-hook-form marks dirty without telling the form): otherwise "Nothing to save".
  const pod = await platformPost<{ id: string }>(request, "/v2/pods", {
    name: uniqueName("early-choices"),
    image: "runpod/pytorch:latest",
    gpu: { id: A100, count: 1 },
  });
  const registry = await platformPost<{ id: string }>(request, "/v2/registries", {
    name: uniqueName("early-registry"),
    username: "robot",
    password: "secret",
  });
  await page.goto(`/pods/${pod.id}`);
  await page.waitForLoadState("load");
  // From here on, scripts (the form's code) wait until the choice is made.
  const scripts = await holdScripts(page);
  const edit = page.getByRole("form", { name: "Edit pod" });
  await edit.getByLabel("Registry credentials").selectOption(registry.id);
  await expect.poll(scripts.waiting).toBeGreaterThan(0);
  // Saved before the code is here too: the save is held and made once the form has rendered the
  // choice (made in the same moment, it read the form's state from before it: "Nothing to save").
  await edit.getByRole("button", { name: "Save pod" }).click();
  scripts.release();
  await expect(edit.getByLabel("Registry credentials")).toHaveValue(registry.id);
  await expect(page.getByRole("status").filter({ hasText: "Pod saved" })).toBeVisible({
    timeout: 10_000,
  });
  await page.reload();
  await expect(edit.getByLabel("Registry credentials")).toHaveValue(registry.id);
});
