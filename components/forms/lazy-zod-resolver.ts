import type { FieldValues, Resolver } from "react-hook-form";
import type * as z4 from "zod/v4/core";

/**
 * A react-hook-form resolver whose zod schema — and zod itself, ~30 kB gzip — loads at the first
 * validation (the first submit, or a change once a field has been validated) instead of with the
 * page. `load` imports the module holding the schema; the messages are the schema's own, as with
 * `zodResolver(schema)`.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input, Context = unknown>(
  load: () => Promise<z4.$ZodType<Output, Input>>,
): Resolver<Input, Context, Output> {
  let resolver: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, Context, Output>,
      (error: unknown) => {
        resolver = undefined; // a failed download is tried again at the next validation
        throw error;
      },
    );
    return (await resolver)(values, context, options);
  };
}
