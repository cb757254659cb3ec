import {
  ListTemplatesResponse,
  Template,
  type CreateTemplateInput,
  type UpdateTemplateInput,
} from "@/lib/schemas/templates";
import type { Cloud } from "./client";

const templatePath = (id: string) => `/templates/${encodeURIComponent(id)}`;

/** `GET /v2/templates`: the account's own templates. */
export async function listTemplates(cloud: Cloud) {
  return (await cloud.request({ path: "/templates", schema: ListTemplatesResponse })).templates;
}

/** One of the account's templates or a public catalogue template. */
export function getTemplate(cloud: Cloud, id: string): Promise<Template> {
  return cloud.request({ path: templatePath(id), schema: Template });
}

export function createTemplate(cloud: Cloud, input: CreateTemplateInput): Promise<Template> {
  return cloud.request({ method: "POST", path: "/templates", body: input, schema: Template });
}

export function updateTemplate(
  cloud: Cloud,
  id: string,
  input: UpdateTemplateInput,
): Promise<Template> {
  return cloud.request({ method: "PATCH", path: templatePath(id), body: input, schema: Template });
}

export async function deleteTemplate(cloud: Cloud, id: string): Promise<void> {
  await cloud.request({ method: "DELETE", path: templatePath(id) });
}
