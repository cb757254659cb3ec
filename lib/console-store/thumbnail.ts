import sharp from "sharp";
import { assertServer } from "@/lib/cloud/server-only";
import type { PlaygroundContext } from "./context";
import { mediaOf } from "./output";
import type { PlaygroundRun } from "./run-view";

assertServer("lib/console-store/thumbnail");

const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/**
 * Keeps a small WebP of an image (or readable video) result in the history, so the run still shows what it made after
 * the platform's link expires (7 days). Best effort: a failure leaves the run without a thumbnail.
 */
export async function saveThumbnail(ctx: PlaygroundContext, run: PlaygroundRun): Promise<boolean> {
  // Only hosted-model outputs are fetched: a user's worker could name any URL, and the console's
  // server must not be made to fetch arbitrary addresses.
  if (run.target.kind !== "model") return false;
  const media = mediaOf(run.output);
  // Videos get one when the file is something sharp reads (the local platform's animated WebP).
  if (!media || media.kind === "audio" || run.hasThumbnail) return false;
  try {
    const answer = await fetch(media.url, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) return false;
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (bytes.length > MAX_SOURCE_BYTES) return false;
    const small = await sharp(bytes)
      .resize(192, 192, { fit: "cover" })
      .webp({ quality: 70 })
      .toBuffer();
    ctx.runs.setThumbnail(ctx.owner, run.id, small);
    return true;
  } catch {
    return false;
  }
}
