import { isSignInReason, SIGN_IN_REASON_HEADER } from "@/lib/auth/sign-in-reason";
import type { Problem } from "@/lib/schemas/common";
import { leaveForSignIn } from "./leave-for-sign-in";
import { ProblemError } from "./problem-error";

/**
 * The one fetch the browser makes for reads: a console route handler (`/api/...`, same origin,
 * the session cookie travels by itself), rejecting with a ProblemError. GET by default; a `body`
 * makes it a POST with JSON (reads whose input is too large for a URL). Hooks in lib/queries call
 * it; components never call fetch. A 401 that names a sign-in reason (the platform refused the
 * session's key, or the session ended) sends the page to the sign-in page, which says why.
 */
export async function fetchJson<T>(
  path: string,
  init?: { signal?: AbortSignal; body?: unknown },
): Promise<T> {
  const post = init !== undefined && "body" in init;
  let response: Response;
  try {
    response = await fetch(path, {
      method: post ? "POST" : "GET",
      headers: post
        ? { accept: "application/json", "content-type": "application/json" }
        : { accept: "application/json" },
      body: post ? JSON.stringify(init.body) : undefined,
      signal: init?.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw new ProblemError({
      title: "Network error",
      status: 0,
      detail: "The console's server could not be reached.",
    });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const reason = response.headers.get(SIGN_IN_REASON_HEADER);
    if (response.status === 401 && isSignInReason(reason)) leaveForSignIn(reason);
    const problem = (body ?? {}) as Partial<Problem>;
    throw new ProblemError({
      title: problem.title ?? response.statusText,
      status: response.status,
      detail: problem.detail ?? `the console answered ${response.status}`,
      errors: problem.errors,
    });
  }
  return body as T;
}
