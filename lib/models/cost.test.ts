import { describe, expect, it } from "vitest";
import { findModel, parseModelInput } from "./index";
import type { Usage } from "./types";

const IMG = "https://example.com/a.png";

function costOf(slug: string, raw: Record<string, unknown>, usage?: Usage): number {
  const model = findModel(slug);
  const parsed = parseModelInput(slug, raw);
  if (!model || !parsed.ok) throw new Error(`${slug}: ${parsed.ok ? "unknown" : parsed.error}`);
  return model.cost(parsed.input, usage);
}

describe("cost – image models", () => {
  it.each([
    ["black-forest-labs-flux-1-dev", {}, 0.02097152],
    ["black-forest-labs-flux-1-schnell", {}, 0.00251658],
    ["black-forest-labs-flux-1-dev", { width: 512, height: 512 }, 0.00524288],
    ["black-forest-labs-flux-1-dev", { width: 1536, height: 1536 }, 0.04718592],
  ])("%s bills width×height/1e6 × rate (%o → %f)", (slug, size, expected) => {
    expect(costOf(slug, { prompt: "x", ...size })).toBe(expected);
  });

  it.each([
    ["black-forest-labs-flux-1-kontext-dev", { image: IMG }, 0.025],
    ["p-image-t2i", {}, 0.005],
    ["p-image-edit", { images: [IMG] }, 0.01],
    ["qwen-image-t2i", {}, 0.02],
    ["qwen-image-t2i-lora", {}, 0.025],
    ["qwen-image-edit", { image: IMG }, 0.02],
    ["qwen-image-edit-2511", { images: [IMG] }, 0.02],
    ["qwen-image-edit-2511-lora", { images: [IMG] }, 0.025],
    ["seedream-v4-t2i", {}, 0.027],
    ["seedream-v4-edit", { images: [IMG] }, 0.027],
    ["wan-2-6-t2i", {}, 0.03],
    ["z-image-turbo", {}, 0.005],
    ["nano-banana-edit", { images: [IMG] }, 0.038],
  ])("%s charges a fixed price per image", (slug, raw, expected) => {
    expect(costOf(slug, { prompt: "x", ...raw })).toBe(expected);
  });

  it.each([
    ["qwen-image-t2i", "1536*1536", 0.02],
    ["wan-2-6-t2i", "1440*1024", 0.03],
    ["z-image-turbo", "512*512", 0.005],
  ])("%s keeps its per-image price at any size (%s)", (slug, size, expected) => {
    expect(costOf(slug, { prompt: "x", size })).toBe(expected);
  });

  it.each([
    ["nano-banana-pro-edit", "1k", 0.14],
    ["nano-banana-pro-edit", "2k", 0.14],
    ["nano-banana-pro-edit", "4k", 0.24],
    ["google-nano-banana-2-edit", "1k", 0.0875],
    ["google-nano-banana-2-edit", "2k", 0.13],
    ["google-nano-banana-2-edit", "4k", 0.175],
  ])("%s prices by resolution (%s → %f)", (slug, resolution, expected) => {
    expect(costOf(slug, { prompt: "x", images: [IMG], resolution })).toBe(expected);
  });
});

describe("cost – video models", () => {
  const i2v = { prompt: "x", image: IMG };
  it.each([
    ["wan-2-1-i2v-720", { duration: 5 }, 0.3],
    ["wan-2-2-i2v-720", { duration: 5 }, 0.3],
    ["wan-2-2-i2v-720", { duration: 8 }, 0.48],
    ["wan-2-2-i2v-720", { duration: 10 }, 0.6],
    ["wan-2-2-i2v-720", { duration: 15 }, 0.9],
    ["wan-2-2-t2v-720-lora", { duration: 5 }, 0.35],
    ["wan-2-2-t2v-720-lora", { duration: 8 }, 0.56],
    ["wan-2-5", { size: "832*480" }, 0.25],
    ["wan-2-5", { size: "1280*720" }, 0.5],
    ["wan-2-5", { size: "1920*1080" }, 0.75],
    ["wan-2-5", { size: "720*1280", duration: 10 }, 1],
    ["wan-2-5", { size: "1080*1920", duration: 10 }, 1.5],
    ["wan-2-6-i2v", {}, 0.5],
    ["wan-2-6-i2v", { size: "1920*1080", duration: 10 }, 1.5],
    ["wan-2-6-i2v", { duration: 15 }, 1.5],
    ["kling-v2-1-i2v-pro", { duration: 5 }, 0.45],
    ["kling-v2-1-i2v-pro", { duration: 10 }, 0.9],
    ["seedance-v1-5-pro-i2v", { resolution: "480p", duration: 5 }, 0.12],
    ["seedance-v1-5-pro-i2v", { resolution: "720p", duration: 10 }, 0.52],
    ["sora-2-i2v", { duration: 4 }, 0.4],
    ["sora-2-i2v", { duration: 8 }, 0.8],
    ["sora-2-i2v", { duration: 12 }, 1.2],
    ["sora-2-pro-i2v", { duration: 4 }, 1.2],
    ["sora-2-pro-i2v", { duration: 8 }, 2.4],
    ["sora-2-pro-i2v", { duration: 12 }, 3.6],
    ["sora-2-pro-i2v", { size: "1080p", duration: 4 }, 2],
    ["sora-2-pro-i2v", { size: "1080p", duration: 8 }, 4],
    ["sora-2-pro-i2v", { size: "1080p", duration: 12 }, 6],
    ["infinitetalk", { audio: IMG, size: "480p" }, 0.25],
    ["infinitetalk", { audio: IMG, size: "720p" }, 0.5],
    ["vidu-q3-i2v", {}, 0.75],
    ["vidu-q3-i2v", { duration: 16 }, 2.4],
  ])("%s bills per second of video (%o → $%f)", (slug, raw, expected) => {
    expect(costOf(slug, { ...i2v, ...raw })).toBe(expected);
  });

  it.each([
    [{}, 0.5],
    [{ size: "1920*1080", duration: 10 }, 1.5],
    [{ size: "1080*1920", duration: 15 }, 2.25],
    [{ size: "720*1280", duration: 15 }, 1.5],
  ])("WAN 2.6 T2V bills $0.10/s at 720p and $0.15/s at 1080p (%o → $%f)", (raw, expected) => {
    expect(costOf("wan-2-6-t2v", { prompt: "x", ...raw })).toBe(expected);
  });

  it.each([
    [{ duration: 5 }, 0.56],
    [{ duration: 10 }, 1.12],
  ])("Kling O1 R2V bills $0.112/s (%o → $%f)", (raw, expected) => {
    expect(costOf("kling-video-o1-r2v", { prompt: "x", images: [IMG], ...raw })).toBe(expected);
  });

  it.each([
    [{}, 0.1],
    [{ resolution: "1080p", duration: 10 }, 0.4],
    [{ draft: true }, 0.025],
    [{ resolution: "1080p", duration: 10, draft: true }, 0.1],
  ])("Pruna Video bills per second, a quarter for drafts (%o → $%f)", (raw, expected) => {
    expect(costOf("p-video", { prompt: "x", ...raw })).toBe(expected);
  });

  it("Vidu Q3 T2V bills $0.15 per second", () => {
    expect(costOf("vidu-q3-t2v", { prompt: "x", duration: 10 })).toBe(1.5);
  });

  it.each([
    [1, 0.21],
    [3, 0.21],
    [4, 0.42],
    [6, 0.42],
    [7, 0.63],
    [9, 0.63],
  ])("Kling Motion Control bills per started 3 s block (%d s → $%f)", (seconds, expected) => {
    const raw = { image: IMG, video: IMG, character_orientation: "video" };
    expect(costOf("kling-v2-6-std-motion-control", raw, { seconds })).toBe(expected);
  });

  it("Kling Motion Control estimates the first block before the clip length is known", () => {
    const raw = { image: IMG, video: IMG, character_orientation: "image" };
    expect(costOf("kling-v2-6-std-motion-control", raw)).toBe(0.21);
  });
});

describe("cost – audio models", () => {
  it.each([
    [1000, 0.05],
    [2000, 0.1],
    [250, 0.0125],
  ])("Minimax Speech bills characters/1000 × $0.05 (%d chars → $%f)", (chars, expected) => {
    expect(costOf("minimax-speech-02-hd", { prompt: "a".repeat(chars) })).toBe(expected);
  });

  it.each([
    [60, 0.06],
    [12.5, 0.0125],
  ])("Chatterbox bills seconds of audio × $0.001 (%f s → $%f)", (seconds, expected) => {
    expect(costOf("chatterbox-turbo", { prompt: "hello" }, { seconds })).toBe(expected);
  });

  it("Chatterbox estimates the audio length from the text before a run", () => {
    // 150 characters at ~15 characters a second ≈ 10 s.
    expect(costOf("chatterbox-turbo", { prompt: "a".repeat(150) })).toBe(0.01);
  });
});

describe("cost – text models", () => {
  it.each([
    ["qwen3-32b-awq", { prompt: "x" }, { input: 400, output: 600 }, 0.01],
    ["gpt-oss-120b", { prompt: "x" }, { input: 1_000_000, output: 0 }, 10],
    ["cogito-671b-v2-1-fp8-dynamic", { prompt: "x" }, { input: 500_000, output: 500_000 }, 0.5],
    [
      "granite-4-0-h-small",
      { messages: [{ role: "user", content: "x" }] },
      { input: 30, output: 70 },
      0.001,
    ],
  ])("%s bills (input + output tokens)/1e6 × rate", (slug, raw, usage, expected) => {
    expect(costOf(slug, raw, usage)).toBe(expected);
  });

  it.each([
    ["kimi-k2.6", 4.95],
    ["kimi-k2.7-code", 4.95],
    ["kimi-k3", 18],
  ])("Moonshot Kimi bills input and output tokens at %s's own rates", (model, expected) => {
    const raw = { messages: [{ role: "user", content: "x" }], model };
    expect(costOf("moonshot-kimi", raw, { input: 1_000_000, output: 1_000_000 })).toBe(expected);
  });

  it("Moonshot Kimi prices output tokens above input tokens", () => {
    const raw = { messages: [{ role: "user", content: "x" }] };
    expect(costOf("moonshot-kimi", raw, { input: 1000, output: 0 })).toBe(0.00095);
    expect(costOf("moonshot-kimi", raw, { input: 0, output: 1000 })).toBe(0.004);
  });

  it("text models charge nothing before a run has reported its usage", () => {
    expect(costOf("qwen3-32b-awq", { prompt: "x" })).toBe(0);
  });
});
