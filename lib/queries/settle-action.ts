import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/actions/define-action";
import { leaveForSignIn } from "./leave-for-sign-in";

/**
 * What follows a server action's answer in the browser: a 401 (the session ended) sends the page
 * to sign in; a success refreshes the given queries. `useAction` does this for every mutation;
 * a control that calls its action without one (the shell's clock) calls it directly.
 */
export async function settleAction(
  client: QueryClient,
  result: ActionResult<unknown>,
  invalidate: readonly QueryKey[],
): Promise<void> {
  if (!result.ok) {
    if (result.problem.status === 401) leaveForSignIn("session-ended");
    return;
  }
  await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
}
