import { z } from "zod";

/**
 * Environment variables as the forms hold them: editable rows, turned into `env` on submit. The
 * forms' schemas use it; they load at a form's first validation, so the page carries no zod.
 */
export const EnvRows = z.array(
  z.object({
    key: z
      .string()
      .regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/, "letters, digits and _, not starting with a digit"),
    value: z.string(),
  }),
);
