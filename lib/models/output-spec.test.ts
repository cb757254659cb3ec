import { describe, expect, it } from "vitest";
import { findModel, parseModelInput } from "./index";
import type { OutputSpec } from "./types";

const IMG = "https://example.com/a.png";

function specOf(slug: string, raw: Record<string, unknown>): OutputSpec {
  const model = findModel(slug);
  const parsed = parseModelInput(slug, raw);
  if (!model || !parsed.ok) throw new Error(`${slug}: ${parsed.ok ? "unknown" : parsed.error}`);
  return model.outputSpec(parsed.input);
}

describe("outputSpec", () => {
  it.each([
    [
      "black-forest-labs-flux-1-dev",
      { width: 512, height: 768, image_format: "png" },
      { format: "png", width: 512, height: 768 },
    ],
    ["black-forest-labs-flux-1-schnell", {}, { format: "jpeg", width: 1024, height: 1024 }],
    [
      "qwen-image-edit-2511",
      { images: [IMG], size: "1280*1536", output_format: "webp" },
      { format: "webp", width: 1280, height: 1536 },
    ],
    ["seedream-v4-t2i", { size: "2048*1152" }, { format: "png", width: 2048, height: 1152 }],
    ["p-image-t2i", { aspect_ratio: "1:1" }, { format: "png", width: 1024, height: 1024 }],
    ["p-image-t2i", {}, { format: "png", width: 1360, height: 768 }],
    [
      "nano-banana-pro-edit",
      { images: [IMG], resolution: "4k", aspect_ratio: "16:9" },
      { format: "png", width: 4096, height: 2304 },
    ],
    [
      "nano-banana-pro-edit",
      { images: [IMG], resolution: "1k", aspect_ratio: "9:16" },
      { format: "png", width: 576, height: 1024 },
    ],
  ])("%s derives an image's format and size from %o", (slug, raw, expected) => {
    expect(specOf(slug, { prompt: "x", ...raw })).toEqual(expected);
  });

  it.each([
    ["qwen-image-edit", { image: IMG }, { format: "jpeg" }],
    ["p-image-edit", { images: [IMG] }, { format: "png" }],
    ["google-nano-banana-2-edit", { images: [IMG] }, { format: "png" }],
  ])("%s leaves the size open when it follows the input image", (slug, raw, expected) => {
    expect(specOf(slug, { prompt: "x", ...raw })).toEqual(expected);
  });

  it.each([
    [
      "wan-2-6-t2v",
      { size: "1080*1920", duration: 10 },
      { format: "mp4", width: 1080, height: 1920, seconds: 10 },
    ],
    [
      "wan-2-2-i2v-720",
      { image: IMG, duration: 8 },
      { format: "mp4", width: 1280, height: 720, seconds: 8 },
    ],
    [
      "seedance-v1-5-pro-i2v",
      { image: IMG, resolution: "480p", aspect_ratio: "9:16", duration: 6 },
      { format: "mp4", width: 480, height: 854, seconds: 6 },
    ],
    [
      "p-video",
      { resolution: "1080p", duration: 3 },
      { format: "mp4", width: 1920, height: 1080, seconds: 3 },
    ],
    [
      "vidu-q3-t2v",
      { aspect_ratio: "1:1", resolution: "540p" },
      { format: "mp4", width: 540, height: 540, seconds: 5 },
    ],
    ["sora-2-i2v", { image: IMG, duration: 12 }, { format: "mp4", seconds: 12 }],
  ])("%s derives a video's frame and length from %o", (slug, raw, expected) => {
    expect(specOf(slug, { prompt: "x", ...raw })).toEqual(expected);
  });

  it("leaves a video's length open when it follows the input audio", () => {
    expect(specOf("infinitetalk", { prompt: "x", image: IMG, audio: IMG, size: "720p" })).toEqual({
      format: "mp4",
    });
  });

  it.each([
    ["chatterbox-turbo", { format: "flac" }, "flac"],
    ["chatterbox-turbo", {}, "wav"],
    ["minimax-speech-02-hd", {}, "mp3"],
  ])("%s writes %o as %s, as long as the text takes to say", (slug, raw, format) => {
    // 300 characters at ~15 characters a second.
    expect(specOf(slug, { prompt: "a".repeat(300), ...raw })).toEqual({ format, seconds: 20 });
  });

  it("makes faster Minimax speech shorter", () => {
    expect(specOf("minimax-speech-02-hd", { prompt: "a".repeat(300), speed: 2 }).seconds).toBe(10);
  });

  it("marks text models' output as text", () => {
    expect(specOf("qwen3-32b-awq", { prompt: "x" })).toEqual({ format: "text" });
  });
});
