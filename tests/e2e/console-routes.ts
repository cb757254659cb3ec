import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { ENDPOINT_TABS } from "@/components/endpoints/endpoint-tabs";
import { createQueueEndpoint, platformPost, uniqueName } from "./support";

/** Every page route under app/(console), as a URL pattern with its dynamic segments kept. */
export function consoleRoutes(): string[] {
  const root = path.join(process.cwd(), "app", "(console)");
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // Route groups "(x)" add no segment; private folders "_x" are not routes.
        if (entry.name.startsWith("_")) continue;
        const next = /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name];
        walk(path.join(dir, entry.name), next);
      } else if (entry.name === "page.tsx") {
        found.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(root, []);
  return found.sort();
}

/** Resources the dynamic routes are filled in with. */
export interface RouteFixtures {
  endpointId: string;
  jobId: string;
  podId: string;
  templateId: string;
  clusterId: string;
}

/** Creates one of each resource a dynamic route needs, on the e2e account. */
export async function createRouteFixtures(request: APIRequestContext): Promise<RouteFixtures> {
  const endpoint = await createQueueEndpoint(request, uniqueName("routes-ep"));
  const job = await platformPost<{ id: string }>(request, `/v2/${endpoint.id}/run`, {
    input: { mock_return: "hello" },
  });
  const pod = await platformPost<{ id: string }>(request, "/v2/pods", {
    name: uniqueName("routes-pod"),
    image: "runpod/pytorch:latest",
    gpu: { id: "NVIDIA A100-SXM4-80GB", count: 1 },
  });
  const template = await platformPost<{ id: string }>(request, "/v2/templates", {
    name: uniqueName("routes-tpl"),
    image: "runpod/mock-worker:latest",
    serverless: true,
  });
  const cluster = await platformPost<{ id: string }>(request, "/v2/clusters", {
    name: uniqueName("routes-ray"),
    type: "RAY",
    image: "rayproject/ray:latest",
    compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
  });
  return {
    endpointId: endpoint.id,
    jobId: job.id,
    podId: pod.id,
    templateId: template.id,
    clusterId: cluster.id,
  };
}

/** How each dynamic route is filled in; a new dynamic route must be added here (tests say so). */
export const DYNAMIC_ROUTE_URLS: Record<string, (f: RouteFixtures) => string> = {
  "/[...missing]": () => "/no-such-page/anywhere",
  "/clusters/[id]": (f) => `/clusters/${f.clusterId}`,
  "/playground/[slug]": () => "/playground/black-forest-labs-flux-1-dev",
  "/playground/endpoint/[id]": (f) => `/playground/endpoint/${f.endpointId}`,
  "/pods/[id]": (f) => `/pods/${f.podId}`,
  "/serverless/[id]": (f) => `/serverless/${f.endpointId}`,
  "/serverless/[id]/jobs/[jobId]": (f) => `/serverless/${f.endpointId}/jobs/${f.jobId}`,
  // Each endpoint tab is a route of its own.
  ...Object.fromEntries(
    ENDPOINT_TABS.filter((t) => t.id !== "overview").map((t) => [
      `/serverless/[id]/${t.id}`,
      (f: RouteFixtures) => `/serverless/${f.endpointId}/${t.id}`,
    ]),
  ),
  "/templates/[id]": (f) => `/templates/${f.templateId}`,
};

/** Every page of the console as a URL: each route filled in, the other template tab, other model kinds. */
export function consoleUrls(f: RouteFixtures): { urls: string[]; unfilled: string[] } {
  const routes = consoleRoutes();
  const unfilled = routes.filter((r) => r.includes("[") && !(r in DYNAMIC_ROUTE_URLS));
  const urls = routes
    .filter((r) => !unfilled.includes(r))
    .map((r) => DYNAMIC_ROUTE_URLS[r]?.(f) ?? r);
  return {
    urls: [
      ...urls,
      "/templates?tab=public",
      "/playground/nano-banana-edit",
      "/playground/wan-2-2-i2v-720",
    ],
    unfilled,
  };
}

/** A console page is settled when its h1 is there and no "Loading …" placeholder remains. */
export async function settledPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0, { timeout: 30_000 });
}
