import { routeProblem } from "@/lib/auth/key-rejected";
import {
  playgroundContext,
  runNotFound,
  type PlaygroundContext,
} from "@/lib/console-store/context";
import type { PlaygroundRun } from "@/lib/console-store/run-view";

type Params = Record<string, string>;

/**
 * A GET route handler of the playground: session → key → owner and history store → the handler's
 * JSON (or its own Response), or a problem+json (401 without a session). Never cached.
 */
export function playgroundRoute<P extends Params = Params>(
  read: (ctx: PlaygroundContext, params: P, request: Request) => Promise<unknown>,
) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const ctx = await playgroundContext();
      const result = await read(ctx, await context.params, request);
      if (result instanceof Response) return result;
      return Response.json(result, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return routeProblem(error);
    }
  };
}

export function ownRun(ctx: PlaygroundContext, id: string): PlaygroundRun {
  const run = ctx.runs.get(ctx.owner, id);
  if (!run) throw runNotFound(id);
  return run;
}
