import { audioModels } from "./audio";
import { imageModels } from "./image";
import { inputErrorMap } from "./input-errors";
import type { HostedModel, ModelInput } from "./types";
import { textModels } from "./text";
import { videoModels } from "./video";

export type * from "./types";
export { inputErrorMap } from "./input-errors";

/** Every hosted model, in gallery order: image, video, audio, text. */
export const models: readonly HostedModel[] = [
  ...imageModels,
  ...videoModels,
  ...audioModels,
  ...textModels,
];

export const modelSlugs: readonly string[] = models.map((m) => m.slug);

const bySlug = new Map(models.map((m) => [m.slug, m]));

export function findModel(slug: string): HostedModel | undefined {
  return bySlug.get(slug);
}

export type ParseModelInputResult = { ok: true; input: ModelInput } | { ok: false; error: string };

/**
 * Validates a job's `input` for a hosted model and applies its defaults; unknown keys are dropped.
 * Errors read like the service's: "Invalid parameter: width must be divisible by 64" (first
 * problem only, because the service reports one).
 */
export function parseModelInput(slug: string, raw: unknown): ParseModelInputResult {
  const model = findModel(slug);
  if (!model) return { ok: false, error: `Unknown model: ${slug}` };
  const result = model.input.safeParse(raw, { error: inputErrorMap });
  if (result.success) return { ok: true, input: result.data };
  return {
    ok: false,
    error: `Invalid parameter: ${result.error.issues[0]?.message ?? "input is invalid"}`,
  };
}

/** Defaults plus the model's example prompt and media: seeds the playground form and code snippets. */
export function exampleInput(slug: string): ModelInput | undefined {
  const model = findModel(slug);
  if (!model) return undefined;
  const parsed = parseModelInput(slug, model.example);
  // Examples are checked by the catalogue tests, so a failure here is a catalogue bug.
  if (!parsed.ok) throw new Error(`example input of ${slug} is invalid: ${parsed.error}`);
  return parsed.input;
}
