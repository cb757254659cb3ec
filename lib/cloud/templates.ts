import { ListTemplatesResponse } from "@/lib/schemas/templates";
import type { Cloud } from "./client";

/** `GET /v2/templates`: the account's own templates. */
export async function listTemplates(cloud: Cloud) {
  return (await cloud.request({ path: "/templates", schema: ListTemplatesResponse })).templates;
}
