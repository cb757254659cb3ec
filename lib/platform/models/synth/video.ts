import sharp from "sharp";
import { pictureSvg } from "./image";
import { rngFrom } from "./random";

export interface SyntheticVideoRequest {
  key: string;
  width: number;
  height: number;
  seconds: number;
  label: string;
}

/** Longest side of the rendered clip: the aspect ratio is kept, the pixel count bounded. */
const MAX_SIDE = 480;
const FPS = 3;
const MAX_FRAMES = 30;

/**
 * An animated WebP in the requested aspect ratio lasting `seconds` (frame delays add up to it):
 * the same scene as a still, its shapes drifting frame by frame. The local platform has no video
 * encoder, so an `mp4` request gets this clip (content type `image/webp`).
 */
export async function syntheticVideo(
  req: SyntheticVideoRequest,
): Promise<{ data: Buffer; width: number; height: number; frames: number }> {
  const scale = Math.min(1, MAX_SIDE / Math.max(req.width, req.height));
  const width = Math.max(16, Math.round(req.width * scale));
  const height = Math.max(16, Math.round(req.height * scale));
  const frames = Math.max(2, Math.min(MAX_FRAMES, Math.round(req.seconds * FPS)));
  const rendered: Buffer[] = [];
  for (let f = 0; f < frames; f++) {
    const svg = pictureSvg(rngFrom(req.key), width, height, req.label, 1 + f * 0.35);
    rendered.push(
      await sharp(Buffer.from(svg)).resize(width, height, { fit: "fill" }).png().toBuffer(),
    );
  }
  const total = Math.round(req.seconds * 1000);
  const delay = Array.from({ length: frames }, (_, i) =>
    i < frames - 1 ? Math.floor(total / frames) : total - Math.floor(total / frames) * (frames - 1),
  );
  const data = await sharp(rendered, { join: { animated: true } })
    .webp({ quality: 70, delay, loop: 0 })
    .toBuffer();
  return { data, width, height, frames };
}
