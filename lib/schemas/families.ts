/**
 * Resource families a restricted key is scoped by (the catalogue is readable by every valid key).
 * Plain values, without zod, so a page can list them without loading the schemas.
 */
export const RESOURCE_FAMILIES = [
  "serverless",
  "pods",
  "storage",
  "templates",
  "registries",
  "clusters",
  "billing",
  "account",
  "models",
] as const;
