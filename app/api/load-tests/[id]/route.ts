import { routeProblem } from "@/lib/auth/key-rejected";
import { CloudError } from "@/lib/cloud/errors";
import { loadTestContext } from "@/lib/loadtest/service";

/** One load test with its live numbers and readings; the page polls it while the run goes. */
export async function GET(
  _request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  try {
    const ctx = await loadTestContext();
    const { id } = await context.params;
    const run = ctx.store.get(ctx.owner, id);
    if (!run)
      throw new CloudError({ status: 404, title: "Not Found", detail: `No load test ${id}.` });
    return Response.json(run, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return routeProblem(error);
  }
}
