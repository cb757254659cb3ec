import type { Template } from "@/lib/schemas/templates";
import { problem, problems } from "../../http/problem";

/**
 * Seed template rule 5 after lookup: unknown or inaccessible → 404 (the caller passes null), not a
 * serverless template → 422.
 */
export function requireServerlessTemplate(template: Template | null, id: string): Template {
  if (!template) throw problems.notFound("template");
  if (!template.serverless) {
    throw problem(422, `template ${id} is not a serverless template`, [
      `templateId: template ${id} is not a serverless template`,
    ]);
  }
  return template;
}
