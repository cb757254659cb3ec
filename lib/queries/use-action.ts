"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/actions/define-action";
import { settleAction } from "./settle-action";

/**
 * A server action as a mutation: `mutateAsync` resolves with the action's result (never throws
 * for a problem) and, on success, invalidates the given query keys so lists refresh. An action
 * answering 401 (the session ended) sends the page to sign in; a key the platform refused never
 * gets here: the action itself redirects (defineAction).
 */
export function useAction<I, T>(
  action: (input: I) => Promise<ActionResult<T>>,
  invalidate: readonly QueryKey[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (result) => settleAction(client, result, invalidate),
  });
}
