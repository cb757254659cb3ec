import type { ApiFamily } from "./client";

/** The first path segment of the management and volume APIs → what a person calls it. */
const RESOURCES: Record<string, string> = {
  serverless: "serverless endpoints",
  pods: "pods",
  "network-volumes": "network volumes",
  networkvolumes: "network volumes",
  templates: "templates",
  registries: "container registry credentials",
  clusters: "clusters",
  billing: "billing",
  account: "account settings",
};

/**
 * What a 403 means for the request that got it, in the console's words: "This key cannot write
 * serverless endpoints." The platform answers only `access denied` (as the real service does);
 * the console knows which family and which level (GET reads, anything else writes) it asked for.
 * Undefined when the request names nothing a key's permission covers.
 */
export function deniedPermission(
  method: string,
  family: ApiFamily,
  path: string,
): string | undefined {
  const write = method.toUpperCase() !== "GET";
  const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  const first = segments[0];
  if (!first) return undefined;
  if (family === "job") {
    return `This key cannot ${write ? "run or change jobs of" : "read jobs of"} ${first}`;
  }
  if (family === "control") {
    return "This key cannot use the local platform's developer tools";
  }
  const resource = RESOURCES[first];
  if (!resource) return undefined;
  return `This key cannot ${write ? "write" : "read"} ${resource}`;
}
