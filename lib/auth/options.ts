import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyKey } from "@/lib/cloud/account";
import { createCloud } from "@/lib/cloud/client";
import { getPlatformConfig } from "@/lib/cloud/config";
import { getPlatformEnvironment } from "@/lib/cloud/environment";
import { CloudError } from "@/lib/cloud/errors";
import { whoami } from "@/lib/cloud/platform";
import { assertServer } from "@/lib/cloud/server-only";
import {
  isSessionActive,
  newSessionId,
  revokeSession,
  SESSION_MAX_AGE_S,
  SessionSignedOut,
} from "./revocation";
import { API_KEY_PROVIDER, LOCAL_KEY_PROVIDER } from "./providers";
import { ApiKeySignInInput } from "./sign-in-input";

assertServer("lib/auth/options");

/**
 * Verifies a key against the platform and returns the user next-auth stores in the encrypted JWT.
 * Errors thrown here reach the browser as `signIn()`'s `error` string, so they carry the
 * platform's own `detail` (e.g. "invalid api key") and never the key.
 */
async function signInWithKey(apiKey: string): Promise<User> {
  const cloud = createCloud(apiKey);
  try {
    await verifyKey(cloud);
  } catch (error) {
    throw new Error(error instanceof CloudError ? error.detail : "The key could not be checked.");
  }
  let name = "API key";
  if ((await getPlatformEnvironment()).kind === "local") {
    // The name is cosmetic: a failing whoami must not block a verified key from signing in.
    const me = await whoami(cloud).catch(() => null);
    if (me) name = me.account.name;
  }
  // `id` becomes the JWT's `sub`; it must not be the key.
  return { id: "api-key-session", name, apiKey };
}

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  // JWT strategy: next-auth v4 encrypts the token (A256GCM) into an httpOnly cookie, and the key
  // exists only inside that ciphertext. The console's store keeps just the ids of signed-out
  // sessions, so a copy of the cookie stops working at sign-out (lib/auth/revocation.ts).
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    CredentialsProvider({
      id: API_KEY_PROVIDER,
      name: "API key",
      credentials: { apiKey: { label: "API key", type: "password" } },
      async authorize(credentials) {
        const parsed = ApiKeySignInInput.safeParse(credentials ?? {});
        if (!parsed.success)
          throw new Error(parsed.error.issues[0]?.message ?? "Paste an API key.");
        return signInWithKey(parsed.data.apiKey);
      },
    }),
    CredentialsProvider({
      id: LOCAL_KEY_PROVIDER,
      name: "Local platform key",
      credentials: {},
      // The browser sends nothing: the key comes from the server's environment.
      async authorize() {
        const { localKey } = getPlatformConfig();
        if (!localKey) throw new Error("No local platform key is configured (HANGAR_LOCAL_KEY).");
        const environment = await getPlatformEnvironment();
        if (environment.kind !== "local") {
          throw new Error(
            `The console is not talking to a local platform (${environment.url}); paste a key instead.`,
          );
        }
        return signInWithKey(localKey);
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      // `user` is present only on the sign-in request.
      if (user?.apiKey)
        return { sub: token.sub, name: user.name, apiKey: user.apiKey, sid: newSessionId() };
      // Every other read (`/api/auth/session`) of a signed-out session fails: next-auth then
      // answers an empty session and deletes the cookie instead of re-issuing it.
      if (!isSessionActive(token)) throw new SessionSignedOut();
      return token;
    },
    // `/api/auth/session` is readable by browser code: build the session explicitly so the key
    // (and anything else added to the token later) is never copied into it.
    session({ session, token }) {
      return { expires: session.expires, user: { name: token.name ?? null } };
    },
  },
  logger: {
    // A replayed signed-out cookie is refused by design: one line, not an error with its stack.
    error(code, metadata) {
      if (metadata instanceof Error && metadata.name === "SessionSignedOut") {
        console.warn(`[next-auth] ${code}: refused a signed-out session`);
        return;
      }
      console.error(`[next-auth][error][${code}]`, metadata);
    },
  },
  events: {
    // next-auth's own sign-out route (`POST /api/auth/signout`); the console's Sign out button
    // goes through clearSession(), which revokes the same way.
    signOut({ token }) {
      revokeSession(token);
    },
  },
};
