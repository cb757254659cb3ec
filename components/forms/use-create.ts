"use client";

import type { QueryKey } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/define-action";
import { useAction } from "@/lib/queries/use-action";
import type { Problem } from "@/lib/schemas/common";

/**
 * A create form's submit: on success a toast and the page `then` names; on failure a toast and the
 * problem handed back to the form, which maps its `errors[]` onto fields.
 */
export function useCreate<I, T extends { name: string }>(
  action: (input: I) => Promise<ActionResult<T>>,
  options: {
    /** `Endpoint`, `Pod`, `Template`. */
    noun: string;
    /** `created`, `deployed`. */
    verb: string;
    invalidate: readonly QueryKey[];
    then: (created: T) => string;
  },
) {
  const router = useRouter();
  const toast = useToast();
  const create = useAction(action, options.invalidate);
  return async (input: I): Promise<Problem | null> => {
    const result = await create.mutateAsync(input);
    if (!result.ok) {
      toast({
        tone: "error",
        title: `${options.noun} not ${options.verb}`,
        description: result.problem.detail,
      });
      return result.problem;
    }
    toast({ tone: "success", title: `${options.noun} ${result.data.name} ${options.verb}` });
    router.push(options.then(result.data));
    return null;
  };
}
