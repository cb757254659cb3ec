import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { signOutIfKeyRejected } from "@/lib/auth/key-rejected";
import { requireSession } from "@/lib/auth/session";
import { createCloud, type Cloud } from "@/lib/cloud/client";
import { toProblem } from "@/lib/cloud/errors";
import type { Problem } from "@/lib/schemas/common";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; problem: Problem };

/**
 * The only way to write a mutation: session → key → parse with the schema → fn(cloud, input).
 * An action built on it cannot skip authorization or validation, and never throws to the client:
 * CloudError keeps the platform's problem, ZodError becomes a 422 with `errors[]` in the
 * platform's `<json path>: <message>` form, anything else a generic 500 (details stay in the
 * server log). Next's own control flow (redirect(), notFound()) is rethrown untouched. A key the
 * platform no longer accepts (401) ends the session and redirects to the sign-in page, which
 * says why.
 *
 * Use in a `"use server"` file: `export const deleteEndpoint = defineAction(IdParam, (cloud, { id }) => ...)`.
 */
export function defineAction<S extends z.ZodType, T>(
  schema: S,
  fn: (cloud: Cloud, input: z.output<S>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    try {
      const { apiKey } = await requireSession();
      const parsed = schema.parse(input);
      return { ok: true, data: await fn(createCloud(apiKey), parsed) };
    } catch (error) {
      unstable_rethrow(error);
      await signOutIfKeyRejected(error);
      return { ok: false, problem: toProblem(error) };
    }
  };
}
