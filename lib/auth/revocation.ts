import { randomUUID } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { assertServer } from "@/lib/cloud/server-only";
import { openConsoleDb } from "@/lib/console-store/db";
import { createSessionRevocations } from "@/lib/console-store/revoked-sessions";
import { isSignInReason, type SignInReason } from "./sign-in-reason";

assertServer("lib/auth/revocation");

/** The session cookie's lifetime (next-auth `session.maxAge`), in seconds. */
export const SESSION_MAX_AGE_S = 12 * 60 * 60;

/** Thrown where next-auth reads a signed-out session (its jwt callback); logged as a warning. */
export class SessionSignedOut extends Error {
  constructor() {
    super("the session was signed out");
    this.name = "SessionSignedOut";
  }
}

/** A new session's id (the token's `sid`); it stays the same when next-auth re-issues the cookie. */
export function newSessionId(): string {
  return randomUUID();
}

/**
 * Whether the token may be used: it carries a session id that was not signed out. Tokens without
 * an id predate revocation and cannot be revoked, so they are refused too (one more sign-in).
 */
export function isSessionActive(token: JWT | null): token is JWT & { sid: string } {
  if (!token || typeof token.sid !== "string" || token.sid === "") return false;
  return !createSessionRevocations(openConsoleDb()).isRevoked(token.sid);
}

/**
 * Ends the token's session on the server. The revocation outlives every cookie of the session:
 * next-auth re-issues the cookie (new `exp`, same `sid`) on session reads, so a copy taken before
 * the sign-out may expire as late as now + maxAge, never later — reads after it are refused.
 */
export function revokeSession(token: JWT | null, reason?: SignInReason): void {
  if (!token || typeof token.sid !== "string" || token.sid === "") return;
  createSessionRevocations(openConsoleDb()).revoke(
    token.sid,
    Date.now() + SESSION_MAX_AGE_S * 1000,
    reason,
  );
}

/**
 * Why the token's session was ended, when the console ended it for a reason (not a sign-out):
 * several requests of one page meet a refused key at once, and the ones after the first find the
 * session already gone; they still tell the user why.
 */
export function revocationReason(token: JWT | null): SignInReason | undefined {
  if (!token || typeof token.sid !== "string" || token.sid === "") return undefined;
  const reason = createSessionRevocations(openConsoleDb()).reasonOf(token.sid);
  return isSignInReason(reason) ? reason : undefined;
}
