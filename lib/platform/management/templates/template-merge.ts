import type { Template } from "@/lib/schemas/templates";

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
 * Seed template rules 1, 2 and 4: the template's container settings, overridden field by field by
 * the body, except `env`, which is merged per key with the body winning. `startSsh`/`startJupyter`
 * and mounts are not carried over. Pods (PATCH with `templateId`) and endpoints apply it alike.
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
