"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/actions/define-action";

/**
 * A server action as a mutation: `mutateAsync` resolves with the action's result (never throws
 * for a problem) and, on success, invalidates the given query keys so lists refresh.
 */
export function useAction<I, T>(
  action: (input: I) => Promise<ActionResult<T>>,
  invalidate: readonly QueryKey[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async (result) => {
      if (!result.ok) return;
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
