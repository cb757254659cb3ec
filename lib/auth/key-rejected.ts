import { redirect } from "next/navigation";
import { CloudError, problemResponse } from "@/lib/cloud/errors";
import { assertServer } from "@/lib/cloud/server-only";
import { clearSession, sessionEndReason, SignInRequired } from "./session";
import { SIGN_IN_REASON_HEADER, SIGN_IN_REASONS, signInPath } from "./sign-in-reason";

assertServer("lib/auth/key-rejected");

/**
 * The platform refused the session's key (401: deleted, disabled): the session cannot do anything
 * any more. The console's own 401 (no session, SignInRequired) is not this.
 */
export function isKeyRejected(error: unknown): error is CloudError {
  return error instanceof CloudError && error.status === 401 && error.source === "platform";
}

/**
 * For server actions: a rejected key ends the session (server-side revocation, with its reason,
 * and the cookie) and sends the browser to the sign-in page saying why; Next.js follows an
 * action's redirect wherever it was called from. A session another request already ended that
 * way redirects the same. Anything else returns to the caller.
 */
export async function signOutIfKeyRejected(error: unknown): Promise<void> {
  if (isKeyRejected(error)) {
    await clearSession("key-revoked");
    redirect(signInPath("key-revoked"));
  }
  if (error instanceof SignInRequired && (await sessionEndReason()) === "key-revoked") {
    redirect(signInPath("key-revoked"));
  }
}

/**
 * For route handlers: the problem+json answer. A 401 names why in `x-hangar-sign-in`, so the
 * browser's fetch helper leaves for the sign-in page; a rejected key also ends the session.
 */
export async function routeProblem(error: unknown): Promise<Response> {
  if (isKeyRejected(error)) {
    await clearSession("key-revoked");
    return signInProblem("key-revoked", error.detail);
  }
  if (error instanceof SignInRequired) {
    const reason = (await sessionEndReason()) ?? "session-ended";
    if (reason === "key-revoked") return signInProblem(reason);
    const response = problemResponse(error);
    response.headers.set(SIGN_IN_REASON_HEADER, reason);
    return response;
  }
  return problemResponse(error);
}

function signInProblem(reason: "key-revoked", platformDetail?: string): Response {
  const response = problemResponse(
    new CloudError({
      status: 401,
      title: "Unauthorized",
      detail: platformDetail
        ? `${SIGN_IN_REASONS[reason]} (the platform answered: ${platformDetail})`
        : SIGN_IN_REASONS[reason],
    }),
  );
  response.headers.set(SIGN_IN_REASON_HEADER, reason);
  return response;
}
