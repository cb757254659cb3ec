import { z } from "zod";
import type { FieldSpec } from "./types";

// Shared input building blocks. Each default and bound is the one §5.3 of the platform notes
// documents for the models that use the block; model files pass the per-model values.

export const prompt = () => z.string().min(1);
export const optionalText = () => z.string().optional();
export const url = () => z.url({ protocol: /^https?$/ });
export const urlList = (min = 1, max?: number) => {
  const list = z.array(url()).min(min);
  return max === undefined ? list : list.max(max);
};

/** Image types an input image may be sent as, inline (`data:` URL). */
export const IMAGE_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** Largest image file sent inline: its data URL then fits a `/run` body (10 MB) with room left. */
export const MAX_IMAGE_UPLOAD_BYTES = 4 * 1024 * 1024;
const DATA_URL = /^data:([^;,]*)(;base64)?,(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a base64 text decodes to. */
const base64Bytes = (b64: string) =>
  Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What is wrong with an image `data:` URL (type, encoding, size), or undefined when it is fine. */
export function imageDataUrlProblem(value: string): string | undefined {
  const m = DATA_URL.exec(value);
  if (!m) return "must be an http(s) URL or an image file";
  const [, type = "", base64, body = ""] = m;
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(type.toLowerCase()))
    return `must be a PNG, JPEG or WebP image (got ${type || "no type"})`;
  if (!base64 || !BASE64.test(body)) return "must be a base64-encoded data URL";
  const bytes = base64Bytes(body);
  if (bytes > MAX_IMAGE_UPLOAD_BYTES)
    return `is ${mb(bytes)}; an uploaded image can be at most ${mb(MAX_IMAGE_UPLOAD_BYTES)}`;
  return undefined;
}

const httpUrl = url();

/**
 * An input image: a public http(s) URL, or the file itself as a `data:image/…;base64,` URL (PNG,
 * JPEG or WebP, at most 4 MB) — what the playground sends for an uploaded file. A problem is
 * raised as a `custom` issue whose `params.problem` the input error map puts after the field name.
 */
export const imageUrl = () =>
  z.string().superRefine((value, ctx) => {
    const problem = value.startsWith("data:")
      ? imageDataUrlProblem(value)
      : httpUrl.safeParse(value).success
        ? undefined
        : "must be an http(s) URL or an image file";
    if (problem) ctx.addIssue({ code: "custom", params: { problem }, input: value });
  });
export const imageUrlList = (min = 1, max?: number) => {
  const list = z.array(imageUrl()).min(min);
  return max === undefined ? list : list.max(max);
};
const lora = z.object({ path: z.string().min(1), scale: z.number() });
export const loras = () => z.array(lora).optional();
/** -1 asks the service for a random seed. */
export const seed = () => z.number().int().default(-1);
export const optionalSeed = () => z.number().int().optional();
export const flag = (value: boolean) => z.boolean().default(value);
export const safetyChecker = () => flag(true);

export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  value: T[number],
) => z.enum(values).default(value);

export const dimension = (name: "width" | "height") =>
  z
    .number()
    .int()
    .min(256)
    .max(1536)
    .multipleOf(64, `${name} must be divisible by 64`)
    .default(1024);

export const steps = (value: number, max: number) =>
  z.number().int().min(1).max(max).default(value);
export const guidance = (value: number) => z.number().min(0).max(10).default(value);

/** Free-form `"W*H"` where the docs list no fixed set of sizes. */
export const pixelSize = (value: string) =>
  z
    .string()
    .regex(/^\d+\*\d+$/, "size must be width*height in pixels, like 1024*1024")
    .default(value);

export const IMAGE_FORMATS = ["png", "jpeg", "webp"] as const;

// Field specs for the inputs most models share, so labels and help read the same everywhere.
type Group = FieldSpec["group"];

export const field = {
  prompt: (help = "What to generate."): FieldSpec => ({
    key: "prompt",
    label: "Prompt",
    control: "textarea",
    group: "main",
    help,
  }),
  negativePrompt: (): FieldSpec => ({
    key: "negative_prompt",
    label: "Negative prompt",
    control: "text",
    group: "main",
    help: "What to keep out of the result.",
  }),
  /** A single media URL: required media sit with the prompt, optional ones under the fold. */
  url: (key: string, label: string, help: string, group: Group = "main"): FieldSpec => ({
    key,
    label,
    control: "text",
    group,
    help,
  }),
  /** An input image: a public URL, or a file uploaded in the playground. */
  imageInput: (key: string, label: string, help: string, group: Group = "main"): FieldSpec => ({
    key,
    label,
    control: "image",
    group,
    help,
  }),
  image: (): FieldSpec =>
    field.imageInput("image", "Image", "Public URL of the input image, or upload a file."),
  images: (help = "Public URLs of the input images, or uploaded files."): FieldSpec => ({
    key: "images",
    label: "Images",
    control: "image-list",
    group: "main",
    help,
  }),
  loras: (key = "loras", label = "LoRAs"): FieldSpec => ({
    key,
    label,
    control: "loras",
    group: "additional",
    help: "LoRA weights to apply: a path or URL and a scale each.",
  }),
  seed: (key = "seed"): FieldSpec => ({
    key,
    label: "Seed",
    control: "number",
    group: "additional",
    help: "Same seed and inputs give the same result; -1 picks one at random.",
  }),
  steps: (): FieldSpec => ({
    key: "num_inference_steps",
    label: "Steps",
    control: "slider",
    group: "additional",
    help: "More steps add detail and take longer.",
  }),
  guidance: (key = "guidance"): FieldSpec => ({
    key,
    label: "Guidance",
    control: "slider",
    group: "additional",
    step: 0.1,
    help: "How closely to follow the prompt.",
  }),
  size: (help = "Output size, width*height in pixels."): FieldSpec => ({
    key: "size",
    label: "Size",
    control: "select",
    group: "additional",
    help,
  }),
  freeSize: (): FieldSpec => ({
    key: "size",
    label: "Size",
    control: "text",
    group: "additional",
    help: "Output size, width*height in pixels, like 1024*1024.",
  }),
  select: (key: string, label: string, help?: string, group: Group = "additional"): FieldSpec => ({
    key,
    label,
    control: "select",
    group,
    help,
  }),
  text: (key: string, label: string, help?: string): FieldSpec => ({
    key,
    label,
    control: "text",
    group: "additional",
    help,
  }),
  toggle: (key: string, label: string, help?: string): FieldSpec => ({
    key,
    label,
    control: "toggle",
    group: "additional",
    help,
  }),
  slider: (key: string, label: string, help?: string, step?: number): FieldSpec => ({
    key,
    label,
    control: "slider",
    group: "additional",
    help,
    step,
  }),
  number: (key: string, label: string, help?: string, step?: number): FieldSpec => ({
    key,
    label,
    control: "number",
    group: "additional",
    help,
    step,
  }),
  safetyChecker: (): FieldSpec => ({
    key: "enable_safety_checker",
    label: "Safety checker",
    control: "toggle",
    group: "additional",
    help: "Refuse unsafe content.",
  }),
  outputFormat: (key = "output_format"): FieldSpec => ({
    key,
    label: "Output format",
    control: "select",
    group: "additional",
  }),
  aspectRatio: (): FieldSpec => ({
    key: "aspect_ratio",
    label: "Aspect ratio",
    control: "select",
    group: "additional",
  }),
  duration: (control: "select" | "slider" = "select", group: Group = "additional"): FieldSpec => ({
    key: "duration",
    label: "Duration (s)",
    control,
    group,
    help: "Length of the video in seconds; the price follows it.",
  }),
};

/** Placeholder media for examples and generated code; users replace them with their own files. */
export const SAMPLE = {
  image: "https://example.com/samples/portrait.jpg",
  image2: "https://example.com/samples/jacket.jpg",
  video: "https://example.com/samples/dance.mp4",
  audio: "https://example.com/samples/speech.wav",
} as const;
