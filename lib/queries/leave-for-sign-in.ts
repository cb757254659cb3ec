import { signInPath, type SignInReason } from "@/lib/auth/sign-in-reason";

let leaving = false;

/**
 * The session cannot go on (the platform refused its key, or it ended): a full navigation to the
 * sign-in page, which says why. Once per page, however many polls fail at the same moment.
 */
export function leaveForSignIn(reason: SignInReason): void {
  if (leaving || typeof window === "undefined") return;
  leaving = true;
  window.location.assign(signInPath(reason));
}
