import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_KEY } from "./env";
import { signInWithPastedKey } from "./sign-in";

// `npm run screenshots`: the README's pictures of the create forms at 1440×900, light theme. Not a
// test: skipped unless SCREENSHOTS=1, so the default run never rewrites the committed files.
test.skip(!process.env.SCREENSHOTS, "set SCREENSHOTS=1 (npm run screenshots) to capture them");
test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });

const OUT = "docs/screenshots";

/**
 * The 1440×900 window scrolled to the GPU cards, with the sticky summary beside them, as a palette
 * PNG (about a tenth of the raw capture).
 */
async function capture(page: Page, gpus: string, file: string) {
  await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0);
  await page.mouse.move(0, 0);
  const top = await page
    .getByRole("group", { name: gpus })
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y - 24), top);
  mkdirSync(OUT, { recursive: true });
  const png = await page.screenshot({ animations: "disabled" });
  await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(`${OUT}/${file}`);
}

test("capture the new-endpoint and deploy-pod forms", async ({ page }) => {
  await signInWithPastedKey(page, E2E_KEY);

  await page.goto("/serverless/new");
  await page.getByLabel("Endpoint name").fill("sdxl-turbo");
  await page.getByLabel("Container image").fill("runpod/mock-worker:latest");
  await page.getByRole("checkbox", { name: /AMPERE_48/ }).check();
  await page.getByRole("checkbox", { name: /ADA_24/ }).check();
  await page.getByRole("button", { name: "Select all in Europe" }).click();
  await capture(page, "GPU pools", "new-endpoint.png");

  await page.goto("/pods/new");
  const form = page.getByRole("form", { name: "Deploy a pod" });
  await form.getByLabel("Pod name").fill("notebook");
  await form.getByLabel("Container image").fill("runpod/pytorch:2.4.0-py3.11-cuda12.4.1");
  await form.getByRole("radio", { name: /^A100 SXM\b/ }).check();
  await capture(page, "GPU type", "deploy-pod.png");
});
