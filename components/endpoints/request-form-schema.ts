import { z } from "zod";
import { JobRequest } from "@/lib/schemas/jobs";

/**
 * The Requests tab's form: the JSON text must parse and be a JobRequest (the same schema the
 * platform applies). Loaded at the form's first validation.
 */
export const RequestForm = z.object({
  body: z.string().superRefine((text, ctx) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `Not valid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = JobRequest.safeParse(json);
    if (!parsed.success)
      ctx.addIssue({
        code: "custom",
        message: parsed.error.issues
          .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
          .join("; "),
      });
  }),
});
export type RequestForm = z.infer<typeof RequestForm>;
