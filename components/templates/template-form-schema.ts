import { z } from "zod";
import { EnvRows, envToRows, rowsToEnv } from "@/components/forms/env-rows";
import {
  CreateTemplateInput,
  type Template,
  type UpdateTemplateInput,
} from "@/lib/schemas/templates";

/** The contract's create schema plus UI-only fields: pod vs serverless as a choice, env as rows. */
export const TemplateFormSchema = CreateTemplateInput.pick({
  name: true,
  image: true,
  category: true,
  disk: true,
  ports: true,
}).extend({
  kind: z.enum(["pod", "serverless"]),
  envRows: EnvRows,
});
export type TemplateFormValues = z.input<typeof TemplateFormSchema>;
export type TemplateFormOutput = z.output<typeof TemplateFormSchema>;

export const TEMPLATE_FIELDS = [
  "name",
  "kind",
  "category",
  "image",
  "disk",
  "ports",
  "envRows",
] as const;
export const TEMPLATE_ALIASES = { env: "envRows", serverless: "kind" };

export const NEW_TEMPLATE_DEFAULTS: TemplateFormValues = {
  name: "",
  kind: "pod",
  category: "NVIDIA",
  image: "",
  disk: 20,
  ports: [],
  envRows: [],
};

export function valuesFromTemplate(t: Template): TemplateFormValues {
  return {
    name: t.name,
    kind: t.serverless ? "serverless" : "pod",
    category: t.category,
    image: t.image,
    disk: t.disk,
    ports: t.ports,
    envRows: envToRows(t.env),
  };
}

function body(v: TemplateFormOutput) {
  return {
    name: v.name,
    image: v.image,
    category: v.category,
    serverless: v.kind === "serverless",
    ...(v.disk !== undefined ? { disk: v.disk } : {}),
    ports: v.ports ?? [],
    env: rowsToEnv(v.envRows),
  };
}

export const toCreateTemplateInput = (v: TemplateFormOutput): CreateTemplateInput => ({
  ...body(v),
  public: false,
  startJupyter: v.kind === "pod",
  startSsh: v.kind === "pod",
});

export const toUpdateTemplateInput = (v: TemplateFormOutput): UpdateTemplateInput => body(v);
