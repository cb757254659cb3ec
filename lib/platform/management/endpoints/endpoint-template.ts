import type { Template } from "@/lib/schemas/templates";
import { problem, problems } from "../../http/problem";

/** The container settings a template contributes (seed template rule 1); pod-only flags are not among them (rule 4). */
export interface ContainerFields {
  image?: string;
  args?: string;
  disk?: number;
  ports?: string[];
  env?: Record<string, string>;
  registry?: string | null;
}

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

/**
 * Seed template rules 1, 2 and 4: the template's container settings, overridden field by field by
 * the body, except `env`, which is merged per key with the body winning. `startSsh`/`startJupyter`
 * and mounts are pod concerns and are not carried over.
 */
export function mergeTemplate(
  template: Template,
  body: ContainerFields,
): Required<ContainerFields> {
  return {
    image: body.image ?? template.image,
    args: body.args ?? template.args,
    disk: body.disk ?? template.disk,
    ports: body.ports ?? template.ports,
    env: { ...template.env, ...body.env },
    registry: body.registry !== undefined ? body.registry : template.registry,
  };
}
