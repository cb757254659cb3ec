import { z } from "zod";
import { EnvRows } from "@/components/forms/env-rows-schema";
import { CreateTemplateInput } from "@/lib/schemas/templates";

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
