import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  /** What authorize() hands to the jwt callback; never reaches the browser. */
  interface User {
    apiKey?: string;
  }
}

declare module "next-auth/jwt" {
  /** The encrypted session cookie's payload. Only server code decodes it (lib/auth/session.ts). */
  interface JWT {
    apiKey?: string;
    /** The session's id, set at sign-in; a signed-out id is refused (lib/auth/revocation.ts). */
    sid?: string;
  }
}
