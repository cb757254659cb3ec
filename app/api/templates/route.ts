import { listCatalogTemplates } from "@/lib/cloud/catalog";
import { listTemplates } from "@/lib/cloud/templates";
import { readRoute } from "../_lib/read-route";

/** The account's own templates and the official public ones, read in parallel. */
export const GET = readRoute(async (cloud) => {
  const [own, publicTemplates] = await Promise.all([
    listTemplates(cloud),
    listCatalogTemplates(cloud, "official"),
  ]);
  return { templates: own, publicTemplates };
});
