import { z } from "zod";
import { routeProblem } from "@/lib/auth/key-rejected";
import { loadTestContext, platformAbilities } from "@/lib/loadtest/service";
import type { LoadTestList } from "@/lib/schemas/load-tests";

const Query = z.object({ endpointId: z.string().min(1).max(200) });

/** The signed-in account's load tests of one endpoint, newest first, and what the form may offer. */
export async function GET(request: Request): Promise<Response> {
  try {
    const ctx = await loadTestContext();
    const { endpointId } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
    const body: LoadTestList = {
      runs: ctx.store.list(ctx.owner, endpointId).map(({ samples: _s, body: _b, ...run }) => run),
      platform: await platformAbilities(ctx.cloud),
    };
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return routeProblem(error);
  }
}
