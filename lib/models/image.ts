import { z } from "zod";
import { defineModel } from "./define-model";
import {
  IMAGE_FORMATS,
  SAMPLE,
  choice,
  dimension,
  field,
  flag,
  guidance,
  loras,
  optionalSeed,
  optionalText,
  pixelSize,
  prompt,
  safetyChecker,
  seed,
  steps,
  imageUrl,
  imageUrlList,
} from "./inputs";
import { dimsFromArea, dimsFromLongSide, longSideOf, media, parsePixelSize } from "./media";
import { megapixels, usd } from "./pricing";
import type { HostedModel, ModelPrice } from "./types";

/** A flat price per image: the price line and the charge come from one amount. */
const perImage = (amount: number): { price: ModelPrice; cost: () => number } => ({
  price: { line: `$${amount} per image`, example: `10 images = $${usd(amount * 10)}` },
  cost: () => usd(amount),
});

const EXAMPLE_PROMPT =
  "A masked DJ in a retro space-suit spins translucent vinyl on a rooftop at night, LED wall behind, cinematic lighting";
const EDIT_PROMPT = "Turn the photo into a watercolour painting, keep the face and pose";

const fluxInput = (defaultSteps: number, maxSteps: number) =>
  z.object({
    prompt: prompt(),
    negative_prompt: optionalText(),
    width: dimension("width"),
    height: dimension("height"),
    num_inference_steps: steps(defaultSteps, maxSteps),
    guidance: guidance(7.5),
    seed: seed(),
    image_format: choice(["png", "jpeg"], "jpeg"),
  });

const fluxFields = [
  field.prompt(),
  field.negativePrompt(),
  field.slider("width", "Width", "Pixels; a multiple of 64."),
  field.slider("height", "Height", "Pixels; a multiple of 64."),
  field.steps(),
  field.guidance(),
  field.seed(),
  field.outputFormat("image_format"),
];

export const fluxDev = defineModel({
  slug: "black-forest-labs-flux-1-dev",
  owner: "black-forest-labs",
  name: "FLUX.1 [dev]",
  kind: "image",
  description: "Offers exceptional prompt adherence, high visual fidelity, and rich image detail.",
  input: fluxInput(28, 50),
  fields: fluxFields,
  price: { line: "$0.02 per megapixel", example: "1024×1024 ≈ $0.021" },
  cost: (i) => usd(megapixels(i.width, i.height) * 0.02),
  outputSpec: (i) => media(i.image_format, { width: i.width, height: i.height }),
  example: { prompt: EXAMPLE_PROMPT },
});

export const fluxSchnell = defineModel({
  slug: "black-forest-labs-flux-1-schnell",
  owner: "black-forest-labs",
  name: "FLUX.1 [schnell]",
  kind: "image",
  description: "The fastest FLUX.1: good images in as few as four steps.",
  input: fluxInput(4, 8),
  fields: fluxFields,
  price: { line: "$0.0024 per megapixel", example: "1024×1024 ≈ $0.0025" },
  cost: (i) => usd(megapixels(i.width, i.height) * 0.0024),
  outputSpec: (i) => media(i.image_format, { width: i.width, height: i.height }),
  example: { prompt: EXAMPLE_PROMPT },
});

export const fluxKontextDev = defineModel({
  slug: "black-forest-labs-flux-1-kontext-dev",
  owner: "black-forest-labs",
  name: "FLUX.1 Kontext [dev]",
  kind: "image",
  description:
    "Edits an image from a text instruction while keeping what you did not ask to change.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    negative_prompt: optionalText(),
    size: pixelSize("1024*1024"),
    num_inference_steps: steps(28, 50),
    guidance: guidance(2),
    seed: seed(),
    output_format: choice(IMAGE_FORMATS, "png"),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.image(),
    field.negativePrompt(),
    field.freeSize(),
    field.steps(),
    field.guidance(),
    field.seed(),
    field.outputFormat(),
    field.safetyChecker(),
  ],
  ...perImage(0.025),
  outputSpec: (i) => media(i.output_format, parsePixelSize(i.size)),
  example: { prompt: EDIT_PROMPT, image: SAMPLE.image },
});

const P_IMAGE_ASPECTS = ["1:1", "16:9", "9:16", "4:3", "3:4", "3:2", "2:3"] as const;

export const pImageT2i = defineModel({
  slug: "p-image-t2i",
  owner: "prunaai",
  name: "P-Image T2I",
  kind: "image",
  description: "Fast, low-cost text-to-image generation optimised by Pruna.",
  input: z.object({
    prompt: prompt(),
    aspect_ratio: choice(P_IMAGE_ASPECTS, "16:9"),
    seed: optionalSeed(),
    disable_safety_checker: flag(false),
  }),
  fields: [
    field.prompt(),
    field.aspectRatio(),
    field.seed(),
    field.toggle("disable_safety_checker", "Disable safety checker"),
  ],
  ...perImage(0.005),
  outputSpec: (i) => media("png", dimsFromArea(i.aspect_ratio)),
  example: { prompt: EXAMPLE_PROMPT },
});

export const pImageEdit = defineModel({
  slug: "p-image-edit",
  owner: "prunaai",
  name: "P-Image Edit",
  kind: "image",
  description: "Edits and combines up to five images from a text instruction.",
  input: z.object({
    prompt: prompt(),
    images: imageUrlList(1, 5),
    aspect_ratio: choice(["match_input_image", ...P_IMAGE_ASPECTS], "match_input_image"),
    seed: seed(),
    disable_safety_checker: flag(false),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.images("One to five public image URLs."),
    field.aspectRatio(),
    field.seed(),
    field.toggle("disable_safety_checker", "Disable safety checker"),
  ],
  ...perImage(0.01),
  outputSpec: (i) =>
    i.aspect_ratio === "match_input_image"
      ? media("png")
      : media("png", dimsFromArea(i.aspect_ratio)),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image] },
});

/** Text-to-image with a free `width*height` size (Qwen Image, Seedream 4.0). */
const freeSizeT2iInput = z.object({
  prompt: prompt(),
  negative_prompt: optionalText(),
  size: pixelSize("1024*1024"),
  seed: seed(),
  enable_safety_checker: safetyChecker(),
});

const freeSizeT2iFields = [
  field.prompt(),
  field.negativePrompt(),
  field.freeSize(),
  field.seed(),
  field.safetyChecker(),
];

export const qwenImage = defineModel({
  slug: "qwen-image-t2i",
  owner: "qwen",
  name: "Qwen Image",
  kind: "image",
  description: "Text-to-image with strong text rendering in English and Chinese.",
  input: freeSizeT2iInput,
  fields: freeSizeT2iFields,
  ...perImage(0.02),
  outputSpec: (i) => media("png", parsePixelSize(i.size)),
  example: { prompt: EXAMPLE_PROMPT },
});

export const qwenImageLora = defineModel({
  slug: "qwen-image-t2i-lora",
  owner: "qwen",
  name: "Qwen Image LoRA",
  kind: "image",
  description: "Qwen Image with your own LoRA weights for styles and characters.",
  input: z.object({
    prompt: prompt(),
    loras: loras(),
    size: pixelSize("1024*1024"),
    seed: seed(),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [field.prompt(), field.loras(), field.freeSize(), field.seed(), field.safetyChecker()],
  ...perImage(0.025),
  outputSpec: (i) => media("png", parsePixelSize(i.size)),
  example: { prompt: EXAMPLE_PROMPT },
});

export const qwenImageEdit = defineModel({
  slug: "qwen-image-edit",
  owner: "qwen",
  name: "Qwen Image Edit",
  kind: "image",
  description: "Edits an image from a text instruction, including the text inside it.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl(),
    negative_prompt: optionalText(),
    seed: seed(),
    output_format: choice(IMAGE_FORMATS, "jpeg"),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.image(),
    field.negativePrompt(),
    field.seed(),
    field.outputFormat(),
    field.safetyChecker(),
  ],
  ...perImage(0.02),
  // The edit keeps the input image's size, which the catalogue cannot see.
  outputSpec: (i) => media(i.output_format),
  example: { prompt: EDIT_PROMPT, image: SAMPLE.image },
});

const EDIT_2511_SIZES = [
  "1024*1024",
  "1024*1280",
  "1280*1024",
  "1280*1280",
  "1280*1536",
  "1536*1080",
] as const;

const qwenEdit2511Input = z.object({
  prompt: prompt(),
  images: imageUrlList(1, 3),
  size: choice(EDIT_2511_SIZES, "1024*1024"),
  seed: seed(),
  output_format: choice(IMAGE_FORMATS, "jpeg"),
});

const qwenEdit2511Fields = [
  field.prompt("The edit to make."),
  field.images("One to three public image URLs."),
  field.size(),
  field.seed(),
  field.outputFormat(),
];

export const qwenImageEdit2511 = defineModel({
  slug: "qwen-image-edit-2511",
  owner: "qwen",
  name: "Qwen Image Edit 2511",
  kind: "image",
  description: "Multi-image editing that keeps people and products consistent across edits.",
  input: qwenEdit2511Input,
  fields: qwenEdit2511Fields,
  ...perImage(0.02),
  outputSpec: (i) => media(i.output_format, parsePixelSize(i.size)),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image] },
});

export const qwenImageEdit2511Lora = defineModel({
  slug: "qwen-image-edit-2511-lora",
  owner: "qwen",
  name: "Qwen Image Edit 2511 LoRA",
  kind: "image",
  description: "Qwen Image Edit 2511 with your own LoRA weights.",
  input: qwenEdit2511Input.extend({ loras: loras() }),
  fields: [...qwenEdit2511Fields, field.loras()],
  ...perImage(0.025),
  outputSpec: (i) => media(i.output_format, parsePixelSize(i.size)),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image] },
});

export const seedreamT2i = defineModel({
  slug: "seedream-v4-t2i",
  owner: "bytedance",
  name: "Seedream 4.0 T2I",
  kind: "image",
  description: "Image generation and editing in one unified architecture, from ByteDance.",
  input: freeSizeT2iInput,
  fields: freeSizeT2iFields,
  ...perImage(0.027),
  outputSpec: (i) => media("png", parsePixelSize(i.size)),
  example: { prompt: EXAMPLE_PROMPT },
});

export const seedreamEdit = defineModel({
  slug: "seedream-v4-edit",
  owner: "bytedance",
  name: "Seedream 4.0 Edit",
  kind: "image",
  description: "Edits and blends reference images from a text instruction.",
  input: z.object({
    prompt: prompt(),
    images: imageUrlList(1),
    size: pixelSize("1024*1024"),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.images(),
    field.freeSize(),
    field.safetyChecker(),
  ],
  ...perImage(0.027),
  outputSpec: (i) => media("png", parsePixelSize(i.size)),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image] },
});

export const wan26T2i = defineModel({
  slug: "wan-2-6-t2i",
  owner: "alibaba",
  name: "WAN 2.6 T2I",
  kind: "image",
  description: "Alibaba's WAN 2.6 text-to-image model.",
  input: z.object({
    prompt: prompt(),
    size: choice(["1024*1024", "1024*768", "1440*1024"], "1024*1024"),
    seed: seed(),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [field.prompt(), field.size(), field.seed(), field.safetyChecker()],
  ...perImage(0.03),
  outputSpec: (i) => media("png", parsePixelSize(i.size)),
  example: { prompt: EXAMPLE_PROMPT },
});

export const zImageTurbo = defineModel({
  slug: "z-image-turbo",
  owner: "alibaba",
  name: "Z-Image Turbo",
  kind: "image",
  description: "Fast text-to-image and image-to-image with a small, distilled model.",
  input: z.object({
    prompt: prompt(),
    image: imageUrl().optional(),
    size: choice(
      [
        "512*512",
        "768*768",
        "1024*1024",
        "1280*1280",
        "1024*768",
        "768*1024",
        "1280*720",
        "720*1280",
      ],
      "1024*1024",
    ),
    strength: z.number().min(0).max(1).default(0.8),
    seed: seed(),
    output_format: choice(IMAGE_FORMATS, "png"),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt(),
    field.imageInput(
      "image",
      "Start image",
      "Optional start image (image-to-image).",
      "additional",
    ),
    field.size(),
    field.slider("strength", "Strength", "How far to move away from the start image.", 0.05),
    field.seed(),
    field.outputFormat(),
    field.safetyChecker(),
  ],
  ...perImage(0.005),
  outputSpec: (i) => media(i.output_format, parsePixelSize(i.size)),
  example: { prompt: EXAMPLE_PROMPT },
});

export const nanoBananaEdit = defineModel({
  slug: "nano-banana-edit",
  owner: "google",
  name: "Nano Banana Edit",
  kind: "image",
  description: "Google's state-of-the-art image editing model.",
  input: z.object({
    prompt: prompt(),
    images: imageUrlList(1, 4),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.images("Up to four public image URLs."),
    field.safetyChecker(),
  ],
  ...perImage(0.038),
  outputSpec: () => media("png"),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image] },
});

const NANO_ASPECTS = ["1:1", "3:2", "2:3", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9"] as const;
const RESOLUTIONS = ["1k", "2k", "4k"] as const;

export const nanoBananaProEdit = defineModel({
  slug: "nano-banana-pro-edit",
  owner: "google",
  name: "Nano Banana Pro Edit",
  kind: "image",
  description: "Google's Gemini 3 Pro image editing, up to 4K and fourteen reference images.",
  input: z.object({
    prompt: prompt(),
    images: imageUrlList(1, 14),
    resolution: choice(RESOLUTIONS, "2k"),
    aspect_ratio: choice(NANO_ASPECTS, "1:1"),
    output_format: choice(IMAGE_FORMATS, "png"),
    enable_safety_checker: safetyChecker(),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.images("Up to fourteen public image URLs."),
    field.select("resolution", "Resolution", "4k costs more."),
    field.aspectRatio(),
    field.outputFormat(),
    field.safetyChecker(),
  ],
  price: { line: "$0.14 per image at 1k or 2k, $0.24 at 4k", example: "2k = $0.14, 4k = $0.24" },
  cost: (i) => usd(i.resolution === "4k" ? 0.24 : 0.14),
  outputSpec: (i) =>
    media(i.output_format, dimsFromLongSide(i.aspect_ratio, longSideOf(i.resolution))),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image] },
});

const NANO_2_PRICE = { "1k": 0.0875, "2k": 0.13, "4k": 0.175 } as const;

export const nanoBanana2Edit = defineModel({
  slug: "google-nano-banana-2-edit",
  owner: "google",
  name: "Nano Banana 2 Edit",
  kind: "image",
  description: "Google's fast Nano Banana 2 image editing with up to fourteen references.",
  input: z.object({
    images: imageUrlList(1, 14),
    prompt: prompt(),
    resolution: choice(RESOLUTIONS, "1k"),
    aspect_ratio: z.enum(NANO_ASPECTS).optional(),
    output_format: choice(IMAGE_FORMATS, "png"),
    enable_base64_output: flag(false),
  }),
  fields: [
    field.prompt("The edit to make."),
    field.images("Up to fourteen public image URLs; one to three work best."),
    field.select("resolution", "Resolution", "Higher resolutions cost more."),
    { ...field.aspectRatio(), help: "Leave empty to follow the input image." },
    field.outputFormat(),
    field.toggle(
      "enable_base64_output",
      "Base64 output",
      "Return the image inline instead of a URL.",
    ),
  ],
  price: { line: "$0.0875 per image at 1k, $0.13 at 2k, $0.175 at 4k", example: "1k = $0.0875" },
  cost: (i) => usd(NANO_2_PRICE[i.resolution]),
  outputSpec: (i) =>
    i.aspect_ratio
      ? media(i.output_format, dimsFromLongSide(i.aspect_ratio, longSideOf(i.resolution)))
      : media(i.output_format),
  example: { prompt: EDIT_PROMPT, images: [SAMPLE.image, SAMPLE.image2] },
});

export const imageModels: readonly HostedModel[] = [
  fluxDev,
  fluxSchnell,
  fluxKontextDev,
  pImageT2i,
  pImageEdit,
  qwenImage,
  qwenImageLora,
  qwenImageEdit,
  qwenImageEdit2511,
  qwenImageEdit2511Lora,
  seedreamT2i,
  seedreamEdit,
  wan26T2i,
  zImageTurbo,
  nanoBananaEdit,
  nanoBananaProEdit,
  nanoBanana2Edit,
];
