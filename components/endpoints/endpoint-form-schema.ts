import { z } from "zod";
import { EnvRows } from "@/components/forms/env-rows-schema";
import { CreateEndpointInput } from "@/lib/schemas/endpoints";

/** The contract's create schema plus UI-only fields: where the container comes from, env as rows. */
export const EndpointFormSchema = CreateEndpointInput.omit({ env: true })
  .extend({
    source: z.enum(["image", "template"]),
    // Both stay in the form as text ("" when unused); the refinement below asks for the one the
    // source needs, and toCreateInput sends only that one.
    image: z.string().optional(),
    templateId: z.string().optional(),
    envRows: EnvRows,
  })
  .superRefine((v, ctx) => {
    if (v.source === "image" && !v.image)
      ctx.addIssue({ code: "custom", path: ["image"], message: "Enter a container image" });
    if (v.source === "template" && !v.templateId)
      ctx.addIssue({ code: "custom", path: ["templateId"], message: "Choose a template" });
  });
export type EndpointFormValues = z.input<typeof EndpointFormSchema>;
export type EndpointFormOutput = z.output<typeof EndpointFormSchema>;
