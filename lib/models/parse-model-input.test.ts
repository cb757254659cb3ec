import { describe, expect, it } from "vitest";
import { exampleInput, parseModelInput } from "./index";

const IMG = "https://example.com/a.png";
const MSGS = [{ role: "user", content: "hi" }];

// Every documented default of platform-notes §5.3, transcribed independently of the model files:
// [slug, the required inputs, what parsing them must yield beyond those].
const DOCUMENTED_DEFAULTS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    "black-forest-labs-flux-1-dev",
    { prompt: "x" },
    {
      width: 1024,
      height: 1024,
      num_inference_steps: 28,
      guidance: 7.5,
      seed: -1,
      image_format: "jpeg",
    },
  ],
  [
    "black-forest-labs-flux-1-schnell",
    { prompt: "x" },
    {
      width: 1024,
      height: 1024,
      num_inference_steps: 4,
      guidance: 7.5,
      seed: -1,
      image_format: "jpeg",
    },
  ],
  [
    "black-forest-labs-flux-1-kontext-dev",
    { prompt: "x", image: IMG },
    {
      size: "1024*1024",
      num_inference_steps: 28,
      guidance: 2,
      seed: -1,
      output_format: "png",
      enable_safety_checker: true,
    },
  ],
  ["p-image-t2i", { prompt: "x" }, { aspect_ratio: "16:9", disable_safety_checker: false }],
  [
    "p-image-edit",
    { prompt: "x", images: [IMG] },
    { aspect_ratio: "match_input_image", seed: -1, disable_safety_checker: false },
  ],
  ["qwen-image-t2i", { prompt: "x" }, { size: "1024*1024", seed: -1, enable_safety_checker: true }],
  [
    "qwen-image-t2i-lora",
    { prompt: "x" },
    { size: "1024*1024", seed: -1, enable_safety_checker: true },
  ],
  [
    "qwen-image-edit",
    { prompt: "x", image: IMG },
    { seed: -1, output_format: "jpeg", enable_safety_checker: true },
  ],
  [
    "qwen-image-edit-2511",
    { prompt: "x", images: [IMG] },
    { size: "1024*1024", seed: -1, output_format: "jpeg" },
  ],
  [
    "qwen-image-edit-2511-lora",
    { prompt: "x", images: [IMG] },
    { size: "1024*1024", seed: -1, output_format: "jpeg" },
  ],
  [
    "seedream-v4-t2i",
    { prompt: "x" },
    { size: "1024*1024", seed: -1, enable_safety_checker: true },
  ],
  [
    "seedream-v4-edit",
    { prompt: "x", images: [IMG] },
    { size: "1024*1024", enable_safety_checker: true },
  ],
  ["wan-2-6-t2i", { prompt: "x" }, { size: "1024*1024", seed: -1, enable_safety_checker: true }],
  [
    "z-image-turbo",
    { prompt: "x" },
    {
      size: "1024*1024",
      strength: 0.8,
      seed: -1,
      output_format: "png",
      enable_safety_checker: true,
    },
  ],
  ["nano-banana-edit", { prompt: "x", images: [IMG] }, { enable_safety_checker: true }],
  [
    "nano-banana-pro-edit",
    { prompt: "x", images: [IMG] },
    { resolution: "2k", aspect_ratio: "1:1", output_format: "png", enable_safety_checker: true },
  ],
  [
    "google-nano-banana-2-edit",
    { prompt: "x", images: [IMG] },
    { resolution: "1k", output_format: "png", enable_base64_output: false },
  ],
  ...(["wan-2-1-i2v-720", "wan-2-2-i2v-720"] as const).map(
    (slug): [string, Record<string, unknown>, Record<string, unknown>] => [
      slug,
      { prompt: "x", image: IMG },
      {
        size: "1280*720",
        num_inference_steps: 30,
        guidance: 5,
        duration: 5,
        flow_shift: 5,
        seed: -1,
        enable_prompt_optimization: false,
        enable_safety_checker: true,
      },
    ],
  ),
  [
    "wan-2-2-t2v-720-lora",
    { prompt: "x", image: IMG },
    { duration: 5, seed: -1, enable_safety_checker: true },
  ],
  [
    "wan-2-5",
    { prompt: "x", image: IMG },
    {
      size: "1280*720",
      duration: 5,
      seed: -1,
      enable_prompt_expansion: false,
      enable_safety_checker: true,
    },
  ],
  [
    "wan-2-6-i2v",
    { prompt: "x", image: IMG },
    {
      size: "1280*720",
      duration: 5,
      shot_type: "single",
      seed: -1,
      enable_prompt_expansion: false,
      enable_safety_checker: true,
    },
  ],
  [
    "wan-2-6-t2v",
    { prompt: "x" },
    {
      duration: 5,
      size: "1280*720",
      shot_type: "single",
      seed: -1,
      enable_prompt_expansion: false,
    },
  ],
  [
    "kling-v2-1-i2v-pro",
    { prompt: "x", image: IMG },
    { guidance_scale: 0.5, duration: 5, enable_safety_checker: true },
  ],
  [
    "kling-v2-6-std-motion-control",
    { image: IMG, video: IMG, character_orientation: "video" },
    { keep_original_sound: true },
  ],
  [
    "kling-video-o1-r2v",
    { prompt: "x", images: [IMG] },
    {
      aspect_ratio: "16:9",
      duration: 5,
      seed: -1,
      enable_prompt_expansion: false,
      enable_safety_checker: true,
    },
  ],
  [
    "seedance-v1-5-pro-i2v",
    { prompt: "x", image: IMG },
    {
      duration: 5,
      resolution: "720p",
      aspect_ratio: "16:9",
      camera_fixed: false,
      generate_audio: false,
      seed: -1,
    },
  ],
  ["sora-2-i2v", { prompt: "x", image: IMG, duration: 4 }, {}],
  ["sora-2-pro-i2v", { prompt: "x", image: IMG, duration: 4 }, { size: "720p" }],
  [
    "infinitetalk",
    { prompt: "x", image: IMG, audio: IMG, size: "480p" },
    { enable_safety_checker: true },
  ],
  [
    "p-video",
    { prompt: "x" },
    {
      duration: 5,
      resolution: "720p",
      fps: 24,
      aspect_ratio: "16:9",
      draft: false,
      save_audio: true,
      prompt_upsampling: true,
    },
  ],
  [
    "vidu-q3-i2v",
    { prompt: "x", image: IMG },
    {
      resolution: "720p",
      duration: 5,
      movement_amplitude: "auto",
      generate_audio: true,
      bgm: true,
      seed: -1,
    },
  ],
  [
    "vidu-q3-t2v",
    { prompt: "x" },
    {
      style: "general",
      resolution: "720p",
      duration: 5,
      aspect_ratio: "4:3",
      movement_amplitude: "auto",
      generate_audio: true,
      bgm: true,
      seed: -1,
    },
  ],
  ["chatterbox-turbo", { prompt: "x" }, { voice: "lucy", format: "wav" }],
  [
    "minimax-speech-02-hd",
    { prompt: "x" },
    {
      voice_id: "Wise_Woman",
      speed: 1,
      volume: 1,
      pitch: 0,
      emotion: "neutral",
      english_normalization: false,
    },
  ],
  ...(["qwen3-32b-awq", "gpt-oss-120b", "cogito-671b-v2-1-fp8-dynamic"] as const).map(
    (slug): [string, Record<string, unknown>, Record<string, unknown>] => [
      slug,
      { prompt: "x" },
      { max_tokens: 512, temperature: 0.7 },
    ],
  ),
  [
    "granite-4-0-h-small",
    { messages: MSGS },
    { sampling_params: { max_tokens: 512, temperature: 0.7, seed: -1, top_k: -1, top_p: 1 } },
  ],
  [
    "moonshot-kimi",
    { messages: MSGS },
    { model: "kimi-k2.6", sampling_params: { max_tokens: 2048, temperature: 1 } },
  ],
];

describe("parseModelInput – defaults", () => {
  it.each(DOCUMENTED_DEFAULTS)(
    "%s fills in every documented default",
    (slug, required, defaults) => {
      expect(parseModelInput(slug, required)).toEqual({
        ok: true,
        input: { ...required, ...defaults },
      });
    },
  );

  it("keeps values the caller set instead of the defaults", () => {
    const raw = {
      prompt: "x",
      width: 512,
      height: 768,
      num_inference_steps: 10,
      seed: 42,
      image_format: "png",
    };
    const parsed = parseModelInput("black-forest-labs-flux-1-dev", raw);
    expect(parsed).toEqual({ ok: true, input: { ...raw, guidance: 7.5 } });
  });

  it("fills nested sampling defaults around the ones the caller set", () => {
    const parsed = parseModelInput("granite-4-0-h-small", {
      messages: MSGS,
      sampling_params: { max_tokens: 64 },
    });
    expect(parsed.ok && parsed.input.sampling_params).toEqual({
      max_tokens: 64,
      temperature: 0.7,
      seed: -1,
      top_k: -1,
      top_p: 1,
    });
  });

  it("drops input keys the model does not know", () => {
    const parsed = parseModelInput("p-image-t2i", { prompt: "x", colour: "red" });
    expect(parsed.ok && "colour" in parsed.input).toBe(false);
  });
});

describe("parseModelInput – errors name the field in one sentence", () => {
  it.each([
    ["black-forest-labs-flux-1-dev", { prompt: "x", width: 1000 }, "width must be divisible by 64"],
    [
      "black-forest-labs-flux-1-dev",
      { prompt: "x", height: 1000 },
      "height must be divisible by 64",
    ],
    ["black-forest-labs-flux-1-dev", { prompt: "x", width: 192 }, "width must be at least 256"],
    ["black-forest-labs-flux-1-dev", { prompt: "x", height: 1600 }, "height must be at most 1536"],
    ["black-forest-labs-flux-1-dev", { prompt: "x", width: 1024.5 }, "width must be an integer"],
    ["black-forest-labs-flux-1-dev", { prompt: "x", width: "1024" }, "width must be a number"],
    [
      "black-forest-labs-flux-1-dev",
      { prompt: "x", num_inference_steps: 0 },
      "num_inference_steps must be at least 1",
    ],
    [
      "black-forest-labs-flux-1-dev",
      { prompt: "x", num_inference_steps: 51 },
      "num_inference_steps must be at most 50",
    ],
    [
      "black-forest-labs-flux-1-schnell",
      { prompt: "x", num_inference_steps: 9 },
      "num_inference_steps must be at most 8",
    ],
    [
      "black-forest-labs-flux-1-dev",
      { prompt: "x", guidance: 10.5 },
      "guidance must be at most 10",
    ],
    [
      "black-forest-labs-flux-1-dev",
      { prompt: "x", image_format: "gif" },
      "image_format must be one of png, jpeg",
    ],
    ["black-forest-labs-flux-1-dev", {}, "prompt is required"],
    ["black-forest-labs-flux-1-dev", { prompt: "" }, "prompt must not be empty"],
    ["black-forest-labs-flux-1-dev", null, "input must be an object"],
    [
      "black-forest-labs-flux-1-kontext-dev",
      { prompt: "x", image: "not a url" },
      "image must be an http(s) URL or an image file",
    ],
    ["p-image-edit", { prompt: "x", images: [] }, "images must have at least 1 item"],
    [
      "p-image-edit",
      { prompt: "x", images: Array(6).fill(IMG) },
      "images must have at most 5 items",
    ],
    [
      "p-image-edit",
      { prompt: "x", images: ["ftp://example.com/a.png"] },
      "images[0] must be an http(s) URL or an image file",
    ],
    [
      "nano-banana-edit",
      { prompt: "x", images: Array(5).fill(IMG) },
      "images must have at most 4 items",
    ],
    [
      "qwen-image-t2i",
      { prompt: "x", size: "1024x1024" },
      "size must be width*height in pixels, like 1024*1024",
    ],
    ["qwen-image-t2i-lora", { prompt: "x", loras: [{ path: "a" }] }, "loras[0].scale is required"],
    ["z-image-turbo", { prompt: "x", strength: 1.5 }, "strength must be at most 1"],
    [
      "kling-video-o1-r2v",
      { prompt: "x", images: [IMG], duration: 2 },
      "duration must be at least 3",
    ],
    [
      "seedance-v1-5-pro-i2v",
      { prompt: "x", image: IMG, duration: 13 },
      "duration must be at most 12",
    ],
    ["wan-2-6-t2v", { prompt: "x", duration: 7 }, "duration must be one of 5, 10, 15"],
    ["sora-2-i2v", { prompt: "x", image: IMG }, "duration is required"],
    ["sora-2-i2v", { prompt: "x", image: IMG, duration: 5 }, "duration must be one of 4, 8, 12"],
    ["infinitetalk", { prompt: "x", image: IMG, audio: IMG }, "size is required"],
    [
      "kling-v2-6-std-motion-control",
      { image: IMG, video: IMG, character_orientation: "left" },
      "character_orientation must be one of video, image",
    ],
    ["vidu-q3-t2v", { prompt: "x", duration: 17 }, "duration must be at most 16"],
    ["chatterbox-turbo", { prompt: "x", format: "aiff" }, "format must be one of wav, flac, ogg"],
    ["granite-4-0-h-small", { messages: [] }, "messages must have at least 1 item"],
    [
      "granite-4-0-h-small",
      { messages: [{ role: "tool", content: "x" }] },
      "messages[0].role must be one of system, user, assistant",
    ],
    [
      "granite-4-0-h-small",
      { messages: MSGS, sampling_params: { temperature: 1.5 } },
      "sampling_params.temperature must be at most 1",
    ],
    [
      "moonshot-kimi",
      { messages: MSGS, model: "kimi-k1" },
      "model must be one of kimi-k2.6, kimi-k2.7-code, kimi-k3",
    ],
    ["qwen3-32b-awq", { prompt: "x", temperature: -0.1 }, "temperature must be at least 0"],
  ])("%s rejects %o: %s", (slug, raw, message) => {
    expect(parseModelInput(slug, raw)).toEqual({
      ok: false,
      error: `Invalid parameter: ${message}`,
    });
  });

  it("reports an unknown slug instead of parsing", () => {
    expect(parseModelInput("nope", { prompt: "x" })).toEqual({
      ok: false,
      error: "Unknown model: nope",
    });
  });
});

describe("exampleInput", () => {
  it("is the defaults plus an example prompt", () => {
    expect(exampleInput("black-forest-labs-flux-1-dev")).toEqual({
      prompt: expect.stringMatching(/\w+/),
      width: 1024,
      height: 1024,
      num_inference_steps: 28,
      guidance: 7.5,
      seed: -1,
      image_format: "jpeg",
    });
  });

  it("supplies required media and choices that have no default", () => {
    expect(exampleInput("sora-2-i2v")).toMatchObject({
      image: expect.stringMatching(/^https:/),
      duration: 4,
    });
    expect(exampleInput("infinitetalk")).toMatchObject({
      audio: expect.stringMatching(/^https:/),
      size: "480p",
    });
  });

  it("starts chat models with a user message", () => {
    expect(exampleInput("moonshot-kimi")?.messages).toContainEqual(
      expect.objectContaining({ role: "user", content: expect.any(String) }),
    );
  });

  it("is undefined for an unknown slug", () => {
    expect(exampleInput("nope")).toBeUndefined();
  });
});

describe("input images sent inline as data URLs", () => {
  const png = (bytes: number) =>
    `data:image/png;base64,${Buffer.alloc(bytes, 7).toString("base64")}`;

  it("an image model takes a PNG data URL where it takes an image URL, alone or in a list", () => {
    const one = parseModelInput("qwen-image-edit", { prompt: "x", image: png(100) });
    expect(one.ok).toBe(true);
    const list = parseModelInput("nano-banana-edit", {
      prompt: "x",
      images: ["https://example.com/a.jpg", png(100)],
    });
    expect(list.ok).toBe(true);
  });

  it("refuses another type, a bad encoding and a file over 4 MB, in words that name the field", () => {
    const gif = parseModelInput("qwen-image-edit", {
      prompt: "x",
      image: "data:image/gif;base64,R0lGOD",
    });
    expect(gif).toEqual({
      ok: false,
      error: "Invalid parameter: image must be a PNG, JPEG or WebP image (got image/gif)",
    });
    const text = parseModelInput("qwen-image-edit", {
      prompt: "x",
      image: "data:image/png,not-base64",
    });
    expect(text.ok || text.error).toBe(
      "Invalid parameter: image must be a base64-encoded data URL",
    );
    const big = parseModelInput("nano-banana-edit", {
      prompt: "x",
      images: [png(4 * 1024 * 1024 + 1)],
    });
    expect(big.ok || big.error).toBe(
      "Invalid parameter: images[0] is 4.0 MB; an uploaded image can be at most 4.0 MB",
    );
    const ftp = parseModelInput("qwen-image-edit", { prompt: "x", image: "ftp://x/y.png" });
    expect(ftp.ok || ftp.error).toBe(
      "Invalid parameter: image must be an http(s) URL or an image file",
    );
  });
});
