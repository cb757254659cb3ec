import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("create and delete a template", async ({ page }) => {
  const name = uniqueName("tpl");
  await page.goto("/templates/new");
  const form = page.getByRole("form", { name: "Create template" });
  await form.getByLabel("Template name").fill(name);
  await form.getByRole("radio", { name: "Serverless endpoints" }).check();
  await form.getByLabel("Category").selectOption("CPU");
  await form.getByLabel("Container image").fill("runpod/mock-worker:latest");
  await form.getByLabel("Exposed ports").fill("8000");
  await form.getByRole("button", { name: "Create template" }).click();
  const ports = form.getByLabel("Exposed ports");
  await expect(ports).toHaveAttribute("aria-invalid", "true");
  await expect(ports).toHaveAccessibleDescription(/must be formatted <port>\/<protocol>/i);

  await ports.fill("8000/http");
  await form.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Serverless");
  await expect(row).toContainText("CPU");

  await page.getByRole("link", { name: "Public" }).click();
  await expect(page).toHaveURL(/\/templates\?tab=public$/);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole("link", { name: "My templates" }).click();

  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await confirm.getByLabel(/to confirm/).fill(name);
  await confirm.getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("editing a template keeps the platform's field errors on their fields", async ({ page }) => {
  const name = uniqueName("tpl-edit");
  await page.goto("/templates/new");
  const create = page.getByRole("form", { name: "Create template" });
  await create.getByLabel("Template name").fill(name);
  await create.getByLabel("Container image").fill("runpod/pytorch:latest");
  await create.getByRole("button", { name: "Create template" }).click();
  await page.getByRole("link", { name }).click();
  const edit = page.getByRole("form", { name: "Save template" });
  await edit.getByLabel("Container disk (GB)").fill("0");
  await edit.getByRole("button", { name: "Save template" }).click();
  await expect(edit.getByLabel("Container disk (GB)")).toHaveAttribute("aria-invalid", "true");
  await edit.getByLabel("Container disk (GB)").fill("40");
  await edit.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Template saved" })).toBeVisible();
});
