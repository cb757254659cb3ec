import sharp from "sharp";
import { assertServer } from "@/lib/cloud/server-only";
import { firstVp8Frame, webpFromVp8 } from "@/lib/media/webm";
import type { PlaygroundContext } from "./context";
import { mediaOf } from "./output";
import type { PlaygroundRun } from "./run-view";

assertServer("lib/console-store/thumbnail");

const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/**
 * Keeps a small WebP of an image (or video) result in the history, so the run still shows what it made after
 * the platform's link expires (7 days). Best effort: a failure leaves the run without a thumbnail.
 */
export async function saveThumbnail(ctx: PlaygroundContext, run: PlaygroundRun): Promise<boolean> {
  // Only hosted-model outputs are fetched: a user's worker could name any URL, and the console's
  // server must not be made to fetch arbitrary addresses.
  if (run.target.kind !== "model") return false;
  const media = mediaOf(run.output);
  // Videos get one from their first frame when they are VP8 WebM (the local platform's clips), or
  // when sharp reads the file (an animated image).
  if (!media || media.kind === "audio" || run.hasThumbnail) return false;
  try {
    const answer = await fetch(media.url, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) return false;
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (bytes.length > MAX_SOURCE_BYTES) return false;
    const frame = media.kind === "video" ? firstVp8Frame(bytes) : null;
    const small = await sharp(frame ? Buffer.from(webpFromVp8(frame)) : bytes)
      .resize(192, 192, { fit: "cover" })
      .webp({ quality: 70 })
      .toBuffer();
    ctx.runs.setThumbnail(ctx.owner, run.id, small);
    return true;
  } catch {
    return false;
  }
}
