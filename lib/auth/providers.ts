/** next-auth provider ids used by the sign-in page (apart from the schema, so the page loads no zod). */
export const API_KEY_PROVIDER = "api-key";
export const LOCAL_KEY_PROVIDER = "local-key";
