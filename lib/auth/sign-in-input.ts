import { z } from "zod";

/**
 * The pasted-key form. Shared by the sign-in form (zodResolver) and the credentials provider, so
 * both reject the same input with the same words. Safe to import from client components (the form loads
 * it at its first validation).
 */
export const ApiKeySignInInput = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, "Paste an API key.")
    .max(512, "That is longer than any API key.")
    .regex(/^\S+$/, "An API key has no spaces or line breaks."),
});
export type ApiKeySignInInput = z.infer<typeof ApiKeySignInInput>;
