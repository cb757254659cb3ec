import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveFields } from "./define-model";

const schema = z.object({
  prompt: z.string().min(1),
  width: z.number().int().min(256).max(1536).multipleOf(64).default(1024),
  guidance: z.number().min(0).max(10).default(7.5),
  seed: z.number().int().default(-1),
  format: z.enum(["png", "jpeg"]).default("png"),
  images: z.array(z.string()).min(1).max(4),
  params: z.object({ top_k: z.number().int().min(-1).optional() }).prefault({}),
});

describe("resolveFields", () => {
  it("reads required, bounds, steps, options and item counts from the schema", () => {
    const fields = resolveFields(schema, [
      { key: "prompt", label: "Prompt", control: "textarea", group: "main" },
      { key: "width", label: "Width", control: "slider", group: "additional" },
      { key: "guidance", label: "Guidance", control: "slider", group: "additional", step: 0.1 },
      { key: "seed", label: "Seed", control: "number", group: "additional" },
      {
        key: "format",
        label: "Format",
        control: "select",
        group: "additional",
        optionLabels: { png: "PNG" },
      },
      { key: "images", label: "Images", control: "url-list", group: "main" },
      { key: "params.top_k", label: "Top k", control: "number", group: "additional" },
    ]);
    expect(fields).toEqual([
      { key: "prompt", label: "Prompt", control: "textarea", group: "main", required: true },
      {
        key: "width",
        label: "Width",
        control: "slider",
        group: "additional",
        required: false,
        min: 256,
        max: 1536,
        step: 64,
      },
      {
        key: "guidance",
        label: "Guidance",
        control: "slider",
        group: "additional",
        required: false,
        min: 0,
        max: 10,
        step: 0.1,
      },
      // An unbounded integer has a step but no zod-internal ±MAX_SAFE_INTEGER bounds.
      {
        key: "seed",
        label: "Seed",
        control: "number",
        group: "additional",
        required: false,
        step: 1,
      },
      {
        key: "format",
        label: "Format",
        control: "select",
        group: "additional",
        required: false,
        options: [
          { value: "png", label: "PNG" },
          { value: "jpeg", label: "jpeg" },
        ],
      },
      {
        key: "images",
        label: "Images",
        control: "url-list",
        group: "main",
        required: true,
        minItems: 1,
        maxItems: 4,
      },
      {
        key: "params.top_k",
        label: "Top k",
        control: "number",
        group: "additional",
        required: false,
        min: -1,
        step: 1,
      },
    ]);
  });

  it("refuses a field that is not an input of the schema", () => {
    expect(() =>
      resolveFields(schema, [
        { key: "height", label: "Height", control: "slider", group: "additional" },
      ]),
    ).toThrow('field "height" is not an input of the schema');
  });
});
