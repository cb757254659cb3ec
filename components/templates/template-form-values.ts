import { envToRows, rowsToEnv } from "@/components/forms/env-rows";
import type { CreateTemplateInput, Template, UpdateTemplateInput } from "@/lib/schemas/templates";
import type { TemplateFormOutput, TemplateFormValues } from "./template-form-schema";

// The template form's plain values and mapping, apart from its zod schema (./template-form-schema),
// which the form loads at its first validation.

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
