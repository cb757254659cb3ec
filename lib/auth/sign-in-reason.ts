/**
 * Why the console sent someone to the sign-in page. Client-safe (no server imports): the browser's
 * fetch helper reads the reason a route handler names, the sign-in page shows its message.
 */
export const SIGN_IN_REASONS = {
  /** The platform answered 401 to the session's key: deleted, disabled or rotated. */
  "key-revoked": "Your API key was revoked or disabled — sign in again.",
  /** The console's session is gone (signed out elsewhere, expired). */
  "session-ended": "Your session has ended — sign in again.",
} as const;

export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** The header a route handler's 401 carries so the browser knows to leave for the sign-in page. */
export const SIGN_IN_REASON_HEADER = "x-hangar-sign-in";

export function isSignInReason(value: unknown): value is SignInReason {
  return typeof value === "string" && Object.hasOwn(SIGN_IN_REASONS, value);
}

export function signInPath(reason: SignInReason): string {
  return `/sign-in?reason=${reason}`;
}
