import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";
import { platformPost, uniqueName } from "./support";

test.beforeEach(async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);
});

test("a pod's spend shows per day and per resource, beside the balance", async ({
  page,
  request,
}) => {
  const pod = await platformPost<{ id: string; name: string }>(request, "/v2/pods", {
    name: uniqueName("billed"),
    image: "runpod/pytorch:latest",
    gpu: { id: "NVIDIA A100-SXM4-80GB", count: 1 },
  });
  // Running pods are charged once a minute; stopping one settles its charge at once.
  await platformPost(request, `/v2/pods/${pod.id}/action`, { action: "stop" });
  await page.goto("/billing");
  await expect(page.getByRole("group", { name: "Balance" })).toContainText(/\$\d/);
  await expect(page.getByRole("group", { name: "Spent, last 30 days" })).not.toContainText(
    /\$0\.00$/,
  );
  await expect(
    page.getByRole("img", { name: /Spend per day over the last \d+ days/ }),
  ).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(pod.name) });
  await expect(row).toContainText("Pod");
  await expect(row).toContainText(/\$\d/);
});
