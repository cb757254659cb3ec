import { z } from "zod";

/**
 * The pasted-key form. Shared by the sign-in form (zodResolver) and the credentials provider, so
 * both reject the same input with the same words. Safe to import from client components.
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

/** next-auth provider ids used by the sign-in page. */
export const API_KEY_PROVIDER = "api-key";
export const LOCAL_KEY_PROVIDER = "local-key";
