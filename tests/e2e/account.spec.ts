import { expect } from "@playwright/test";
import { E2E_KEY, PLATFORM_URL } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { platformPost, test, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

const headers = { authorization: `Bearer ${E2E_KEY}` };

test("add an SSH key (a malformed one is refused with a clear message) and a pod created afterwards carries it", async ({
  page,
  request,
  csp,
}) => {
  void csp;
  const comment = uniqueName("e2e");
  const key = `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${Math.random().toString(36).slice(2)} ${comment}`;
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Add an SSH key" });
  const field = form.getByLabel("Public key");

  await field.fill("-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXk");
  await form.getByRole("button", { name: "Add SSH key" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(
    /must be an OpenSSH public key, e\.g\. ssh-ed25519 AAAA… me@host/i,
  );

  // Pasted from a .pub file: the trailing newline is dropped.
  await field.fill(`${key}\n`);
  await form.getByRole("button", { name: "Add SSH key" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `SSH key ${comment} added` }),
  ).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(comment) });
  await expect(row).toContainText("ssh-ed25519");
  await expect(field).toHaveValue("");
  await expect(
    page.getByText(/Pods \(and cluster nodes\) created after you add a key/),
  ).toBeVisible();

  // The same key twice is refused on the field.
  await field.fill(key);
  await form.getByRole("button", { name: "Add SSH key" }).click();
  await expect(field).toHaveAccessibleDescription(/^This is already on your account/);

  const pod = await platformPost<{ id: string }>(request, "/v2/pods", {
    name: uniqueName("with-ssh"),
    image: "runpod/pytorch:latest",
    gpu: { id: "NVIDIA A100-SXM4-80GB", count: 1 },
    ports: ["22/tcp"],
    startSsh: true,
  });
  const answer = await request.get(`${PLATFORM_URL}/v2/pods/${pod.id}`, { headers });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { env: Record<string, string> };
  expect(body.env.PUBLIC_KEY?.split("\n")).toContain(key);

  await row.getByRole("button", { name: `Remove SSH key ${comment}` }).click();
  const confirm = page.getByRole("dialog", { name: `Remove SSH key ${comment}?` });
  await confirm.getByRole("button", { name: "Remove key" }).click();
  await expect(page.getByRole("row", { name: new RegExp(comment) })).toHaveCount(0);
  const keys = (await (
    await request.get(`${PLATFORM_URL}/v2/account/ssh-keys`, { headers })
  ).json()) as { keys: string[] };
  expect(keys.keys).not.toContain(key);
});

test("add a registry credential: its password is never displayed, then delete it", async ({
  page,
  csp,
}) => {
  void csp;
  const name = uniqueName("ghcr");
  const password = `pw-${uniqueName("secret")}`;
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Add a registry credential" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Username").fill("octocat");
  const secret = form.getByLabel("Password or token");
  await expect(secret).toHaveAttribute("type", "password");
  await expect(secret).toHaveAccessibleDescription(/Write-only: never shown again/);
  await secret.fill(password);
  await form.getByRole("button", { name: "Add credential" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Credential ${name} saved` }),
  ).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("stored, never shown again");
  await expect(secret).toHaveValue("");
  expect(await page.content()).not.toContain(password);
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  expect(await page.content()).not.toContain(password);
  expect(await page.content()).not.toContain("octocat");

  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await confirm.getByLabel(/to confirm/).fill(name);
  await confirm.getByRole("button", { name: "Delete credential" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("add an ECR delegation by repository ARN (a malformed ARN is refused), then delete it", async ({
  page,
  csp,
}) => {
  void csp;
  const name = uniqueName("ecr");
  const repository = uniqueName("my-app");
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Add an ECR delegation" });
  const arn = form.getByLabel("Repository ARN");
  await arn.fill(`arn:aws:s3:::${repository}`);
  await form.getByRole("button", { name: "Add delegation" }).click();
  await expect(arn).toHaveAccessibleDescription(/must be an ECR repository ARN/i);

  await arn.fill(`arn:aws:ecr:us-east-1:123456789012:repository/${repository}:v1`);
  await form.getByLabel("Name (optional)").fill(name);
  await form.getByRole("button", { name: "Add delegation" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(`${repository}:v1`);
  await expect(row).toContainText("us-east-1");

  // One delegation per repository and tag: the platform's reason lands on the ARN field.
  await arn.fill(`arn:aws:ecr:us-east-1:123456789012:repository/${repository}:v1`);
  await form.getByRole("button", { name: "Add delegation" }).click();
  await expect(arn).toHaveAccessibleDescription(/already delegated/i);

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await confirm.getByLabel(/to confirm/).fill(name);
  await confirm.getByRole("button", { name: "Delete delegation" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});
