import type { z } from "zod";

export type ModelKind = "image" | "video" | "audio" | "text";

/** Key of `output` that carries the result: a media URL, or the text `choices` of a language model. */
export type OutputKey = "image_url" | "video_url" | "audio_url" | "text";

export type MediaFormat =
  "png" | "jpeg" | "webp" | "mp4" | "gif" | "wav" | "mp3" | "flac" | "ogg" | "text";

/**
 * What a run will produce, derived from the input alone. `width`/`height` are absent when the
 * size follows an input file the catalogue cannot see (an edit of the user's image, a video that
 * copies a reference clip); `seconds` is absent when the length does.
 */
export interface OutputSpec {
  format: MediaFormat;
  width?: number;
  height?: number;
  seconds?: number;
}

/**
 * Measured quantities that some prices depend on and that only exist after a run: token counts
 * of text models (`output.usage` on the wire) and the length of media whose duration follows an
 * input file or the spoken text.
 */
export interface Usage {
  input?: number;
  output?: number;
  seconds?: number;
}

export type ControlKind =
  | "textarea"
  | "number"
  | "slider"
  | "select"
  | "toggle"
  | "text"
  | "url-list"
  /** One input image: a public URL, or a file the playground sends inline as a data URL. */
  | "image"
  /** A list of input images, each a URL or an uploaded file. */
  | "image-list"
  | "messages"
  | "loras";

export type FieldGroup = "main" | "additional";

export interface FieldOption {
  value: string | number;
  label: string;
}

/** What a model file writes per input field; bounds and options are read from the schema. */
export interface FieldSpec {
  /** Input key; nested keys are dotted (`sampling_params.max_tokens`). */
  key: string;
  label: string;
  control: ControlKind;
  group: FieldGroup;
  help?: string;
  /** Slider/number step when the schema has no `multipleOf` (e.g. 0.1 for guidance). */
  step?: number;
  /** Only to relabel options; values always come from the schema's enum. */
  optionLabels?: Record<string, string>;
}

/** UI metadata of one input field, complete: the playground form renders from this alone. */
export interface InputField {
  key: string;
  label: string;
  control: ControlKind;
  group: FieldGroup;
  help?: string;
  required: boolean;
  min?: number;
  max?: number;
  step?: number;
  options?: readonly FieldOption[];
  /** Item count bounds of list inputs (`images`, `loras`, `messages`). */
  minItems?: number;
  maxItems?: number;
}

export interface ModelPrice {
  /** e.g. "$0.02 per megapixel" */
  line: string;
  /** e.g. "1024×1024 ≈ $0.021" */
  example: string;
}

export type ModelInput = Record<string, unknown>;

/**
 * One hosted model ("public endpoint"), called by `slug` through the job API.
 * `cost` and `outputSpec` are declared as methods so a model typed by its own schema is
 * assignable to the catalogue's `HostedModel` (method parameters are bivariant).
 */
export interface HostedModel<S extends z.ZodObject = z.ZodObject> {
  slug: string;
  owner: string;
  name: string;
  kind: ModelKind;
  /** One line for the gallery card. */
  description: string;
  input: S;
  /** Ordered as the playground shows them. */
  fields: readonly InputField[];
  price: ModelPrice;
  /** USD charged for a run, rounded to 8 decimals like the service's `output.cost`. */
  cost(input: z.output<S>, usage?: Usage): number;
  output: OutputKey;
  /** `model` for `/v2/<slug>/openai/v1` when the model is OpenAI-compatible. */
  openaiModel?: string;
  outputSpec(input: z.output<S>): OutputSpec;
  /** Raw input that, with the defaults, makes a good first run (prompt, required media). */
  example: z.input<S>;
}
