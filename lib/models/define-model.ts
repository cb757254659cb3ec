import { z } from "zod";
import type { FieldSpec, HostedModel, InputField, ModelKind, OutputKey } from "./types";

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  enum?: (string | number)[];
  minItems?: number;
  maxItems?: number;
};

// zod writes ±MAX_SAFE_INTEGER as the bounds of every `.int()`; those are not limits a user sees.
const bound = (n: number | undefined) =>
  n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n;

/**
 * Completes field specs with what the schema already knows (required, bounds, step, options), so
 * the form and the API cannot disagree. Reading the JSON Schema rendering keeps this on zod's
 * public API. A key that is not in the schema throws at module load: a typo cannot ship.
 */
export function resolveFields(schema: z.ZodObject, specs: readonly FieldSpec[]): InputField[] {
  const root = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
  return specs.map((spec) => {
    let parent = root;
    let node: JsonSchema | undefined = root;
    let name = "";
    for (const part of spec.key.split(".")) {
      parent = node ?? {};
      node = parent.properties?.[part];
      name = part;
    }
    if (!node) throw new Error(`field "${spec.key}" is not an input of the schema`);
    const { optionLabels, step, ...rest } = spec;
    const field: InputField = {
      ...rest,
      required: parent.required?.includes(name) ?? false,
    };
    const min = bound(node.minimum);
    const max = bound(node.maximum);
    const resolvedStep = node.multipleOf ?? step ?? (node.type === "integer" ? 1 : undefined);
    if (min !== undefined) field.min = min;
    if (max !== undefined) field.max = max;
    if (resolvedStep !== undefined && spec.control !== "select") field.step = resolvedStep;
    if (node.enum) {
      field.options = node.enum.map((value) => ({
        value,
        label: optionLabels?.[String(value)] ?? String(value),
      }));
    }
    if (node.minItems !== undefined) field.minItems = node.minItems;
    if (node.maxItems !== undefined) field.maxItems = node.maxItems;
    return field;
  });
}

/** Where each kind of model puts its result in `output`. */
const OUTPUT_KEY: Record<ModelKind, OutputKey> = {
  image: "image_url",
  video: "video_url",
  audio: "audio_url",
  text: "text",
};

/** Typed per model, erased to `HostedModel` in the catalogue; `output` follows from `kind`. */
export function defineModel<S extends z.ZodObject>(
  model: Omit<HostedModel<S>, "fields" | "output"> & { fields: readonly FieldSpec[] },
): HostedModel<S> {
  return {
    ...model,
    output: OUTPUT_KEY[model.kind],
    fields: resolveFields(model.input, model.fields),
  };
}
