import { z } from "zod";
import { defineModel } from "./define-model";
import {
  SAMPLE,
  choice,
  field,
  flag,
  guidance,
  loras,
  optionalSeed,
  optionalText,
  prompt,
  safetyChecker,
  seed,
  steps,
  imageUrl,
  imageUrlList,
  url,
} from "./inputs";
import { dimsFromShortSide, media, parsePixelSize, shortSideOf } from "./media";
import { usd } from "./pricing";
import type { HostedModel } from "./types";

const I2V_PROMPT = "The woman turns towards the camera and smiles as the wind moves her hair";
const T2V_PROMPT =
  "A red fox trots through fresh snow at sunrise, slow tracking shot, shallow depth of field";

const mp4 = (size: string, seconds: number) => media("mp4", parsePixelSize(size), seconds);
/** Image-to-video models frame the video like the input image, which the catalogue cannot see. */
const mp4Seconds = (seconds?: number) => media("mp4", undefined, seconds);

const videoPrompt = () => field.prompt("What happens in the video.");
const imageField = () =>
  field.imageInput("image", "Image", "Public URL of the first frame, or upload a file.");
const optionalAudio = (help: string) => field.url("audio", "Audio", help, "additional");
const promptExpansion = () =>
  field.toggle(
    "enable_prompt_expansion",
    "Prompt expansion",
    "Let the model elaborate a short prompt.",
  );

// WAN 2.1 documents only $0.30 per 5 s; WAN 2.2 with the same fields lists 5/8/10/15 s at the same
// $0.06 per second, so both share the durations and the per-second rate.
const wanI2vInput = z.object({
  prompt: prompt(),
  image: imageUrl(),
  negative_prompt: optionalText(),
  size: choice(["1280*720", "720*1280"], "1280*720"),
  num_inference_steps: steps(30, 50),
  guidance: guidance(5),
  duration: z.literal([5, 8, 10, 15]).default(5),
  flow_shift: z.number().default(5),
  seed: seed(),
  enable_prompt_optimization: flag(false),
  enable_safety_checker: safetyChecker(),
});

const wanI2vFields = [
  videoPrompt(),
  imageField(),
  field.negativePrompt(),
  field.size(),
  field.steps(),
  field.guidance(),
  field.duration(),
  field.number("flow_shift", "Flow shift", "Higher values favour motion over detail.", 0.5),
  field.seed(),
  field.toggle("enable_prompt_optimization", "Prompt optimisation"),
  field.safetyChecker(),
];

/** WAN 2.1 and 2.2 image-to-video at 720p: the same inputs and per-second rate. */
const wanI2v = (m: { slug: string; name: string; description: string; priceExample: string }) =>
  defineModel({
    slug: m.slug,
    owner: "alibaba",
    name: m.name,
    kind: "video",
    description: m.description,
    input: wanI2vInput,
    fields: wanI2vFields,
    price: { line: "$0.30 per 5 s of video ($0.06 per second)", example: m.priceExample },
    cost: (i) => usd(0.06 * i.duration),
    outputSpec: (i) => mp4(i.size, i.duration),
    example: { prompt: I2V_PROMPT, image: SAMPLE.image },
  });

export const wan21I2v = wanI2v({
  slug: "wan-2-1-i2v-720",
  name: "WAN 2.1 I2V 720p",
  description: "Animates an image into a 720p video from a text prompt.",
  priceExample: "5 s = $0.30, 10 s = $0.60",
});

export const wan22I2v = wanI2v({
  slug: "wan-2-2-i2v-720",
  name: "WAN 2.2 I2V 720p",
  description: "WAN 2.2 image-to-video at 720p with smoother, more controllable motion.",
  priceExample: "5 s = $0.30, 8 s = $0.48, 10 s = $0.60, 15 s = $0.90",
});

export const wan22I2vLora = defineModel({
  slug: "wan-2-2-t2v-720-lora",
  owner: "alibaba",
  name: "WAN 2.2 I2V LoRA",
  kind: "video",
  description: "WAN 2.2 image-to-video with your own high- and low-noise LoRA weights.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    high_noise_loras: loras(),
    low_noise_loras: loras(),
    duration: z.literal([5, 8]).default(5),
    seed: seed(),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    videoPrompt(),
    imageField(),
    field.loras("high_noise_loras", "High-noise LoRAs"),
    field.loras("low_noise_loras", "Low-noise LoRAs"),
    field.duration(),
    field.seed(),
    field.safetyChecker(),
  ],
  price: { line: "$0.35 per 5 s, $0.56 per 8 s ($0.07 per second)", example: "5 s = $0.35" },
  cost: (i) => usd(0.07 * i.duration),
  outputSpec: (i) => mp4Seconds(i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image },
});

const WAN25_PER_5S: Record<number, number> = { 480: 0.25, 720: 0.5, 1080: 0.75 };

export const wan25 = defineModel({
  slug: "wan-2-5",
  owner: "alibaba",
  name: "WAN 2.5",
  kind: "video",
  description: "Alibaba WAN 2.5 image-to-video at up to 1080p.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    negative_prompt: optionalText(),
    size: choice(
      ["832*480", "480*832", "1280*720", "720*1280", "1920*1080", "1080*1920"],
      "1280*720",
    ),
    duration: z.literal([5, 10]).default(5),
    seed: seed(),
    enable_prompt_expansion: flag(false),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    videoPrompt(),
    imageField(),
    field.negativePrompt(),
    field.size("Output size; 480p, 720p and 1080p are priced differently."),
    field.duration(),
    field.seed(),
    promptExpansion(),
    field.safetyChecker(),
  ],
  price: {
    line: "$0.25 per 5 s at 480p, $0.50 at 720p, $0.75 at 1080p (double for 10 s)",
    example: "720p, 5 s = $0.50; 1080p, 10 s = $1.50",
  },
  cost: (i) => {
    const { width, height } = parsePixelSize(i.size);
    return usd((WAN25_PER_5S[Math.min(width, height)] ?? 0) * (i.duration / 5));
  },
  outputSpec: (i) => mp4(i.size, i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image },
});

/** WAN 2.6 bills per second: $0.10 at 720p, $0.15 at 1080p. */
const wan26Cost = (size: string, duration: number) => {
  const { width, height } = parsePixelSize(size);
  return usd((Math.min(width, height) >= 1080 ? 0.15 : 0.1) * duration);
};
const wan26Price = {
  line: "$0.10 per second at 720p, $0.15 per second at 1080p",
  example: "720p, 5 s = $0.50; 1080p, 10 s = $1.50",
};
const shotType = () => choice(["single", "multi"], "single");
const shotTypeField = () =>
  field.select("shot_type", "Shot type", "One continuous shot, or several cuts.");

export const wan26I2v = defineModel({
  slug: "wan-2-6-i2v",
  owner: "alibaba",
  name: "WAN 2.6 I2V",
  kind: "video",
  description: "WAN 2.6 image-to-video with audio, multi-shot scenes and up to 15 s.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    audio: url().optional(),
    negative_prompt: optionalText(),
    size: choice(["1280*720", "1920*1080"], "1280*720"),
    duration: z.literal([5, 10, 15]).default(5),
    shot_type: shotType(),
    seed: seed(),
    enable_prompt_expansion: flag(false),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    videoPrompt(),
    imageField(),
    field.negativePrompt(),
    optionalAudio("Optional soundtrack or speech to sync the video to."),
    field.size(),
    field.duration(),
    shotTypeField(),
    field.seed(),
    promptExpansion(),
    field.safetyChecker(),
  ],
  price: wan26Price,
  cost: (i) => wan26Cost(i.size, i.duration),
  outputSpec: (i) => mp4(i.size, i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image },
});

export const wan26T2v = defineModel({
  slug: "wan-2-6-t2v",
  owner: "alibaba",
  name: "WAN 2.6 T2V",
  kind: "video",
  description: "WAN 2.6 text-to-video with audio, multi-shot scenes and up to 15 s.",
  input: z.object({
    prompt: prompt(),
    negative_prompt: optionalText(),
    duration: z.literal([5, 10, 15]).default(5),
    size: choice(["1280*720", "1920*1080", "720*1280", "1080*1920"], "1280*720"),
    shot_type: shotType(),
    seed: seed(),
    enable_prompt_expansion: flag(false),
    audio: url().optional(),
  }),
  fields: [
    videoPrompt(),
    field.negativePrompt(),
    field.duration(),
    field.size(),
    shotTypeField(),
    field.seed(),
    promptExpansion(),
    optionalAudio("Optional soundtrack or speech to sync the video to."),
  ],
  price: wan26Price,
  cost: (i) => wan26Cost(i.size, i.duration),
  outputSpec: (i) => mp4(i.size, i.duration),
  example: { prompt: T2V_PROMPT },
});

export const klingV21I2vPro = defineModel({
  slug: "kling-v2-1-i2v-pro",
  owner: "kuaishou",
  name: "Kling v2.1 I2V Pro",
  kind: "video",
  description: "Kling 2.1 Pro image-to-video with cinematic motion and strong prompt following.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    negative_prompt: optionalText(),
    guidance_scale: z.number().min(0).max(1).default(0.5),
    duration: z.literal([5, 10]).default(5),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    videoPrompt(),
    imageField(),
    field.negativePrompt(),
    field.guidance("guidance_scale"),
    field.duration(),
    field.safetyChecker(),
  ],
  price: { line: "$0.45 per 5 s, $0.90 per 10 s", example: "5 s = $0.45" },
  cost: (i) => usd(0.09 * i.duration),
  outputSpec: (i) => mp4Seconds(i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image },
});

/** Billed per started 3-second block of the result, whose length follows the reference video. */
export const motionControlCost = (seconds: number) =>
  usd(Math.max(1, Math.ceil(seconds / 3)) * 0.21);

export const klingV26MotionControl = defineModel({
  slug: "kling-v2-6-std-motion-control",
  owner: "kuaishou",
  name: "Kling v2.6 Motion Control",
  kind: "video",
  description: "Moves the character in an image the way the person in a reference video moves.",
  input: z.object({
    image: imageUrl(),
    video: url(),
    character_orientation: z.enum(["video", "image"]),
    prompt: optionalText(),
    negative_prompt: optionalText(),
    keep_original_sound: flag(true),
  }),
  fields: [
    field.imageInput("image", "Image", "Public URL of the character to animate, or a file."),
    field.url("video", "Reference video", "Public URL of the motion to copy."),
    field.select(
      "character_orientation",
      "Character orientation",
      "Follow the orientation of the person in the video or of the character in the image.",
      "main",
    ),
    field.prompt("Optional description of the scene."),
    field.negativePrompt(),
    field.toggle("keep_original_sound", "Keep original sound"),
  ],
  price: {
    line: "$0.21 for 1–3 s, $0.42 for 4–6 s, $0.63 for 7–9 s of video",
    example: "a 5 s reference clip = $0.42",
  },
  // Before a run the length is unknown, so the estimate is the first block.
  cost: (_i, usage) => motionControlCost(usage?.seconds ?? 1),
  outputSpec: () => mp4Seconds(),
  example: {
    image: SAMPLE.image,
    video: SAMPLE.video,
    character_orientation: "video",
    prompt: "A knight in armour dancing in a castle courtyard",
  },
});

export const klingO1R2v = defineModel({
  slug: "kling-video-o1-r2v",
  owner: "kuaishou",
  name: "Kling Video O1 R2V",
  kind: "video",
  description: "Builds a video around up to ten reference images of people, products and places.",
  input: z.object({
    prompt: prompt(),
    images: imageUrlList(1, 10),
    video: url().optional(),
    negative_prompt: optionalText(),
    aspect_ratio: choice(["16:9", "9:16", "1:1"], "16:9"),
    duration: z.number().int().min(3).max(10).default(5),
    seed: seed(),
    enable_prompt_expansion: flag(false),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("What happens in the video; refer to the images in order."),
    field.images("One to ten public image URLs or uploaded files."),
    field.negativePrompt(),
    field.url(
      "video",
      "Reference video",
      "Optional video to take motion or style from.",
      "additional",
    ),
    field.aspectRatio(),
    field.duration("slider"),
    field.seed(),
    promptExpansion(),
    field.safetyChecker(),
  ],
  price: { line: "$0.112 per second of video", example: "5 s = $0.56" },
  cost: (i) => usd(0.112 * i.duration),
  outputSpec: (i) => mp4Seconds(i.duration),
  example: { prompt: T2V_PROMPT, images: [SAMPLE.image] },
});

export const seedance15ProI2v = defineModel({
  slug: "seedance-v1-5-pro-i2v",
  owner: "bytedance",
  name: "Seedance 1.5 Pro I2V",
  kind: "video",
  description: "ByteDance Seedance 1.5 Pro image-to-video with optional last frame and audio.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    last_image: imageUrl().optional(),
    duration: z.number().int().min(4).max(12).default(5),
    resolution: choice(["480p", "720p"], "720p"),
    aspect_ratio: choice(["21:9", "16:9", "9:16", "1:1", "4:3", "3:4"], "16:9"),
    camera_fixed: flag(false),
    generate_audio: flag(false),
    seed: seed(),
  }),
  fields: [
    videoPrompt(),
    imageField(),
    field.imageInput(
      "last_image",
      "Last frame",
      "Optional image the video should end on.",
      "additional",
    ),
    field.duration("slider"),
    field.select("resolution", "Resolution", "480p costs less than half of 720p."),
    field.aspectRatio(),
    field.toggle("camera_fixed", "Fixed camera"),
    field.toggle("generate_audio", "Generate audio"),
    field.seed(),
  ],
  price: {
    line: "$0.024 per second at 480p, $0.052 per second at 720p",
    example: "720p, 5 s = $0.26",
  },
  cost: (i) => usd((i.resolution === "480p" ? 0.024 : 0.052) * i.duration),
  outputSpec: (i) =>
    media("mp4", dimsFromShortSide(i.aspect_ratio, shortSideOf(i.resolution)), i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image },
});

const soraDuration = () => z.literal([4, 8, 12]);

export const sora2I2v = defineModel({
  slug: "sora-2-i2v",
  owner: "openai",
  name: "SORA 2 I2V",
  kind: "video",
  description: "OpenAI's Sora 2 video and audio generation from an image.",
  input: z.object({ prompt: prompt(), image: imageUrl(), duration: soraDuration() }),
  fields: [videoPrompt(), imageField(), field.duration("select", "main")],
  price: {
    line: "$0.10 per second ($0.40 / $0.80 / $1.20 for 4 / 8 / 12 s)",
    example: "4 s = $0.40",
  },
  cost: (i) => usd(0.1 * i.duration),
  outputSpec: (i) => mp4Seconds(i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image, duration: 4 },
});

export const sora2ProI2v = defineModel({
  slug: "sora-2-pro-i2v",
  owner: "openai",
  name: "SORA 2 Pro I2V",
  kind: "video",
  description: "OpenAI's Sora 2 Pro: higher fidelity video and audio from an image, up to 1080p.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    size: choice(["720p", "1080p"], "720p"),
    duration: soraDuration(),
  }),
  fields: [
    videoPrompt(),
    imageField(),
    field.duration("select", "main"),
    field.select("size", "Resolution", "1080p costs more."),
  ],
  price: {
    line: "$0.30 per second at 720p, $0.50 per second at 1080p",
    example: "720p: 4 s = $1.20, 8 s = $2.40; 1080p: 4 s = $2.00",
  },
  cost: (i) => usd((i.size === "1080p" ? 0.5 : 0.3) * i.duration),
  outputSpec: (i) => mp4Seconds(i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image, duration: 4 },
});

export const infiniteTalk = defineModel({
  slug: "infinitetalk",
  owner: "meigen-ai",
  name: "InfiniteTalk",
  kind: "video",
  description: "Audio-driven talking or singing video from a single image and an audio track.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    audio: url(),
    size: z.enum(["480p", "720p"]),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("Describe the speaker and the scene."),
    field.imageInput("image", "Image", "Public URL of the face to animate, or a file."),
    field.url("audio", "Audio", "Public URL of the speech or song to lip-sync."),
    field.select("size", "Resolution", "720p costs twice as much.", "main"),
    field.safetyChecker(),
  ],
  price: { line: "$0.25 per video at 480p, $0.50 at 720p", example: "480p = $0.25" },
  cost: (i) => usd(i.size === "720p" ? 0.5 : 0.25),
  // The video lasts as long as the audio, which the catalogue cannot see.
  outputSpec: () => mp4Seconds(),
  example: {
    prompt: "A woman speaking warmly to the camera in a bright studio",
    image: SAMPLE.image,
    audio: SAMPLE.audio,
    size: "480p",
  },
});

export const pVideo = defineModel({
  slug: "p-video",
  owner: "prunaai",
  name: "Pruna Video",
  kind: "video",
  description: "Fast, low-cost text- and image-to-video with an even cheaper draft mode.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl().optional(),
    audio: url().optional(),
    duration: z.number().int().min(1).max(10).default(5),
    resolution: choice(["720p", "1080p"], "720p"),
    fps: z.literal([24, 48]).default(24),
    aspect_ratio: choice(["16:9", "9:16", "1:1", "4:3", "3:4", "3:2", "2:3"], "16:9"),
    seed: optionalSeed(),
    draft: flag(false),
    save_audio: flag(true),
    prompt_upsampling: flag(true),
  }),
  fields: [
    videoPrompt(),
    field.imageInput("image", "Image", "Optional first frame.", "additional"),
    optionalAudio("Optional audio to sync the video to."),
    field.duration("slider"),
    field.select("resolution", "Resolution", "1080p costs twice as much."),
    field.select("fps", "Frames per second"),
    field.aspectRatio(),
    field.seed(),
    field.toggle("draft", "Draft", "A quick preview at a quarter of the price."),
    field.toggle("save_audio", "Save audio"),
    field.toggle(
      "prompt_upsampling",
      "Prompt upsampling",
      "Let the model elaborate a short prompt.",
    ),
  ],
  price: {
    line: "$0.02 per second at 720p, $0.04 per second at 1080p; drafts cost a quarter",
    example: "720p, 5 s = $0.10; as a draft = $0.025",
  },
  cost: (i) => usd((i.resolution === "1080p" ? 0.04 : 0.02) * i.duration * (i.draft ? 0.25 : 1)),
  outputSpec: (i) =>
    media("mp4", dimsFromShortSide(i.aspect_ratio, shortSideOf(i.resolution)), i.duration),
  example: { prompt: T2V_PROMPT },
});

const viduResolution = () => choice(["540p", "720p", "1080p"], "720p");
const viduDuration = () => z.number().int().min(1).max(16).default(5);
const movement = () => choice(["auto", "small", "medium", "large"], "auto");
const viduFields = [
  field.select("resolution", "Resolution"),
  field.duration("slider"),
  field.select("movement_amplitude", "Movement", "How much things move."),
  field.toggle("generate_audio", "Generate audio"),
  field.toggle("bgm", "Background music"),
  field.seed(),
];
const viduPrice = { line: "$0.15 per second of video", example: "5 s = $0.75" };

export const viduQ3I2v = defineModel({
  slug: "vidu-q3-i2v",
  owner: "vidu",
  name: "Vidu Q3 I2V",
  kind: "video",
  description: "Vidu Q3 image-to-video up to 16 s with generated sound and music.",
  input: z.object({
    image: imageUrl(),
    prompt: prompt(),
    resolution: viduResolution(),
    duration: viduDuration(),
    movement_amplitude: movement(),
    generate_audio: flag(true),
    bgm: flag(true),
    seed: seed(),
  }),
  fields: [videoPrompt(), imageField(), ...viduFields],
  price: viduPrice,
  cost: (i) => usd(0.15 * i.duration),
  outputSpec: (i) => mp4Seconds(i.duration),
  example: { prompt: I2V_PROMPT, image: SAMPLE.image },
});

export const viduQ3T2v = defineModel({
  slug: "vidu-q3-t2v",
  owner: "vidu",
  name: "Vidu Q3 T2V",
  kind: "video",
  description: "Vidu Q3 text-to-video up to 16 s, realistic or anime, with sound and music.",
  input: z.object({
    prompt: prompt(),
    style: choice(["general", "anime"], "general"),
    resolution: viduResolution(),
    duration: viduDuration(),
    aspect_ratio: choice(["16:9", "9:16", "4:3", "3:4", "1:1"], "4:3"),
    movement_amplitude: movement(),
    generate_audio: flag(true),
    bgm: flag(true),
    seed: seed(),
  }),
  fields: [videoPrompt(), field.select("style", "Style"), field.aspectRatio(), ...viduFields],
  price: viduPrice,
  cost: (i) => usd(0.15 * i.duration),
  outputSpec: (i) =>
    media("mp4", dimsFromShortSide(i.aspect_ratio, shortSideOf(i.resolution)), i.duration),
  example: { prompt: T2V_PROMPT },
});

export const videoModels: readonly HostedModel[] = [
  wan21I2v,
  wan22I2v,
  wan22I2vLora,
  wan25,
  wan26I2v,
  wan26T2v,
  klingV21I2vPro,
  klingV26MotionControl,
  klingO1R2v,
  seedance15ProI2v,
  sora2I2v,
  sora2ProI2v,
  infiniteTalk,
  pVideo,
  viduQ3I2v,
  viduQ3T2v,
];
