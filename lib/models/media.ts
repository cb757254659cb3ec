import type { OutputSpec } from "./types";

/** `"1280*720"` → 1280×720: the service writes sizes with an asterisk. */
export function parsePixelSize(size: string): { width: number; height: number } {
  const [width, height] = size.split("*").map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}

function ratio(aspect: string): number {
  const [w, h] = aspect.split(":").map(Number);
  return (w ?? 1) / (h ?? 1);
}

const even = (n: number) => Math.round(n / 2) * 2;

/** Video resolutions ("720p") name the short side. */
export function dimsFromShortSide(aspect: string, shortSide: number) {
  const r = ratio(aspect);
  return r >= 1
    ? { width: even(shortSide * r), height: shortSide }
    : { width: shortSide, height: even(shortSide / r) };
}

/** Image resolutions ("1k", "2k", "4k") name the long side. */
export function dimsFromLongSide(aspect: string, longSide: number) {
  const r = ratio(aspect);
  return r >= 1
    ? { width: longSide, height: even(longSide / r) }
    : { width: even(longSide * r), height: longSide };
}

/** Aspect-ratio-only image models: about one megapixel (1024² area), sides multiples of 16. */
export function dimsFromArea(aspect: string, area = 1024 * 1024) {
  const r = ratio(aspect);
  const to16 = (n: number) => Math.round(n / 16) * 16;
  return { width: to16(Math.sqrt(area * r)), height: to16(Math.sqrt(area / r)) };
}

/** `"1080p"` → 1080, `"2k"` → 2048. */
export const shortSideOf = (resolution: string) => Number.parseInt(resolution, 10);
export const longSideOf = (resolution: string) => Number.parseInt(resolution, 10) * 1024;

// About 150 words a minute at ~6 characters a word; only used until a run has measured its audio.
const SPOKEN_CHARS_PER_SECOND = 15;

export function estimateSpeechSeconds(text: string, speed = 1): number {
  return Math.max(1, Math.round((text.length / SPOKEN_CHARS_PER_SECOND / speed) * 10) / 10);
}

export function media(
  format: OutputSpec["format"],
  dims?: { width: number; height: number },
  seconds?: number,
): OutputSpec {
  return { format, ...dims, ...(seconds === undefined ? {} : { seconds }) };
}
