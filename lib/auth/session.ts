import { getToken, type JWT } from "next-auth/jwt";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import { CloudError } from "@/lib/cloud/errors";
import { assertServer } from "@/lib/cloud/server-only";
import { isSessionActive, revocationReason, revokeSession } from "./revocation";
import type { SignInReason } from "./sign-in-reason";

assertServer("lib/auth/session");

/** next-auth v4's cookie name: `__Secure-` prefixed when NEXTAUTH_URL is https. */
function secureCookies(): boolean {
  return process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
}
export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * Decrypts the session cookie of the current request. `getToken` expects a request; in server
 * components and actions we only have `cookies()`, whose `getAll()` is all its cookie reader needs
 * (it also joins chunked cookies). Headers are deliberately empty: `getToken` would otherwise
 * accept a token from an `Authorization: Bearer` header.
 */
async function decodeCookie(): Promise<JWT | null> {
  const store = await cookies();
  const req = { cookies: store, headers: new Headers() } as unknown as NextRequest;
  return getToken({ req, secret: process.env.NEXTAUTH_SECRET, secureCookie: secureCookies() });
}

/** The session's token, or null when there is none or it was signed out (every reader goes here). */
async function readToken(): Promise<JWT | null> {
  const token = await decodeCookie();
  return isSessionActive(token) ? token : null;
}

/** The signed-in user's API key, or null. Server-only: never pass the result to a client component. */
export async function getApiKey(): Promise<string | null> {
  const token = await readToken();
  return typeof token?.apiKey === "string" && token.apiKey !== "" ? token.apiKey : null;
}

export class SignInRequired extends CloudError {
  constructor() {
    super({
      status: 401,
      title: "Unauthorized",
      detail: "Sign in to continue: there is no session, or it has expired.",
    });
  }
}

/**
 * For server actions and route handlers: the key, or a thrown 401 CloudError that `defineAction`
 * and `problemResponse()` turn into a problem.
 */
export async function requireSession(): Promise<{ apiKey: string }> {
  const apiKey = await getApiKey();
  if (!apiKey) throw new SignInRequired();
  return { apiKey };
}

/**
 * Ends the current session on the server only: for server components, which cannot delete the
 * cookie. The cookie is refused from now on (and next-auth deletes it on its next session read).
 */
export async function revokeCurrentSession(reason?: SignInReason): Promise<void> {
  revokeSession(await decodeCookie(), reason);
}

/** Why the current request's session was ended by the console (undefined: no such reason). */
export async function sessionEndReason(): Promise<SignInReason | undefined> {
  return revocationReason(await decodeCookie());
}

/**
 * Signs out: revokes the session's id on the server, so a copy of the cookie is refused from now
 * on, then deletes the cookie (and its chunks).
 */
export async function clearSession(reason?: SignInReason): Promise<void> {
  revokeSession(await decodeCookie(), reason);
  const store = await cookies();
  const name = sessionCookieName();
  for (const cookie of store.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) {
      store.delete({
        name: cookie.name,
        path: "/",
        secure: secureCookies(),
        httpOnly: true,
        sameSite: "lax",
      });
    }
  }
}
