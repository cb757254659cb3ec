import { routeProblem } from "@/lib/auth/key-rejected";
import { requireSession } from "@/lib/auth/session";
import { createCloud, type Cloud } from "@/lib/cloud/client";

type Params = Record<string, string>;

/**
 * A GET route handler for a read the browser polls: session → key → lib/cloud → JSON, or a
 * problem+json (401 without a session, the platform's own problem otherwise). Never cached.
 */
export function readRoute<P extends Params = Params>(
  read: (cloud: Cloud, params: P, url: URL) => Promise<unknown>,
) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const { apiKey } = await requireSession();
      const data = await read(createCloud(apiKey), await context.params, new URL(request.url));
      return Response.json(data, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return routeProblem(error);
    }
  };
}
