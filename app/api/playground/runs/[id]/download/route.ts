import { CloudError } from "@/lib/cloud/errors";
import { mediaOf } from "@/lib/console-store/output";
import { ownRun, playgroundRoute } from "../../../_lib/playground-route";

const EXTENSION = /\.([a-z0-9]{2,5})(?:$|\?)/i;

/**
 * The media a hosted model produced, as a download (`Content-Disposition: attachment`): browsers
 * ignore `download` on links to another origin. Only hosted-model outputs are relayed — the
 * console's server never fetches a URL a user's own worker returned.
 */
export const GET = playgroundRoute<{ id: string }>(async (ctx, { id }) => {
  const run = ownRun(ctx, id);
  const media = run.target.kind === "model" ? mediaOf(run.output) : undefined;
  if (!media)
    throw new CloudError({
      status: 404,
      title: "Not Found",
      detail: `Run ${id} has no hosted-model media to download.`,
    });
  const answer = await fetch(media.url, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
  if (!answer || !answer.ok || !answer.body)
    throw new CloudError({
      status: answer?.status === 404 || answer?.status === 410 ? 410 : 502,
      title: answer?.status === 404 || answer?.status === 410 ? "Gone" : "Bad Gateway",
      detail:
        answer?.status === 404 || answer?.status === 410
          ? "The platform no longer has this file: output links expire 7 days after generation."
          : "The platform did not hand over the file; try again.",
    });
  const extension = new URL(media.url).pathname.match(EXTENSION)?.[1] ?? "bin";
  return new Response(answer.body, {
    headers: {
      "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
      "content-disposition": `attachment; filename="${run.jobId}.${extension}"`,
      "cache-control": "private, no-store",
    },
  });
});
