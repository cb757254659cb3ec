import sharp from "sharp";
import { muxVp8Webm, vp8FromWebp, type WebmFrame } from "@/lib/media/webm";
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
const FPS = 6;
const MAX_FRAMES = 60;

/**
 * A WebM (VP8) video in the requested aspect ratio lasting `seconds`: the same scene as a still,
 * its shapes drifting frame by frame. Each frame is encoded by sharp as a lossy WebP, whose `VP8 `
 * chunk is a VP8 keyframe, and the keyframes are muxed into WebM (lib/media/webm.ts), so no video
 * encoder is needed. An `mp4` request gets this clip (content type `video/webm`).
 */
export async function syntheticVideo(
  req: SyntheticVideoRequest,
): Promise<{ data: Buffer; width: number; height: number; frames: number }> {
  const scale = Math.min(1, MAX_SIDE / Math.max(req.width, req.height));
  // VP8 in WebM plays at any size, but even sizes keep every decoder's chroma planes whole.
  const even = (n: number) => Math.max(16, 2 * Math.round(n / 2));
  const width = even(req.width * scale);
  const height = even(req.height * scale);
  const fps = Math.min(FPS, MAX_FRAMES / Math.max(req.seconds, 0.001));
  const count = Math.max(2, Math.min(MAX_FRAMES, Math.round(req.seconds * fps)));
  const frames: WebmFrame[] = [];
  for (let f = 0; f < count; f++) {
    const t = (f * req.seconds) / count;
    const svg = pictureSvg(rngFrom(req.key), width, height, req.label, 1 + t * 1.05);
    const webp = await sharp(Buffer.from(svg))
      .resize(width, height, { fit: "fill" })
      .removeAlpha()
      .webp({ quality: 70 })
      .toBuffer();
    frames.push({ data: vp8FromWebp(webp), timestampUs: Math.round(t * 1_000_000) });
  }
  const data = muxVp8Webm({
    frames,
    width,
    height,
    frameRate: count / req.seconds,
    durationUs: Math.round(req.seconds * 1_000_000),
  });
  return { data: Buffer.from(data), width, height, frames: count };
}
