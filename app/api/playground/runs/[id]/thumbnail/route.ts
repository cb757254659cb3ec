import { CloudError } from "@/lib/cloud/errors";
import { ownRun, playgroundRoute } from "../../../_lib/playground-route";

/** The small WebP the console kept of an image result (it outlives the platform's 7-day link). */
export const GET = playgroundRoute<{ id: string }>(async (ctx, { id }) => {
  ownRun(ctx, id);
  const image = ctx.runs.thumbnail(ctx.owner, id);
  if (!image)
    throw new CloudError({
      status: 404,
      title: "Not Found",
      detail: `Run ${id} has no thumbnail: only image and video results of hosted models get one.`,
    });
  return new Response(new Uint8Array(image), {
    headers: { "content-type": "image/webp", "cache-control": "private, max-age=86400" },
  });
});
